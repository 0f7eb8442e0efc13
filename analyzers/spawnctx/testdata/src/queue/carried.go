package queue

import (
	"context"
	"time"
)

// Queues that hand the submitter's context to the work: nothing to report.

type task struct {
	ctx context.Context
	fn  func(context.Context)
}

// The worker passes the task's ctx.
type CtxPool struct{ q chan task }

func (p *CtxPool) Start() {
	go func() {
		for t := range p.q {
			t.fn(t.ctx)
		}
	}()
}

func (p *CtxPool) Submit(ctx context.Context, fn func(context.Context)) {
	p.q <- task{ctx: ctx, fn: fn}
}

// The worker re-derives from the task's ctx.
type TimeoutPool struct{ q chan *task }

func (p *TimeoutPool) Start() { go p.loop() }

func (p *TimeoutPool) loop() {
	for t := range p.q {
		ctx, cancel := context.WithTimeout(t.ctx, time.Second)
		t.fn(ctx)
		cancel()
	}
}

func (p *TimeoutPool) Submit(ctx context.Context, fn func(context.Context)) {
	p.q <- &task{ctx: ctx, fn: fn}
}

// The queued literal passes the submitter's ctx itself.
type FuncPool struct{ q chan func() }

func (p *FuncPool) Start() {
	go func() {
		for f := range p.q {
			f()
		}
	}()
}

func (p *FuncPool) Go(ctx context.Context, fn func(context.Context)) {
	p.q <- func() { fn(ctx) }
}

func carried(ctx context.Context, a *CtxPool, b *TimeoutPool, c *FuncPool) {
	a.Submit(ctx, func(ctx context.Context) { audit(ctx, "a") })
	b.Submit(ctx, func(ctx context.Context) { audit(ctx, "b") })
	c.Go(ctx, func(ctx context.Context) { audit(ctx, "c") })
}

// Not queues: nothing is spawned, so the root is ctxdrop's to judge.

// Drained only by whoever calls RunPending.
type Sync struct{ q chan func() }

func (s *Sync) Post(f func()) { s.q <- f }

func (s *Sync) RunPending() {
	for {
		select {
		case f := <-s.q:
			f()
		default:
			return
		}
	}
}

// Callbacks kept for later, iterated but never popped.
type Hooks struct{ onStop []func() }

func (h *Hooks) OnStop(f func()) { h.onStop = append(h.onStop, f) }

func (h *Hooks) Stop() {
	go func() {
		for _, f := range h.onStop {
			f()
		}
	}()
}

func notQueues(ctx context.Context, s *Sync, h *Hooks) {
	s.Post(func() { audit(context.Background(), "sync") })
	h.OnStop(func() { audit(context.Background(), "cleanup") })
}
