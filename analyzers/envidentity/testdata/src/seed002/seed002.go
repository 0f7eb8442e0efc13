// Package seed002 is seed 002 in Go: task and session identity in the
// process environment. A cron job run in-process inherits a kanban worker's
// task id and can close the worker's task; a child's construction writes
// its session id over the parent's for the rest of the process.
package seed002

import (
	"context"
	"os"
)

type sessionIDCtx struct{}

// setCurrentSessionID is the buggy AIAgent constructor helper: the context
// write is task-local, the environment write clobbers the parent.
func setCurrentSessionID(ctx context.Context, id string) context.Context {
	os.Setenv("HERMES_SESSION_ID", id) // want `os.Setenv writes identity key HERMES_SESSION_ID of the process environment outside a root`
	return context.WithValue(ctx, sessionIDCtx{}, id)
}

// kanbanComplete defaults the task id to $HERMES_KANBAN_TASK: a cron job
// run inside a worker closes the worker's task.
func kanbanComplete(taskID string) string {
	if taskID == "" {
		taskID = os.Getenv("HERMES_KANBAN_TASK") // want `os.Getenv reads identity key HERMES_KANBAN_TASK`
	}
	return taskID
}

// heartbeatFromEnv reads the claim of the worker from the environment.
func heartbeatFromEnv() (task, lock, run string) {
	return os.Getenv("HERMES_KANBAN_TASK"), // want `os.Getenv reads identity key HERMES_KANBAN_TASK`
		os.Getenv("HERMES_KANBAN_CLAIM_LOCK"), // want `os.Getenv reads identity key HERMES_KANBAN_CLAIM_LOCK`
		os.Getenv("HERMES_KANBAN_RUN_ID") // want `os.Getenv reads identity key HERMES_KANBAN_RUN_ID`
}

// boardPin is behaviour, not identity: silent.
func boardPin() string { return os.Getenv("HERMES_KANBAN_BOARD") }

// The fix: the identity lives in the context.
func currentSessionID(ctx context.Context) (string, bool) {
	id, ok := ctx.Value(sessionIDCtx{}).(string)
	return id, ok
}
