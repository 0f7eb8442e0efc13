// Package basic holds the shapes canceluse reports.
package basic

import (
	"context"
	"errors"
	"time"

	"golang.org/x/sync/errgroup"

	"trace"
)

type Done struct{ Err error }

type Sink struct{ ch chan Done }

// emit sends ev unless ctx is cancelled first.
func (s *Sink) emit(ctx context.Context, ev Done) error {
	select {
	case s.ch <- ev:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// run stands for work that blocks until done or cut short.
func run(ctx context.Context) error {
	select {
	case <-time.After(time.Second):
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// A completion goroutine cancels the shared context, then sends its done
// event with it: the event is lost.
func (s *Sink) Start(parent context.Context) {
	ctx, cancel := context.WithCancel(parent)
	go func() {
		err := run(ctx)
		cancel()
		s.emit(ctx, Done{Err: err}) // want `^ctx is used after cancel\(\) cancelled it: Sink\.emit gets a cancelled context and its work is cut short; call it before the cancel, or give it the parent's context or context\.WithoutCancel\(ctx\)$`
	}()
}

// The same with the select written out.
func (s *Sink) StartInline(parent context.Context) {
	ctx, cancel := context.WithTimeout(parent, 0)
	go func() {
		err := run(ctx)
		cancel()
		select {
		case s.ch <- Done{Err: err}: // want `^send in a select on ctx\.Done\(\) after cancel\(\) cancelled it: the select may take the Done case and the value is never sent`
		case <-ctx.Done():
		}
	}()
}

// A context derived from the cancelled one is cancelled too.
func (s *Sink) Derived(parent context.Context) error {
	ctx, cancel := context.WithCancel(parent)
	vctx := context.WithValue(ctx, key{}, "v")
	cancel()
	return run(vctx) // want `^vctx is used after cancel\(\) cancelled it`
}

type key struct{}

// A component: Stop cancels the context the loop waits on; the loop's
// end-of-run flush uses it after it is done.
type Svc struct {
	ctx    context.Context
	cancel context.CancelFunc
	events chan string
	buf    []string
}

func NewSvc(parent context.Context) *Svc {
	s := &Svc{events: make(chan string)}
	s.ctx, s.cancel = context.WithCancel(parent)
	return s
}

func (s *Svc) Stop() { s.cancel() }

func (s *Svc) flush(ctx context.Context) error { return run(ctx) }

func (s *Svc) Loop() {
	for {
		select {
		case <-s.ctx.Done():
			s.flush(s.ctx) // want `^s\.ctx is used after it is done: Svc\.flush gets a cancelled context and its work is cut short at once; give end-of-run work the parent's context, or context\.WithoutCancel\(s\.ctx\)$`
			return
		case ev := <-s.events:
			s.buf = append(s.buf, ev)
		}
	}
}

// After a receive from Done as a statement.
func (s *Svc) Wait(ctx context.Context) error {
	<-ctx.Done()
	return s.flush(ctx) // want `^ctx is used after it is done`
}

// Inside a test of ctx.Err().
func (s *Svc) Check(ctx context.Context) error {
	if ctx.Err() != nil {
		return s.flush(ctx) // want `^ctx is used after it is done`
	}
	return nil
}

// The stop of a component cancels, then the same method uses the context.
func (s *Svc) StopAndFlush() error {
	s.cancel()
	return s.flush(s.ctx) // want `^s\.ctx is used after s\.cancel\(\) cancelled it`
}

func produce(ctx context.Context) error { return run(ctx) }
func waitReady(ctx context.Context) error {
	<-ctx.Done()
	return errors.New("not ready")
}

// errgroup.WithContext puts the group's context in place of ctx: the
// parent's own wait fails with Canceled when a task fails, hiding the
// task's error.
func Pipeline(ctx context.Context) error {
	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error { return produce(ctx) })
	if err := waitReady(ctx); err != nil { // want `^errgroup\.WithContext put the group's context in place of ctx: when a task fails the group cancels it, and waitReady here fails with context\.Canceled, which is returned instead of the task's error; give the group's context its own name for the tasks and keep ctx for this call$`
		return err
	}
	return g.Wait()
}

// The same with err assigned first, and a return of the call.
func Pipeline2(ctx context.Context) error {
	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error { return produce(ctx) })
	err := waitReady(ctx) // want `errgroup\.WithContext put the group's context in place of ctx`
	if err != nil {
		return err
	}
	return g.Wait()
}

// Work of another package that returns an error is cut short.
func Flush(parent context.Context, t *trace.Tracer) error {
	ctx, cancel := context.WithCancel(parent)
	cancel()
	return t.Flush(ctx) // want `^ctx is used after cancel\(\) cancelled it: trace\.Tracer\.Flush gets a cancelled context`
}

// A task started in one iteration may fail before the next iteration's
// call: the call after g.Go in the loop is reported.
func Batches(ctx context.Context, n int) error {
	g, ctx := errgroup.WithContext(ctx)
	for range n {
		if err := waitReady(ctx); err != nil { // want `errgroup\.WithContext put the group's context in place of ctx: when a task fails the group cancels it, and waitReady here`
			return err
		}
		g.Go(func() error { return produce(ctx) })
	}
	return g.Wait()
}

// The two branches of an if whose condition changes between iterations
// (a range variable, a field the loop sets) both run: reported.
type job struct{ bg bool }

func Jobs(ctx context.Context, jobs []job) error {
	g, ctx := errgroup.WithContext(ctx)
	for _, j := range jobs {
		if j.bg {
			g.Go(func() error { return produce(ctx) })
		} else {
			if err := waitReady(ctx); err != nil { // want `errgroup\.WithContext put the group's context in place of ctx`
				return err
			}
		}
	}
	return g.Wait()
}

type mode struct{ parallel bool }

func (m *mode) Toggle(ctx context.Context, n int) error {
	g, ctx := errgroup.WithContext(ctx)
	for range n {
		if m.parallel {
			g.Go(func() error { return produce(ctx) })
		} else {
			if err := waitReady(ctx); err != nil { // want `errgroup\.WithContext put the group's context in place of ctx`
				return err
			}
		}
		m.parallel = !m.parallel
	}
	return g.Wait()
}

// The twin: a cancel on both branches is a cancel on every path.
func Either(parent context.Context, fast bool) error {
	ctx, cancel := context.WithCancel(parent)
	if fast {
		cancel()
	} else {
		cancel()
	}
	return run(ctx) // want `^ctx is used after cancel\(\) cancelled it`
}

// A logger looked up through a func held in a package variable of another
// package is judged by its signature, as a function of another package
// is: it returns no error, so the line is written whatever the context.
func (s *Svc) Logged(ctx context.Context) error {
	<-ctx.Done()
	trace.G(ctx).Info("stopping")
	// Twin: work held in such a variable that returns an error can be cut short.
	return trace.Export(ctx) // want `^ctx is used after it is done: trace\.Export gets a cancelled context`
}
