// Package seed001 is the process side of seed 001 in Go: the background
// process of a delegated child gets its session key from the process
// environment, where it may be another session's, and its completion is
// routed by it.
package seed001

import (
	"context"
	"os"
	"os/exec"
)

func startBackground(ctx context.Context, command string) (*exec.Cmd, error) {
	cmd := exec.CommandContext(ctx, "sh", "-c", command)
	cmd.Env = append(os.Environ(), "HERMES_SESSION_KEY="+os.Getenv("HERMES_SESSION_KEY")) // want `exec.Cmd.Env hands the child identity key HERMES_SESSION_KEY from the process environment`
	return cmd, cmd.Start()
}
