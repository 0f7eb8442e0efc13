// Package queue holds work submitted through queue-based spawners: a
// function that puts a func on a queue that a worker goroutine drains.
package queue

import (
	"context"
	"os"
	"sync"
	"time"
)

func approve(ctx context.Context, cmd string) error { _ = ctx.Err(); return nil }

func audit(ctx context.Context, what string) { _ = ctx.Err() }

// ToolExecutor is the seed-000 executor: submit puts a tool call on a work
// queue and a worker goroutine takes it, without the caller's context.
type ToolExecutor struct{ work chan func() }

func NewToolExecutor(workers int) *ToolExecutor {
	e := &ToolExecutor{work: make(chan func())}
	for range workers {
		go e.worker()
	}
	return e
}

func (e *ToolExecutor) worker() {
	for call := range e.work {
		call()
	}
}

func (e *ToolExecutor) submit(call func()) { e.work <- call }

type Gateway struct{ exec *ToolExecutor }

func (g *Gateway) Handle(ctx context.Context, cmd string) {
	g.exec.submit(func() {
		approve(context.Background(), cmd) // want `func run by queue ToolExecutor.submit drops the caller's context: it calls approve with a root context \(context.Background\) while ctx is in scope; pass ctx, or context.WithoutCancel\(ctx\) to outlive the caller`
	})
	g.exec.submit(func() {
		_ = os.Getenv("AGENT_SESSION_KEY") // want `func run by queue ToolExecutor.submit drops the caller's context: it reads identity key AGENT_SESSION_KEY from the process environment`
	})
	g.exec.submit(func() { approve(ctx, cmd) })                         // the caller's ctx: fine
	g.exec.submit(func() { audit(context.WithoutCancel(ctx), "turn") }) // detached on purpose: fine
}

// Through a wrapper of the queue spawner.
func (g *Gateway) later(f func()) { g.exec.submit(f) }

func (g *Gateway) HandleLater(ctx context.Context, cmd string) {
	g.later(func() {
		approve(context.TODO(), cmd) // want `func run by wrapper Gateway.later drops the caller's context`
	})
}

// A task struct that holds the ctx, with a func that cannot receive it: the
// work that makes its own root still drops the caller's.
type holdTask struct {
	ctx context.Context
	fn  func()
}

type HoldPool struct{ q chan holdTask }

func (p *HoldPool) Start() {
	go func() {
		for t := range p.q {
			if t.ctx.Err() == nil {
				t.fn()
			}
		}
	}()
}

func (p *HoldPool) Submit(ctx context.Context, fn func()) { p.q <- holdTask{ctx: ctx, fn: fn} }

func useHold(ctx context.Context, p *HoldPool) {
	p.Submit(ctx, func() {
		audit(context.Background(), "x") // want `func run by queue HoldPool.Submit drops the caller's context: it calls audit with a root context`
	})
}

// A slice popped by a worker goroutine.
type Deferred struct {
	mu      sync.Mutex
	pending []func()
}

func (d *Deferred) Start() {
	go func() {
		for range time.Tick(time.Second) {
			d.mu.Lock()
			tasks := d.pending
			d.pending = nil
			d.mu.Unlock()
			for _, t := range tasks {
				t()
			}
		}
	}()
}

func (d *Deferred) Add(f func()) {
	d.mu.Lock()
	d.pending = append(d.pending, f)
	d.mu.Unlock()
}

func useDeferred(ctx context.Context, d *Deferred) {
	d.Add(func() {
		audit(context.Background(), "flush") // want `func run by queue Deferred.Add drops the caller's context`
	})
}
