// Package dep has per-run accessors.
package dep

import (
	"context"
	"os"
)

type key struct{}

// Session returns the session of ctx.
func Session(ctx context.Context) string { s, _ := ctx.Value(key{}).(string); return s } // want Session:"returns a per-run value from ctx.Value"

// Task returns the task of the process environment.
func Task() string { return os.Getenv("AGENT_KANBAN_TASK") } // want Task:"returns a per-run value from os.Getenv\\(\"AGENT_KANBAN_TASK\"\\)" Task:"reads identity key AGENT_KANBAN_TASK"

// Current returns Session, transitively.
func Current(ctx context.Context) string { return Session(ctx) } // want Current:"returns a per-run value from ctx.Value via Session"

// Cwd asks Session of an empty root, as gopsutil's Cwd() asks
// CwdWithContext(context.Background()): its ctx.Value finds nothing, and
// the answer is the same for every session (no PerRun fact).
func Cwd() string { return Session(context.Background()) }

// CwdVia does the same through a local.
func CwdVia() string {
	ctx := context.TODO()
	return Session(ctx)
}

// Shared asks Session of a context kept elsewhere: per-run still.
func Shared() string { return Session(shared) } // want Shared:"returns a per-run value from ctx.Value via Session"

var shared context.Context

// Mixed hands an empty root once and the caller's context once.
func Mixed(ctx context.Context, first bool) string { // want Mixed:"returns a per-run value from ctx.Value via Session"
	c := context.Background()
	if !first {
		c = ctx
	}
	return Session(c)
}
