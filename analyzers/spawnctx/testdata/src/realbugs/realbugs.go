// Package realbugs holds, in small, the shape of fixed bugs of public Go
// projects where spawned work lost the caller's context, each before its
// fix (reported) and after it (silent). The code is written for the test;
// the comment of each case names the public change it follows.
package realbugs

import (
	"context"
	"time"

	"golang.org/x/sync/semaphore"
)

type key struct{}

func traceOf(ctx context.Context) string { s, _ := ctx.Value(key{}).(string); return s }

// e2b-dev/infra#3207: a background cleanup goroutine took its lock with
// context.Background(), dropping the caller's trace; the fix passes
// context.WithoutCancel(ctx).
type Installer struct{ mu *semaphore.Weighted }

func (c *Installer) Install(ctx context.Context, pem string) {
	go func() {
		_ = c.mu.Acquire(context.Background(), 1) // want `goroutine drops the caller's context: it calls semaphore.Weighted.Acquire with a root context \(context.Background\) while ctx is in scope`
		defer c.mu.Release(1)
	}()
}

func (c *Installer) InstallFixed(ctx context.Context, pem string) {
	go func() {
		_ = c.mu.Acquire(context.WithoutCancel(ctx), 1)
		defer c.mu.Release(1)
	}()
}

// ferro-labs/ai-gateway#181: an observability event recorded from a
// stream's goroutine with context.Background() lost the request's trace.
type Obs struct{}

func (Obs) RecordEvent(ctx context.Context, name string) { _ = traceOf(ctx) }

type Gateway struct{ obs Obs }

func (g *Gateway) Stream(ctx context.Context, chunks <-chan string) {
	go func() {
		for range chunks {
		}
		g.obs.RecordEvent(context.Background(), "stream.done") // want `goroutine drops the caller's context: it calls Obs.RecordEvent with a root context \(context.Background\) while ctx is in scope`
	}()
}

func (g *Gateway) StreamFixed(ctx context.Context, chunks <-chan string) {
	detached := context.WithoutCancel(ctx)
	go func() {
		for range chunks {
		}
		g.obs.RecordEvent(detached, "stream.done")
	}()
}

// ConductorOne/baton-sdk#747: action handlers ran on goroutines with a
// timeout over context.Background(), so their spans were cut from the
// invoking trace. A deadline of its own: WithoutCancel is offered first.
type Action func(ctx context.Context, args string) error

func Invoke(ctx context.Context, h Action, args string, done chan<- error) {
	go func() {
		actx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		done <- h(actx, args) // want `goroutine drops the caller's context: it calls h with a root context \(context.Background\) while ctx is in scope`
	}()
}

func InvokeFixed(ctx context.Context, h Action, args string, done chan<- error) {
	go func() {
		actx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		defer cancel()
		done <- h(actx, args)
	}()
}

// sigstore/rekor#2947: indexing after a write ran in a goroutine with
// context.Background(), discarding the request's metadata and trace.
type Index struct{}

func (Index) Add(ctx context.Context, id string) error { _ = traceOf(ctx); return nil }

func Store(ctx context.Context, idx Index, id string) {
	go func() {
		_ = idx.Add(context.Background(), id) // want `goroutine drops the caller's context: it calls Index.Add with a root context \(context.Background\) while ctx is in scope`
	}()
}

func StoreFixed(ctx context.Context, idx Index, id string) {
	go func() {
		_ = idx.Add(context.WithoutCancel(ctx), id)
	}()
}
