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
