// Package seed001 is seed 001 in Go: a delegated child that lost its
// context resolves the session key from the process environment, where it
// may be another session's, and stores it in the background process record
// whose completion event is routed by it.
package seed001

import (
	"context"
	"os"
)

type sessionKeyCtx struct{}

// WithSessionKey binds the session key to ctx.
func WithSessionKey(ctx context.Context, key string) context.Context {
	return context.WithValue(ctx, sessionKeyCtx{}, key)
}

// currentSessionKey is gateway/session_context.py: a bound context value
// wins, an unset one falls back to os.environ "for CLI/cron compatibility".
func currentSessionKey(ctx context.Context) string {
	if v, _ := ctx.Value(sessionKeyCtx{}).(string); v != "" {
		return v
	}
	return os.Getenv("HERMES_SESSION_KEY") // want `os.Getenv falls back to identity key HERMES_SESSION_KEY of the process environment when the context has none`
}

// ProcessSession is tools/process_registry.py's record of a background process.
type ProcessSession struct {
	SessionKey string
	Command    string
}

// spawnBackground is the terminal tool's background path: the key it
// stores routes the completion event.
func spawnBackground(ctx context.Context, command string) *ProcessSession {
	return &ProcessSession{SessionKey: currentSessionKey(ctx), Command: command}
}

// runChild is the per-child timeout executor: the work runs on another
// goroutine with a fresh context (spawnctx reports the boundary).
func runChild(command string, done chan<- *ProcessSession) {
	go func() {
		done <- spawnBackground(context.Background(), command)
	}()
}
