// Package workflow stubs a workflow engine whose context is not
// context.Context: configured with context_types and context_roots.
package workflow

import "time"

type Context interface {
	Done() Channel
	Value(key any) any
}

type Channel interface{ Receive(c Context, v any) }

type CancelFunc func()

type ctx struct{ parent Context }

func (c *ctx) Done() Channel      { return nil }
func (c *ctx) Value(key any) any { return nil }

// NewDisconnectedContext is the engine's context.Background.
func NewDisconnectedContext(parent Context) (Context, CancelFunc) { return &ctx{}, func() {} }

func Background() Context { return &ctx{} }

func WithCancel(parent Context) (Context, CancelFunc) { return &ctx{parent}, func() {} }

func Sleep(c Context, d time.Duration) error { return nil }

func ExecuteActivity(c Context, name string) {}
