// Package basic holds components that start work on a root context their
// stop method cannot end. Each has its negative twin in package negative.
package basic

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"
)

type Event struct{ ID int }

type Client struct{}

// Send waits on its context: a call with a context may block.
func (c *Client) Send(ctx context.Context, v any) error {
	<-ctx.Done()
	return ctx.Err()
}

// Notifier starts a goroutine per event on context.Background. Stop closes
// quit, which the goroutine does not use (twin: negative.QuitSelect).
type Notifier struct {
	client *Client
	quit   chan struct{}
}

func (n *Notifier) Notify(ev Event) {
	go func() {
		_ = n.client.Send(context.Background(), ev) // want `goroutine runs on a root context that Notifier\.Stop cannot cancel: it calls Client\.Send with a root context \(context\.Background\), and runs on after the stop; give Notifier a lifetime context \(a ctx and cancel kept in it, cancelled by Stop\) and run the goroutine on it`
	}()
}

func (n *Notifier) Stop() { close(n.quit) }

// Publisher starts its goroutine with a root context as the argument.
type Publisher struct{ client *Client }

func (p *Publisher) Publish(ev Event) {
	go p.publish(context.Background(), ev) // want `goroutine runs on a root context that Publisher\.Close cannot cancel: it is started with a root context \(context\.Background\)`
}

func (p *Publisher) publish(ctx context.Context, ev Event) { _ = p.client.Send(ctx, ev) }

func (p *Publisher) Close() error { return nil }

// Worker's loop ranges over a channel its Stop does not close (twin:
// negative.RangeClosed), and handles each event on a root context.
type Worker struct {
	client  *Client
	events  chan Event
	stopped bool
}

func (w *Worker) Start() {
	go w.loop() // want `goroutine runs on a root context that Worker\.Stop cannot cancel: it runs Worker\.loop, where it calls Worker\.handle with a root context \(context\.Background\)`
}

func (w *Worker) loop() {
	for ev := range w.events {
		w.handle(context.Background(), ev)
	}
}

func (w *Worker) handle(ctx context.Context, ev Event) { _ = w.client.Send(ctx, ev) }

func (w *Worker) Stop() { w.stopped = true }

// Syncer hands its work to an errgroup it never waits for (twin:
// negative.GroupWaited).
type Syncer struct {
	g      errgroup.Group
	client *Client
}

func (s *Syncer) Sync() {
	s.g.Go(func() error {
		return s.client.Send(context.Background(), nil) // want `func run by errgroup\.Group\.Go runs on a root context that Syncer\.Shutdown cannot cancel: it calls Client\.Send with a root context \(context\.Background\), and runs on after the stop; give Syncer a lifetime context \(a ctx and cancel kept in it, cancelled by Shutdown\) and run the work on it`
	})
}

func (s *Syncer) Shutdown(ctx context.Context) error { _ = ctx.Err(); return nil }

// bg returns a root: its result is one wherever it is used.
func bg() context.Context { return context.Background() }

type Helper struct{ client *Client }

func (h *Helper) Ping() {
	go func() {
		_ = h.client.Send(bg(), "ping") // want `it calls Client\.Send with a root context \(bg, which returns context\.Background\)`
	}()
}

func (h *Helper) Down() {}

// Flusher's goroutine runs a method that makes its own root, through one
// more method (twin: negative.FlushTimeout, whose root has a deadline).
type Flusher struct{ client *Client }

func (f *Flusher) Kick() {
	go f.flush() // want `it runs Flusher\.flush, where it calls Client\.Send with a root context`
}

func (f *Flusher) KickAll() {
	go func() {
		f.flushAll() // want `it calls Flusher\.flushAll, which makes its own root context \(context\.Background\)`
	}()
}

func (f *Flusher) flushAll() { f.flush() }

func (f *Flusher) flush() { _ = f.client.Send(context.Background(), nil) }

func (f *Flusher) Close() error { return nil }

// Looper waits on the Done channel of a root, which is never closed.
type Looper struct{ events chan Event }

func (l *Looper) Run() {
	go func() {
		ctx := context.Background()
		for {
			select {
			case <-ctx.Done(): // want `it waits on the Done channel of a root context \(context\.Background\), which is never closed`
				return
			case <-l.events:
			}
		}
	}()
}

func (l *Looper) Poll() {
	go func() {
		ctx := context.TODO()
		for ctx.Err() == nil { // want `it loops until a root context \(context\.TODO\) has an error, which it never has`
			time.Sleep(time.Second)
		}
	}()
}

func (l *Looper) Stop() {}

// Canceller's goroutine cancels its root only when it returns: no
// deadline, nothing the stop can reach (twin: negative.TimeoutOwn).
type Canceller struct{ client *Client }

func (c *Canceller) Go() {
	go func() {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		_ = c.client.Send(ctx, nil) // want `it calls Client\.Send with a root context \(context\.Background\)`
	}()
}

func (c *Canceller) Stop() {}

// Closer releases nothing the work uses; Svc's Close is promoted from it
// (twin: negative.ConnReader, whose work uses what Close releases).
type Closer struct{ f chan int }

func (c *Closer) Close() error { close(c.f); return nil }

type Svc struct {
	*Closer
	client *Client
}

func (s *Svc) Ping() {
	go s.client.Send(context.Background(), "ping") // want `goroutine runs on a root context that Svc\.Close cannot cancel`
}

// Starter's Start is given a context by a framework and ignores it: the
// loop it starts runs on a root that Stop cannot cancel.
type Starter struct{ tick chan struct{} }

func (s *Starter) Start(_ context.Context) error {
	go s.run(context.Background()) // want `goroutine runs on a root context that Starter\.Stop cannot cancel: it is started with a root context`
	return nil
}

func (s *Starter) run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.tick:
		}
	}
}

func (s *Starter) Stop() {}

// Tasker hands its goroutine a root carried in a struct.
type job struct {
	ctx context.Context
	id  int
}

type Tasker struct{ client *Client }

func (t *Tasker) Submit(id int) {
	go t.process(job{ctx: context.Background(), id: id}) // want `it is started with a root context \(context\.Background\) in job\.ctx`
}

func (t *Tasker) process(j job) { _ = t.client.Send(j.ctx, j.id) }

func (t *Tasker) Stop() {}

// Queue is generic.
type Queue[T any] struct{ client *Client }

func (q *Queue[T]) Push(v T) {
	go q.send(context.Background(), v) // want `goroutine runs on a root context that Queue\.Stop cannot cancel`
}

func (q *Queue[T]) send(ctx context.Context, v T) { _ = q.client.Send(ctx, v) }

func (q *Queue[T]) Stop() {}

// Hooked calls a func field: the work is not known, its context is.
type Hooked struct {
	handler func(context.Context, Event)
}

func (h *Hooked) Fire(ev Event) {
	go h.handler(context.Background(), ev) // want `goroutine runs on a root context that Hooked\.Stop cannot cancel`
}

func (h *Hooked) Stop() {}

// Drainer waits for a WaitGroup that its goroutine does not join (twin:
// negative.Drained).
type Drainer struct {
	wg     sync.WaitGroup
	client *Client
}

func (d *Drainer) Send(ev Event) {
	go func() {
		_ = d.client.Send(context.Background(), ev) // want `goroutine runs on a root context that Drainer\.Close cannot cancel`
	}()
}

func (d *Drainer) Close() error { d.wg.Wait(); return nil }

// Relay's Close calls a method that closes a channel the goroutine does
// not use (twin: negative.ViaMethod).
type Relay struct {
	client *Client
	in     chan Event
	other  chan struct{}
}

func (r *Relay) Start() {
	go func() {
		for ev := range r.in {
			_ = r.client.Send(context.Background(), ev) // want `goroutine runs on a root context that Relay\.Close cannot cancel`
		}
	}()
}

func (r *Relay) Close() error { r.shutdown(); return nil }

func (r *Relay) shutdown() { close(r.other) }

// PartMissed's Stop stops a part whose method closes a channel the
// goroutine does not use (twin: negative.PartStopped).
type pool struct {
	quit, other chan struct{}
}

func (p *pool) stopAll() { close(p.other) }

type PartMissed struct {
	client *Client
	pool   *pool
}

func (s *PartMissed) Start() {
	go func() {
		select {
		case <-s.pool.quit:
		case <-time.After(time.Second):
			_ = s.client.Send(context.Background(), nil) // want `goroutine runs on a root context that PartMissed\.Stop cannot cancel`
		}
	}()
}

func (s *PartMissed) Stop() { s.pool.stopAll() }

// Metered's Stop and its work both call a helper that writes a counter
// field, and both add to an atomic counter: a shared helper is no signal
// from the stop to the work.
type meter struct{ count int }

func (m *meter) inc() { m.count++; m.count = m.count + 0 }

type Metered struct {
	client *Client
	m      *meter
	events atomic.Int64
}

func (s *Metered) Notify(ev Event) {
	go func() {
		s.m.inc()
		s.events.Add(1)
		_ = s.client.Send(context.Background(), ev) // want `goroutine runs on a root context that Metered\.Stop cannot cancel`
	}()
}

func (s *Metered) Stop() {
	s.m.inc()
	s.events.Add(-1)
}

// Traced's Stop clears a trace log the work writes to: tidying up, no
// signal (twin: negative.StateSet, whose Stop sets a state the loop reads).
type traceLog struct{ lines []string }

func (t *traceLog) printf(s string) { t.lines = append(t.lines, s) }

type Traced struct {
	client *Client
	events *traceLog
}

func (s *Traced) Serve() {
	go func() {
		s.events.printf("serving")
		_ = s.client.Send(context.Background(), nil) // want `goroutine runs on a root context that Traced\.Stop cannot cancel`
	}()
}

func (s *Traced) Stop() { s.events = nil }
