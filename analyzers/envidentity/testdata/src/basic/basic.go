package basic

import (
	"context"
	"os"
	"strings"
	"syscall"
)

const prefix = "AGENT_"

// SessionKey is an identity key built from constants.
const SessionKey = prefix + "SESSION_KEY"

func direct() string {
	return os.Getenv("SESSION_ID") // want `os.Getenv reads identity key SESSION_ID from the process environment outside a root`
}

func folded() (string, bool) {
	return os.LookupEnv(SessionKey) // want `os.LookupEnv reads identity key AGENT_SESSION_KEY`
}

func sys() string {
	v, _ := syscall.Getenv("APP_RUN_ID") // want `syscall.Getenv reads identity key APP_RUN_ID`
	return v
}

func getenv(k string) string { return os.Getenv(k) }

func lookup(name string) string { return getenv(name) } // forwards through another helper

func viaHelper() string {
	return getenv("AGENT_KANBAN_TASK") + lookup("WORKER_CLAIM_LOCK") // want `getenv reads identity key AGENT_KANBAN_TASK` `lookup reads identity key WORKER_CLAIM_LOCK`
}

func scan() string {
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, SessionKey+"=") { // want `os.Environ scan reads identity key AGENT_SESSION_KEY`
			return kv[len(SessionKey)+1:]
		}
	}
	return ""
}

func scanCut() string {
	env := os.Environ()
	for _, kv := range env {
		if k, v, _ := strings.Cut(kv, "="); k == "TENANT_ID" { // want `os.Environ scan reads identity key TENANT_ID`
			return v
		}
	}
	return ""
}

func scanSwitch() string {
	for _, kv := range os.Environ() {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "REQUEST_ID": // want `os.Environ scan reads identity key REQUEST_ID`
			return v
		}
	}
	return ""
}

func expand() string {
	return os.ExpandEnv("run ${APP_RUN_ID} of $HOME") // want `os.ExpandEnv reads identity key APP_RUN_ID`
}

func expandMapping() string {
	return os.Expand("$JOB_ID", os.Getenv) // want `os.Expand reads identity key JOB_ID`
}

type sessionCtxKey struct{}

// The seed-001 fallback: a context value, else the environment.
func sessionKey(ctx context.Context) string {
	if v, ok := ctx.Value(sessionCtxKey{}).(string); ok {
		return v
	}
	return os.Getenv("HERMES_SESSION_KEY") // want `os.Getenv falls back to identity key HERMES_SESSION_KEY of the process environment when the context has none`
}

func writes() {
	os.Setenv("SESSION_ID", "child")        // want `os.Setenv writes identity key SESSION_ID of the process environment outside a root`
	os.Unsetenv(SessionKey)                 // want `os.Unsetenv erases identity key AGENT_SESSION_KEY`
	_ = syscall.Setenv("CHAT_CONVERSATION", "x") // want `syscall.Setenv writes identity key CHAT_CONVERSATION`
	os.Clearenv()                           // want `os.Clearenv erases identity keys \(AGENT_KANBAN_TASK, AGENT_SESSION_KEY, AGENT_SESSION_TOKEN, APP_RUN_ID, .*\) of the whole process outside a root`
}

func setenv(k, v string) error { return os.Setenv(k, v) }

func writeViaHelper() {
	_ = setenv("APP_TENANT", "acme") // want `setenv writes identity key APP_TENANT`
}

// A package-level initialiser outside package main is no root.
var startSession = os.Getenv("SESSION_ID") // want `os.Getenv reads identity key SESSION_ID`

// A closure inside a non-root function.
func closure() func() string {
	return func() string { return os.Getenv("TASK_ID") } // want `os.Getenv reads identity key TASK_ID`
}

// Methods forward too.
type env struct{}

func (env) get(k string) string { return os.Getenv(k) }

func method() string {
	return env{}.get("BATCH_JOB") // want `env.get reads identity key BATCH_JOB`
}

// The fallback through a variable and an accessor.
func session(ctx context.Context) string { s, _ := ctx.Value(sessionCtxKey{}).(string); return s }

func runID(ctx context.Context) string {
	id := session(ctx)
	if id == "" {
		id = os.Getenv("APP_RUN_ID") // want `os.Getenv falls back to identity key APP_RUN_ID of the process environment when the context has none`
	}
	return id
}

// A context read that is not backed up by the environment read: a plain read.
func unrelated(ctx context.Context) string {
	_ = session(ctx)
	return os.Getenv("CLAIM_ID") // want `os.Getenv reads identity key CLAIM_ID from the process environment outside a root`
}

// A presence test of the identity is a read: seed 002's "is this process a
// kanban worker".
func isWorker() bool {
	return os.Getenv("HERMES_KANBAN_TASK") != "" // want `os.Getenv reads identity key HERMES_KANBAN_TASK`
}

// A session's own endpoint and credential are identity too.
func endpoint() (string, string) {
	tok := os.Getenv("AGENT_SESSION_TOKEN") // want `os.Getenv reads identity key AGENT_SESSION_TOKEN from the process environment outside a root`
	return tok, os.Getenv("ENGINE_SESSION_PORT") // want `os.Getenv reads identity key ENGINE_SESSION_PORT`
}

func publish(addr string) {
	os.Setenv("RUNNER_WORKER_ADDR", addr) // want `os.Setenv writes identity key RUNNER_WORKER_ADDR`
}
