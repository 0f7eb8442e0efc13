// Package context stubs golang.org/x/net/context, which old code imports:
// its types are aliases of package context's.
package context

import "context"

type Context = context.Context

type CancelFunc = context.CancelFunc

func Background() Context { return context.Background() }

func TODO() Context { return context.TODO() }

func WithCancel(parent Context) (Context, CancelFunc) { return context.WithCancel(parent) }
