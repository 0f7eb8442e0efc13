// Package runctx is a stub of ctxbound's runtime: FromEnv only.
package runctx

import (
	"context"
	"os"
)

type sessionKey struct{}

// FromEnv seeds ctx from the environment.
func FromEnv(ctx context.Context) context.Context {
	return context.WithValue(ctx, sessionKey{}, os.Getenv("AGENT_SESSION_KEY"))
}
