// Package negative holds correct code that cancelshare must not report.
package negative

import (
	"context"
	"sync"
)

type Run struct {
	ID     string
	ctx    context.Context
	cancel context.CancelFunc
}

// The child derives its own cancel from the parent's context.
func (parent *Run) Child(id string) *Run {
	ctx, cancel := context.WithCancel(parent.ctx)
	return &Run{ID: id, ctx: ctx, cancel: cancel}
}

// A component's own lifetime context, stored in its constructor.
func NewRun(id string) *Run {
	ctx, cancel := context.WithCancel(context.Background())
	return &Run{ID: id, ctx: ctx, cancel: cancel}
}

// The errgroup pattern: the cancel func is handed to a goroutine so that
// it can stop the group.
func (r *Run) Group(work []func() error) {
	var wg sync.WaitGroup
	for _, w := range work {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if w() != nil {
				r.cancel()
			}
		}()
	}
	wg.Wait()
}

// Passing it to a function that calls it, or returning it.
func stopOn(err error, cancel context.CancelFunc) {
	if err != nil {
		cancel()
	}
}

func (r *Run) Check(err error) { stopOn(err, r.cancel) }

func (r *Run) CancelFunc() context.CancelFunc { return r.cancel }

// A constructor storing its own parameter: reported at call sites only.
type Worker struct{ stop context.CancelFunc }

func NewWorker(stop context.CancelFunc) *Worker { return &Worker{stop: stop} }

func Fresh(parent context.Context) *Worker {
	_, cancel := context.WithCancel(parent)
	return NewWorker(cancel)
}

// Ownership handed over: the source field is cleared.
func Handover(from *Run, to *Worker) {
	to.stop = from.cancel
	from.cancel = nil
}

// The owner rebuilt in place, and an owner's own part.
type Conn struct {
	opts   Options
	cancel context.CancelFunc
}

type Options struct{ cancel context.CancelFunc }

func (c *Conn) Reset() {
	*c = Conn{cancel: c.cancel}
}

func (c *Conn) Adopt() {
	c.cancel = c.opts.cancel
}

// Not cancel tokens: a plain func field, a method value.
type Hook struct {
	fn   func()
	done func()
}

func Copy(h *Hook) *Hook { return &Hook{fn: h.fn, done: h.done} }

func Method(r *Run) *Hook { return &Hook{fn: r.Stop} }

func (r *Run) Stop() { r.cancel() }

// A cancel func stored in a local only.
func Local(r *Run) {
	stop := r.cancel
	defer stop()
}

// A cancel parameter of a constructor is its own, unless it says it is the
// parent's.
func newChild(cancel context.CancelFunc) *Worker { return &Worker{stop: cancel} }

// Generic owner deriving its own.
type Node[T any] struct {
	ctx    context.Context
	cancel context.CancelFunc
}

func (n *Node[T]) Child() *Node[T] {
	ctx, cancel := context.WithCancel(n.ctx)
	return &Node[T]{ctx: ctx, cancel: cancel}
}

// A setter of an owner given a cancel func held by one of its own parts.
type Group struct {
	opts   Options
	worker *Worker
}

func (w *Worker) Set(stop context.CancelFunc) { w.stop = stop }

func (g *Group) Adopt() { g.worker.Set(g.worker.stop) }

// A parameters value: a struct passed by value carries the caller's
// arguments, the cancel func among them, to the component that owns the
// cancellation; it owns nothing itself (temporal's
// workerExecutionParameters.BackgroundContextCancel, handed to the activity
// worker that cancels it on Stop). Where a parent's cancel enters such a
// value, the literal that puts it there is reported (basic.go).
type Params struct {
	Name   string
	Cancel context.CancelCauseFunc
	Inner  struct{ Stop context.CancelFunc }
}

type baseOptions struct {
	cancel context.CancelCauseFunc
	stop   context.CancelFunc
}

type Base struct{ opts baseOptions }

func newBase(o baseOptions) *Base { return &Base{opts: o} }

func newActivityWorker(params Params) *Base {
	opts := baseOptions{cancel: params.Cancel}
	opts.stop = params.Inner.Stop
	return newBase(opts)
}

func NewAggregated(parent context.Context) *Base {
	ctx, cancel := context.WithCancelCause(parent)
	_ = ctx
	return newActivityWorker(Params{Name: "a", Cancel: cancel})
}
