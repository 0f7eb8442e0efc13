package negative

import (
	"context"
	"os"
	"os/exec"
	"strings"
)

type sessionKey struct{}

func session(ctx context.Context) string { s, _ := ctx.Value(sessionKey{}).(string); return s }

// Identity from the context: right.
func fromCtx(ctx context.Context) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "worker")
	cmd.Env = append(os.Environ(), "AGENT_SESSION_KEY="+session(ctx), "HOME="+os.Getenv("HOME"))
	return cmd
}

// Process settings from the environment are fine.
func settings() *exec.Cmd {
	cmd := exec.Command("worker")
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "LANG=C", "UNCLASSIFIED_SETTING=1"}
	return cmd
}

// Inherited without a context in scope: a process-level spawn.
func noCtx() *exec.Cmd {
	cmd := exec.Command("worker")
	cmd.Env = append(os.Environ(), "LANG=C")
	return cmd
}

// Filtering identity out of the inherited environment, then setting it from ctx.
func filtered(ctx context.Context) *exec.Cmd {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "AGENT_SESSION_KEY=") {
			env = append(env, kv)
		}
	}
	env = append(env, "AGENT_SESSION_KEY="+session(ctx))
	cmd := exec.CommandContext(ctx, "worker")
	cmd.Env = env
	return cmd
}
