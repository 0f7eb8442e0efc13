// Package trace is a stub of a tracer that reads a context's values.
package trace

import "context"

type Tracer struct{}

type Span struct{}

func (Span) End() {}

func (*Tracer) Start(ctx context.Context, name string) (context.Context, Span) { return ctx, Span{} }

// Flush is work that can be cut short: it returns an error.
func (*Tracer) Flush(ctx context.Context) error { return ctx.Err() }
