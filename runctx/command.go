package runctx

import (
	"context"
	"os"
	"os/exec"
	"strings"
)

// Command returns an exec.Cmd, as exec.CommandContext(ctx, name, args...)
// would, whose environment is the process's environment with every identity
// variable taken from ctx instead:
//
//   - every key bound in ctx ([WithSession], [WithTask], [WithRun],
//     [WithIdentity]) is set to ctx's value, replacing any inherited one;
//   - the [DefaultKeys] that ctx does not carry are removed, so a child
//     never inherits the parent process's session, task or run.
//
// The process is killed when ctx is done; pass [Detach](ctx) for a process
// that must outlive its caller and keep its identity. Add behaviour-only
// variables to cmd.Env after the call; do not add identity keys there.
//
// spawnenv relies on this: a child's identity comes from the context of the
// operation that started it (seed 001: a background process stored the
// foreign session from the environment and its completion event went to
// the wrong session).
func Command(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = identityEnv(ctx, os.Environ())
	return cmd
}

// identityEnv returns inherited without any identity variable runctx
// manages, followed by ctx's identity.
func identityEnv(ctx context.Context, inherited []string) []string {
	ids := identities(ctx)
	managed := map[string]bool{}
	for _, k := range DefaultKeys() {
		managed[string(k)] = true
	}
	for _, id := range ids {
		managed[string(id.key)] = true
	}
	env := make([]string, 0, len(inherited)+len(ids))
	for _, kv := range inherited {
		k, _, _ := strings.Cut(kv, "=")
		if !managed[k] {
			env = append(env, kv)
		}
	}
	for _, id := range ids {
		env = append(env, string(id.key)+"="+id.value)
	}
	return env
}
