// Package dynamic holds go x.M() on an interface variable whose dynamic
// type the function itself gives it: the concrete method is checked.
package dynamic

import (
	"context"
	"errors"
	"os"
	"sync"

	"crosspkg/dep"
)

func store(ctx context.Context) { _ = ctx.Err() }

type Runner interface{ Run() }

// flusher.Run makes its own root context, through a helper of another
// package (a helper of this package would be ctxdrop's, at its root).
type flusher struct{ n int }

func (f *flusher) Run() { dep.Store("flush") }

func newFlusher() *flusher { return &flusher{} }

// reporter.Run reads the identity from the process environment.
type reporter struct{}

func (reporter) Run() { _ = os.Getenv("AGENT_SESSION_KEY") }

// clean.Run does no context work.
type clean struct{}

func (clean) Run() {}

func literal(ctx context.Context) {
	var r Runner = &flusher{n: 1}
	go r.Run() // want `goroutine drops the caller's context: it runs flusher.Run, which makes its own root context \(through dep.Store: context.Background\), while ctx is in scope; give flusher.Run a ctx parameter`
}

func constructor(ctx context.Context) {
	var r Runner
	r = newFlusher()
	go r.Run() // want `goroutine drops the caller's context: it runs flusher.Run, which makes its own root context`
}

func sameTypeTwice(ctx context.Context, big bool) {
	r := Runner(&flusher{})
	if big {
		r = &flusher{n: 100}
	}
	go r.Run() // want `goroutine drops the caller's context: it runs flusher.Run`
}

func environment(ctx context.Context) {
	var r Runner = reporter{}
	go r.Run() // want `goroutine drops the caller's context: it runs reporter.Run, which reads identity key AGENT_SESSION_KEY`
}

func methodValue(ctx context.Context, wg *sync.WaitGroup) {
	var r Runner = newFlusher()
	wg.Go(r.Run) // want `func run by sync.WaitGroup.Go drops the caller's context: it runs flusher.Run`
}

// Not resolved: the dynamic type is not one known type.

func twoTypes(ctx context.Context, env bool) {
	var r Runner = &flusher{}
	if env {
		r = reporter{}
	}
	go r.Run()
}

func newRunner() Runner { return &flusher{} }

func interfaceCtor(ctx context.Context) {
	r := newRunner()
	go r.Run()
}

func param(ctx context.Context, r Runner) {
	go r.Run()
}

func reassignedParam(ctx context.Context, r Runner) {
	if r == nil {
		r = &flusher{}
	}
	go r.Run()
}

func set(p *Runner) { *p = reporter{} }

func addressTaken(ctx context.Context) {
	var r Runner = &flusher{}
	set(&r)
	go r.Run()
}

func inClosure(ctx context.Context) {
	var r Runner = clean{}
	func() { r = &flusher{} }()
	go r.Run()
}

func fromRange(ctx context.Context, rs []Runner) {
	var r Runner = &flusher{}
	for _, r = range rs {
	}
	go r.Run()
}

func assertion(ctx context.Context, v any) {
	r, ok := v.(Runner)
	if !ok {
		r = &flusher{}
	}
	go r.Run()
}

func nilToo(ctx context.Context, off bool) {
	var r Runner = &flusher{}
	if off {
		r = nil
	}
	go r.Run()
}

// Resolved, and fine.
func cleanWork(ctx context.Context) error {
	var r Runner = clean{}
	go r.Run()
	return errors.New("x")
}
