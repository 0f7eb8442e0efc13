// Package compat: the context-less variant of an API delegates to its
// Context or WithContext variant with a root context, as documented. The
// variant itself is not reported; a caller that has a context and calls
// it is, at the call: call the variant with ctx.
package compat

import "context"

type key struct{}

type Process struct{ pid int }

func (p *Process) TimesWithContext(ctx context.Context) int { _ = ctx.Value(key{}); return p.pid }

// Times is the context-less variant (gopsutil's shape).
func (p *Process) Times() int { return p.TimesWithContext(context.Background()) }

func (p *Process) PercentWithContext(ctx context.Context) int {
	return p.Times() // want `call of Process.Times drops the caller's context: Process.Times makes its own root context \(context.Background\) while ctx is in scope; call Process.TimesWithContext with ctx instead`
}

func (p *Process) PercentRight(ctx context.Context) int { return p.TimesWithContext(ctx) }

func QueryContext(ctx context.Context, q string) error { _ = ctx.Value(key{}); return nil }

func Query(q string) error { return QueryContext(context.Background(), q) }

func Handle(ctx context.Context) error {
	return Query("select") // want `call of Query drops the caller's context: Query makes its own root context \(context.Background\) while ctx is in scope; call QueryContext with ctx instead`
}

// A function without a context that calls a variant drops nothing here.
func Warm() error { return Query("warm") }
