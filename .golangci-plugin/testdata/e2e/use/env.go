package use

import (
	"context"
	"os"
	"os/exec"
	"sync"
)

// SessionFallback reads an identity key (the default rule: SESSION_ID)
// outside a root.
func SessionFallback() string {
	return os.Getenv("AGENT_SESSION_ID")
}

// Owner reads AGENT_OWNER, an identity key only through the settings
// (identity_keys): silent without them.
func Owner() string {
	return os.Getenv("AGENT_OWNER")
}

// Mode reads a behaviour-only key: silent.
func Mode() string {
	return os.Getenv("AGENT_LOG_LEVEL")
}

// StartChild hands the child the parent's identity from the process
// environment (spawnenv) and reads it outside a root (envidentity).
func StartChild(ctx context.Context) error {
	cmd := exec.CommandContext(ctx, "worker")
	cmd.Env = append(os.Environ(), "AGENT_SESSION_KEY="+os.Getenv("AGENT_SESSION_KEY"))
	return cmd.Start()
}

type tenantKey struct{}

var (
	tenantOnce sync.Once
	tenant     string
)

// Tenant memoises a per-run value process-wide (ctxcache).
func Tenant(ctx context.Context) string {
	tenantOnce.Do(func() { tenant, _ = ctx.Value(tenantKey{}).(string) })
	return tenant
}
