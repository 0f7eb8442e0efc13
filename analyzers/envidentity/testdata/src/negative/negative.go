package negative

import (
	"context"
	"os"
	"strconv"
	"strings"

	"github.com/ctxbound/ctxbound/runctx"
)

// Not identity keys: process settings and look-alikes.
func settings() {
	_ = os.Getenv("HOME")
	_ = os.Getenv("PATH")
	_ = os.Getenv("USER")
	_ = os.Getenv("XDG_SESSION_ID")
	_ = os.Getenv("XDG_RUNTIME_DIR")
	_ = os.Getenv("SESSION_TIMEOUT")
	_ = os.Getenv("TASKS_DIR")
	_ = os.Getenv("RUNTIME")
	_ = os.Getenv("GOMAXPROCS")
	// Not an identity key: reported only with the envwrite option.
	os.Setenv("LOG_LEVEL", "debug")
	_ = os.ExpandEnv("$HOME/.cache")
}

// Behaviour-only keys from .ctxbound.json.
func behaviour() {
	_ = os.Getenv("AGENT_KANBAN_BOARD_TASK")
	_ = os.Getenv("LEGACY_LOGIN_SESSION")
}

// The key is not a constant: nothing to say.
func dynamic(k string) string { return os.Getenv(k) }

// A forwarding helper called with a process setting.
func useDynamic() string { return dynamic("HOME") }

// Filtering identity out of an inherited environment is no read.
func strip() []string {
	var env []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "SESSION_ID=") {
			continue
		}
		if !strings.HasPrefix(kv, "TASK_ID=") {
			env = append(env, kv)
		}
	}
	return env
}

// runctx.FromEnv is the allowed way to seed a context from the environment.
func seed(ctx context.Context) context.Context { return runctx.FromEnv(ctx) }

// A root marked with a reason may seed identity.
//
//ctxbound:root -- the CLI entry point seeds the run from its environment
func cliEntry() string {
	os.Setenv("APP_RUN_ID", "1")
	return os.Getenv("SESSION_ID")
}

// A context read alone is fine.
type key struct{}

func fromCtx(ctx context.Context) string { s, _ := ctx.Value(key{}).(string); return s }

// Not a fallback: the context read and the environment read are unrelated,
// and the environment key is a setting.
func unrelated(ctx context.Context) string {
	_ = fromCtx(ctx)
	return os.Getenv("LOG_LEVEL")
}

// Reads used as flags, not values: compared with a non-empty constant,
// parsed as a bool, switched on constants.
func flags() bool {
	if os.Getenv("GL_TEST_RUN") == "1" {
		return true
	}
	if dynamic("CI_JOB") != "true" {
		return false
	}
	switch os.Getenv("APP_RUN") {
	case "dry", "full":
		return true
	}
	b, _ := strconv.ParseBool(os.Getenv("TEST_RUN"))
	return b
}

// A port, token or address of the process, not of a session.
func processEndpoints() (string, string, string) {
	return os.Getenv("HTTP_PORT"), os.Getenv("GITHUB_TOKEN"), os.Getenv("DBUS_SESSION_BUS_ADDRESS")
}

// A bare RUN names an action or a place: the host's /run directory, a dry
// run. A run is identified with a suffix (APP_RUN_ID).
func hostRun() string { return os.Getenv("HOST_RUN") + os.Getenv("APP_DRY_RUN") }
