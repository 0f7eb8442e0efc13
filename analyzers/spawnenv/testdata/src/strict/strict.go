// Package strict is the seed-002 dispatcher invariant: every key handed to
// a worker is identity or declared behaviour-only.
package strict

import (
	"context"
	"os/exec"
)

type Task struct{ ID, Lock, Run string }

func defaultSpawn(ctx context.Context, t Task, board string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "hermes", "chat", "-q")
	cmd.Env = []string{
		"HERMES_KANBAN_TASK=" + t.ID,
		"HERMES_KANBAN_CLAIM_LOCK=" + t.Lock,
		"HERMES_KANBAN_RUN_ID=" + t.Run,
		"HERMES_KANBAN_BOARD=" + board,
		"HERMES_KANBAN_DB=/var/kanban.db",
		"HERMES_KANBAN_WORKSPACES_ROOT=/srv", // want `exec.Cmd.Env hands the child key HERMES_KANBAN_WORKSPACES_ROOT, which is neither an identity key nor behaviour-only`
		"PATH=/usr/bin",                      // want `hands the child key PATH, which is neither`
	}
	return cmd
}
