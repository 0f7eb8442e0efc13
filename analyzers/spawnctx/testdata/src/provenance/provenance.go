// Package provenance holds the provenance shapes of spawned work.
package provenance

import (
	"context"
	"time"
)

func store(ctx context.Context) { _ = ctx.Err() }

type traceKey struct{}

func traced(ctx context.Context) { _ = ctx.Value(traceKey{}) }

// Every drop of the work is reported, each at its own call.
func several(ctx context.Context) {
	go func() {
		store(context.Background()) // want `goroutine drops the caller's context: it calls store with a root context \(context.Background\)`
		store(context.TODO())       // want `goroutine drops the caller's context: it calls store with a root context \(context.TODO\)`
	}()
}

// An unnamed context parameter does not bind the work the body starts: a
// component's Start(_ context.Context) may be told by its framework not to
// keep that context.
func Start(_ context.Context) {
	go func() { store(context.Background()) }()
}

// A goroutine started inside a deferred call is work like any other: the
// deferred call exempts its own cleanup only.
func deferred(ctx context.Context) {
	defer func() {
		store(context.Background()) // cleanup: fine
		go func() {
			store(context.Background()) // want `goroutine drops the caller's context: it calls store with a root context`
		}()
	}()
}

// A variable made a root after the goroutine starts does not change what
// the goroutine captured at the start, but may be seen by it: unknown.
func later(ctx context.Context) {
	c := ctx
	go func() { store(c) }()
	c = context.Background()
	_ = c
}

// A shadowed parameter inside the work is a root.
func shadow(ctx context.Context) {
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		store(ctx) // want `goroutine drops the caller's context: it calls store with a root context \(context.Background\)`
	}()
}

// Work on a fresh root that reads context values loses the caller's.
type Component struct{ cancel context.CancelFunc }

func (c *Component) Run(ctx context.Context) {
	l, cancel := context.WithCancel(context.Background())
	c.cancel = cancel
	go traced(l) // want `goroutine loses the caller's values: it is started with a fresh root context \(context.Background, a lifetime context, its cancel kept by a long-lived owner\) while ctx is in scope, and traced reads context values \(ctx.Value\); pass context.WithoutCancel\(ctx\)`
	go store(l)  // the same root: one finding
	go func() {
		<-ctx.Done()
		traced(context.Background()) // want `goroutine loses the caller's values: it calls traced with a fresh root context \(context.Background, made once the caller's context is done or cancelled\)`
		store(context.Background())  // reads no value: a shutdown
	}()
}

// A goroutine started with a task that carries a root context.
type job struct {
	ctx context.Context
	id  int
}

func work(j job) { store(j.ctx) }

func startJob(ctx context.Context) {
	go work(job{ctx: context.Background(), id: 1}) // want `goroutine drops the caller's context: it is started with a root context \(context.Background\) in job.ctx while ctx is in scope`
	go work(job{ctx: ctx, id: 2})
}
