// Package compat: the context-less variant of an API delegates to its
// Context or WithContext variant with a root context, as documented. The
// variant itself is not reported; a caller that has a context and calls
// it is, at the call: call the variant with ctx.
package compat

import (
	"context"
	"time"
)

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

// An exported API that wraps its unexported namesake with a root (net's
// DialUDP calling dialUDP(context.Background(), ...)): code of its own
// package with a context calls the namesake; a new parameter would break
// the API.
type Client struct{}

func (c *Client) close(ctx context.Context) error { _ = ctx.Value(key{}); return nil }

func (c *Client) Close() error { return c.close(context.Background()) }

func (c *Client) Shutdown(ctx context.Context) error {
	return c.Close() // want `call of Client.Close drops the caller's context: Client.Close makes its own root context \(context.Background\) while ctx is in scope; call Client.close with ctx instead`
}

func dialUDP(ctx context.Context, addr string) error { _ = ctx.Value(key{}); return nil }

func DialUDP(addr string) error { return dialUDP(context.Background(), addr) }

func srcAddr(addr string) error { return DialUDP(addr) } // calls the variant: no root of its own

func lookup(ctx context.Context, addr string) error {
	_ = srcAddr(addr)
	return DialUDP(addr) // want `call of DialUDP drops the caller's context: DialUDP makes its own root context \(context.Background\) while ctx is in scope; call dialUDP with ctx instead`
}

// Not a namesake: an exported function that calls another unexported
// function with a root makes its own root, reported at the root.
func flushAll(ctx context.Context) error { _ = ctx.Value(key{}); return nil }

func Flush() error { return flushAll(context.Background()) } // want `Flush makes its own root context \(context.Background\) but is called with a context in scope from Sync; give Flush a ctx parameter`

func Sync(ctx context.Context) error { return Flush() }

// The namesake given a root with a deadline of its own (testcontainers'
// Reaper.Connect): still the variant its package's callers call with ctx.
type Reaper struct{}

func (r *Reaper) connect(ctx context.Context) error { _ = ctx.Value(key{}); return nil }

func (r *Reaper) Connect() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return r.connect(ctx)
}

func (r *Reaper) Start(ctx context.Context) error {
	return r.Connect() // want `call of Reaper.Connect drops the caller's context: Reaper.Connect makes its own root context \(context.Background\) while ctx is in scope; call Reaper.connect with ctx instead`
}

// An exported function that does work of its own before it calls its
// namesake is no mere variant: calling the namesake would skip that work.
// Its root is reported at the root, blamed on its callers.
type Dialer struct{ conn chan bool }

func (d *Dialer) dial(ctx context.Context) error { _ = ctx.Value(key{}); return nil }

func (d *Dialer) Dial() error {
	if d.conn != nil {
		return nil // the connection it already holds
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second) // want `Dialer.Dial makes its own root context \(context.Background\) but is called with a context in scope from Dialer.Start; give Dialer.Dial a ctx parameter`
	defer cancel()
	return d.dial(ctx)
}

func (d *Dialer) Start(ctx context.Context) error { return d.Dial() }
