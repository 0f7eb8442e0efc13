// Package negative holds correct code canceluse must stay silent on.
package negative

import (
	"context"
	"log/slog"

	"golang.org/x/sync/errgroup"

	"trace"
)

type Done struct{ Err error }

type Sink struct{ ch chan Done }

func (s *Sink) emit(ctx context.Context, ev Done) error {
	select {
	case s.ch <- ev:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func run(ctx context.Context) error { <-ctx.Done(); return ctx.Err() }

// Right: the event is sent before the cancel.
func (s *Sink) Start(parent context.Context) {
	ctx, cancel := context.WithCancel(parent)
	go func() {
		err := run(ctx)
		s.emit(ctx, Done{Err: err})
		cancel()
	}()
}

// Right: the event keeps the values, not the cancellation.
func (s *Sink) Detached(parent context.Context) {
	ctx, cancel := context.WithCancel(parent)
	go func() {
		err := run(ctx)
		cancel()
		s.emit(context.WithoutCancel(ctx), Done{Err: err})
	}()
}

// Right: the parent's context for the work after the cancel.
func (s *Sink) Parent(parent context.Context) {
	ctx, cancel := context.WithCancel(parent)
	err := run(ctx)
	cancel()
	s.emit(parent, Done{Err: err})
}

// Observing the cancellation: Err, Cause, logging, values.
type key struct{}

func tenant(ctx context.Context) string { v, _ := ctx.Value(key{}).(string); return v }

func Observe(parent context.Context) (error, error, string) {
	ctx, cancel := context.WithCancelCause(parent)
	cancel(nil)
	slog.InfoContext(ctx, "stopped")
	return ctx.Err(), context.Cause(ctx), tenant(ctx)
}

// Deferred cleanup is cut short with the function, as it is meant to be.
func Deferred(parent context.Context, s *Sink) {
	ctx, cancel := context.WithCancel(parent)
	defer s.emit(ctx, Done{})
	cancel()
}

// A fresh context after the cancel: the variable is assigned again.
func Again(parent context.Context) error {
	ctx, cancel := context.WithCancel(parent)
	run(ctx)
	cancel()
	ctx, cancel = context.WithCancel(parent)
	defer cancel()
	return run(ctx)
}

// A cancel on one branch, the use on the other.
func Branch(parent context.Context, stop bool) error {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	if stop {
		cancel()
		return nil
	}
	return run(ctx)
}

// A loop that cancels each iteration's context at its end.
func Loop(parent context.Context, n int) {
	for range n {
		ctx, cancel := context.WithCancel(parent)
		run(ctx)
		cancel()
	}
}

// After Done, the end-of-run work gets a context of its own.
type Svc struct {
	ctx    context.Context
	cancel context.CancelFunc
	parent context.Context
}

func (s *Svc) flush(ctx context.Context) error { return run(ctx) }

func (s *Svc) Loop(ch chan int) {
	for {
		select {
		case <-s.ctx.Done():
			s.flush(context.WithoutCancel(s.ctx))
			s.flush(s.parent)
			return
		case <-ch:
			s.flush(s.ctx)
		}
	}
}

// Another context after one is done.
func Other(ctx, other context.Context, s *Svc) error {
	<-ctx.Done()
	return s.flush(other)
}

// Before the test of Err, and its other branch.
func Checked(ctx context.Context, s *Svc) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return s.flush(ctx)
}

// errgroup: the group's context has its own name.
func Pipeline(ctx context.Context) error {
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error { return run(gctx) })
	if err := run(ctx); err != nil {
		return err
	}
	return g.Wait()
}

// errgroup: the group's context in place of ctx, but the function waits
// for the group first, or does not return the call's error.
func After(ctx context.Context) error {
	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error { return run(ctx) })
	if err := g.Wait(); err != nil {
		return err
	}
	return run(ctx)
}

func Ignored(ctx context.Context) error {
	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error { return run(ctx) })
	_ = run(ctx)
	return g.Wait()
}

// Functions of other packages that return no error take the context for
// its values.
func Traced(parent context.Context, t *trace.Tracer) {
	ctx, cancel := context.WithCancel(parent)
	cancel()
	_, span := t.Start(ctx, "after")
	span.End()
}

// A helper of the package that only observes the context.
func stopped(ctx context.Context) error {
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	return nil
}

func Observed(parent context.Context) error {
	ctx, cancel := context.WithCancel(parent)
	cancel()
	return stopped(ctx)
}

// errgroup: the call runs before any task is started: no task can have
// failed, the group's context is not cancelled yet.
func Prepare(ctx context.Context, paths []string) error {
	g, ctx := errgroup.WithContext(ctx)
	for range paths {
		if err := run(ctx); err != nil {
			return err
		}
	}
	g.Go(func() error { return run(ctx) })
	return g.Wait()
}

// errgroup: the tasks and the call stand on the two branches of an if
// whose condition does not change in the loop: on no path does the call
// follow a task.
type Executor struct{ Parallel bool }

func (e *Executor) Run(ctx context.Context, calls []string) error {
	g, ctx := errgroup.WithContext(ctx)
	for range calls {
		if e.Parallel {
			g.Go(func() error { return run(ctx) })
		} else {
			if err := run(ctx); err != nil {
				return err
			}
		}
	}
	return g.Wait()
}

// A cancel on one branch only: the work is cut short only where the
// caller already gave up (its own context is done), on purpose; on the
// other path it runs whole. canceluse reports a use after a cancel on
// every path.
func Forward(parent, caller context.Context) error {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	if caller.Err() != nil {
		cancel()
	}
	return run(ctx)
}
