// Package ctxtypes: the caller's context is a parameter whose type
// implements context.Context, decided by the type checker (repro B9 of the
// second reliability pass: a defined interface type and a type parameter
// were silently not contexts).
package ctxtypes

import (
	"context"
	"time"
)

func helper(ctx context.Context) { _ = ctx }

type MyCtx context.Context

func N(ctx MyCtx) {
	go func() { helper(context.Background()) }() // want `goroutine drops the caller's context: it calls helper with a root context \(context.Background\) while ctx is in scope`
}

func G[C context.Context](ctx C) {
	go func() { helper(context.Background()) }() // want `goroutine drops the caller's context: it calls helper with a root context \(context.Background\) while ctx is in scope`
}

func Plain(ctx context.Context) {
	go func() { helper(context.Background()) }() // want `goroutine drops the caller's context: it calls helper with a root context \(context.Background\) while ctx is in scope`
}

// A look-alike by names: a command line's context that embeds a context
// but redeclares Value(string) is not a context.Context: no caller's
// context is in scope.
type cliContext struct{ context.Context }

func (c *cliContext) Value(name string) interface{} { return nil }

func action(c *cliContext) {
	go func() { helper(context.Background()) }()
}

// The names with other signatures: no context either.
type names struct{}

func (names) Deadline() time.Duration { return 0 }
func (names) Done() chan struct{}     { return nil }
func (names) Err() string             { return "" }
func (names) Value(key any) any       { return nil }

func lookalike(c names) {
	go func() { helper(context.Background()) }()
}
