// Package linked holds roots whose cancellation follows the caller's
// context on purpose, a little later: a transport closed only once the
// pages on it are (chromedp's remote allocator). Only the caller's values
// are not in them, so they are reported only where the work reads values.
package linked

import (
	"context"
	"sync"
)

type traceKey struct{}

func dial(ctx context.Context, addr string) error { return ctx.Err() }

// dialTraced reads the caller's values.
func dialTraced(ctx context.Context, addr string) error {
	_ = ctx.Value(traceKey{})
	return ctx.Err()
}

func closePages(ctx context.Context) {}

type Allocator struct {
	wg  sync.WaitGroup
	ctx context.Context
}

// The transport outlives ctx until the pages are closed, then goes.
func (a *Allocator) Allocate(ctx context.Context, addr string) error {
	wctx, cancel := context.WithCancel(context.Background())
	a.wg.Add(1)
	go func() {
		defer a.wg.Done()
		<-ctx.Done()
		closePages(ctx)
		cancel()
	}()
	return dial(wctx, addr)
}

// The same through context.AfterFunc, and through a select case.
func (a *Allocator) AllocateAfter(ctx context.Context, addr string) error {
	wctx, cancel := context.WithCancel(context.Background())
	context.AfterFunc(ctx, cancel)
	return dial(wctx, addr)
}

func (a *Allocator) AllocateSelect(ctx context.Context, addr string, quit chan struct{}) error {
	wctx, cancel := context.WithCancel(context.Background())
	go func() {
		select {
		case <-ctx.Done():
			closePages(ctx)
			cancel()
		case <-quit:
		}
	}()
	return dial(wctx, addr)
}

// The same with ctx's Done channel held in a local.
func (a *Allocator) AllocateLocal(ctx context.Context, addr string) error {
	wctx, cancel := context.WithCancel(context.Background())
	done := ctx.Done()
	go func() {
		<-done
		cancel()
	}()
	return dial(wctx, addr)
}

// Twin: the linked root loses the caller's values, and the work reads
// them.
func (a *Allocator) AllocateTraced(ctx context.Context, addr string) error {
	wctx, cancel := context.WithCancel(context.Background())
	context.AfterFunc(ctx, cancel)
	return dialTraced(wctx, addr) // want `call of dialTraced gets a fresh root context \(context.Background, cancelled once ctx is done\) while ctx is in scope, and dialTraced reads context values`
}

// Twins: the cancel follows another context (the allocator's own), or runs
// without waiting for ctx: the caller's cancellation is dropped.
func (a *Allocator) AllocateOwn(ctx context.Context, addr string) error {
	wctx, cancel := context.WithCancel(context.Background())
	context.AfterFunc(a.ctx, cancel)
	return dial(wctx, addr) // want `call of dial passes a context that context.WithCancel made from a root context \(context.Background\) while ctx is in scope`
}

func (a *Allocator) AllocateTimer(ctx context.Context, addr string, quit chan struct{}) error {
	wctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-quit
		cancel()
	}()
	return dial(wctx, addr) // want `call of dial passes a context that context.WithCancel made from a root context \(context.Background\) while ctx is in scope`
}

// Twin: a function that waits for ctx itself and then cancels is no link:
// it blocks its caller until ctx is done, and its work ran before.
func (a *Allocator) AllocateWait(ctx context.Context, addr string) error {
	wctx, cancel := context.WithCancel(context.Background())
	err := dial(wctx, addr) // want `call of dial passes a context that context.WithCancel made from a root context \(context.Background\) while ctx is in scope`
	<-ctx.Done()
	cancel()
	return err
}
