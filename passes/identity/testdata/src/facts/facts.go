package facts

import (
	"context"
	"os"

	"github.com/ctxbound/ctxbound/runctx"
)

func Getenv(k string) string { return os.Getenv(k) } // want Getenv:"forwards key param 0 to os.Getenv"

// Via forwards its second parameter through Getenv, transitively.
func Via(prefix, k string) string { return prefix + Getenv(k) } // want Via:"forwards key param 1 to os.Getenv"

func Set(k, v string) { os.Setenv(k, v) } // want Set:"forwards key param 0 to os.Setenv"

// Unexported functions export no fact: no importer can call them.
func getenv(k string) string { return os.Getenv(k) }

func Session() string { return os.Getenv("AGENT_SESSION_KEY") } // want Session:"reads identity key AGENT_SESSION_KEY: os.Getenv\\(\"AGENT_SESSION_KEY\"\\)" Session:"returns a per-run value from os.Getenv"

// Worker reads through a local helper.
func Worker() { _ = getenv("TASK_ID") } // want Worker:"reads identity key TASK_ID: getenv\\(\"TASK_ID\"\\)"

// Chain reads through Worker, transitively.
func Chain() { Worker() } // want Chain:"reads identity key TASK_ID: getenv\\(\"TASK_ID\"\\) via Worker"

// A root reads, but is no reader for its callers.
//
//ctxbound:root -- seeds the run
func Seed() string { return os.Getenv("SESSION_ID") } // want Seed:"returns a per-run value"

// Home reads no identity key.
func Home() string { return os.Getenv("HOME") }

type key struct{}

func Tenant(ctx context.Context) string { t, _ := ctx.Value(key{}).(string); return t } // want Tenant:"returns a per-run value from ctx.Value"

// Through a local variable.
func Local(ctx context.Context) string { // want Local:"returns a per-run value from ctx.Value via Tenant"
	t := Tenant(ctx)
	return "tenant-" + t
}

// Recursion terminates.
func Rec(n int) string { // want Rec:"reads identity key RUN_ID" Rec:"returns a per-run value"
	if n == 0 {
		return os.Getenv("RUN_ID")
	}
	return Rec(n - 1)
}

// runctx.FromEnv is an allowed read: no fact flows from it, and a context
// is a carrier of per-run values, not a per-run answer.
func FromEnv(ctx context.Context) context.Context { return runctx.FromEnv(ctx) }
