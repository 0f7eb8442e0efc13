// Package negative holds correct code stopwork must stay silent on; each
// case names its twin in package basic, which is reported.
package negative

import (
	"context"
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"
)

type Event struct{ ID int }

type Client struct{}

func (c *Client) Send(ctx context.Context, v any) error {
	<-ctx.Done()
	return ctx.Err()
}

// Owned has a lifetime context, cancelled by Stop, and uses it (twin:
// basic.Notifier).
type Owned struct {
	client *Client
	ctx    context.Context
	cancel context.CancelFunc
}

func NewOwned(c *Client) *Owned {
	ctx, cancel := context.WithCancel(context.Background())
	return &Owned{client: c, ctx: ctx, cancel: cancel}
}

func (o *Owned) Notify(ev Event) {
	go func() { _ = o.client.Send(o.ctx, ev) }()
}

func (o *Owned) Stop() { o.cancel() }

// OwnedIgnored has a lifetime context but a goroutine runs on a root:
// spawnctx reports that (the receiver's context is in scope), not stopwork.
type OwnedIgnored struct {
	client *Client
	ctx    context.Context
}

func (o *OwnedIgnored) Notify(ev Event) {
	go func() { _ = o.client.Send(context.Background(), ev) }()
}

func (o *OwnedIgnored) Close() error { return nil }

// base holds the context; Embedded embeds it.
type base struct{ ctx context.Context }

type Embedded struct {
	base
	client *Client
}

func (e *Embedded) Notify(ev Event) {
	go func() { _ = e.client.Send(context.Background(), ev) }()
}

func (e *Embedded) Stop() {}

// CancelOnly keeps only the cancel of the context its loop runs on; Stop
// calls it: the component has a lifetime context.
type CancelOnly struct {
	client *Client
	cancel context.CancelFunc
}

func (c *CancelOnly) Start() {
	ctx, cancel := context.WithCancel(context.Background())
	c.cancel = cancel
	go func() { _ = c.client.Send(ctx, nil) }()
}

func (c *CancelOnly) Notify(ev Event) {
	go func() { _ = c.client.Send(context.Background(), ev) }()
}

func (c *CancelOnly) Stop() { c.cancel() }

// StopFunc keeps its cancel in a func() field, wrapped in a literal.
type StopFunc struct {
	client *Client
	stop   func()
}

func (s *StopFunc) Start() {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	s.stop = func() { cancel(); wg.Wait() }
	go func() { _ = s.client.Send(ctx, nil) }()
}

func (s *StopFunc) Notify(ev Event) {
	go func() { _ = s.client.Send(context.Background(), ev) }()
}

func (s *StopFunc) Stop() { s.stop() }

// Cancels keeps a cancel per task and calls each on Close.
type Cancels struct {
	client  *Client
	cancels map[int]context.CancelFunc
}

func (c *Cancels) Notify(ev Event) {
	go func() { _ = c.client.Send(context.Background(), ev) }()
}

func (c *Cancels) Close() error {
	for _, cancel := range c.cancels {
		cancel()
	}
	return nil
}

// FireAndForget's goroutine only sends the root on to a worker in a value:
// it does not wait on it (twin: basic.Tasker, whose goroutine does).
type task struct {
	ctx context.Context
	ev  Event
}

type FireAndForget struct{ out chan task }

func (f *FireAndForget) Notify(ev Event) {
	go func() { f.out <- task{ctx: context.Background(), ev: ev} }()
}

func (f *FireAndForget) Stop() {}

// Logger's goroutines only log with a root: no wait (twin: basic.Notifier).
type logger struct{}

func (logger) Printf(ctx context.Context, format string, args ...any) { _ = ctx.Err() }

type Logger struct {
	log logger
	sl  *slog.Logger
}

func (l *Logger) Started() {
	go l.sl.InfoContext(context.Background(), "started")
	go func() {
		l.log.Printf(context.Background(), "started %d", 1)
		slog.InfoContext(context.TODO(), "started")
	}()
	go l.logStart()
}

func (l *Logger) logStart() { l.log.Printf(context.Background(), "started %d", 2) }

func (l *Logger) Close() error { return nil }

// TimeoutOwn's work is bounded by a timeout of its own (twin:
// basic.Canceller).
type TimeoutOwn struct{ client *Client }

func (t *TimeoutOwn) Notify(ev Event) {
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = t.client.Send(ctx, ev)
	}()
	ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(time.Second))
	go func() {
		defer cancel()
		_ = t.client.Send(ctx, ev)
	}()
}

func (t *TimeoutOwn) Stop() {}

// FlushTimeout runs a method whose root has a deadline (twin:
// basic.Flusher).
type FlushTimeout struct{ client *Client }

func (f *FlushTimeout) Kick() { go f.flush() }

func (f *FlushTimeout) flush() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_ = f.client.Send(ctx, nil)
}

func (f *FlushTimeout) Close() error { return nil }

// QuitSelect's Stop closes a quit channel the goroutine selects on (twin:
// basic.Notifier, whose goroutine does not).
type QuitSelect struct {
	client *Client
	quit   chan struct{}
	events chan Event
}

func (q *QuitSelect) Start() {
	go func() {
		for {
			select {
			case <-q.quit:
				return
			case ev := <-q.events:
				_ = q.client.Send(context.Background(), ev)
			}
		}
	}()
}

func (q *QuitSelect) Stop() { close(q.quit) }

// RangeClosed's loop ranges over a channel its Stop closes (twin:
// basic.Worker).
type RangeClosed struct {
	client *Client
	events chan Event
}

func (r *RangeClosed) Start() { go r.loop() }

func (r *RangeClosed) loop() {
	for ev := range r.events {
		_ = r.client.Send(context.Background(), ev)
	}
}

func (r *RangeClosed) Stop() { close(r.events) }

// QuitArg hands its goroutine the quit channel as an argument, and
// QuitLocal through a local.
type QuitArg struct {
	client *Client
	quit   chan struct{}
}

func (q *QuitArg) Start() {
	go wait(q.quit, q.client)
	quit := q.quit
	go func() {
		<-quit
		_ = q.client.Send(context.Background(), nil)
	}()
}

func wait(quit chan struct{}, c *Client) {
	<-quit
	_ = c.Send(context.Background(), nil)
}

func (q *QuitArg) Stop() { q.once().Do(func() { close(q.quit) }) }

func (q *QuitArg) once() *sync.Once { return new(sync.Once) }

// ConnReader's Close releases the connection its loop reads: the loop
// ends (twin: basic.Svc, whose Close releases nothing the work uses).
type ConnReader struct {
	conn   net.Conn
	client *Client
}

func (c *ConnReader) Start() {
	go func() {
		buf := make([]byte, 512)
		for {
			n, err := c.conn.Read(buf)
			if err != nil {
				return
			}
			_ = c.client.Send(context.Background(), buf[:n])
		}
	}()
}

func (c *ConnReader) Close() error { return c.conn.Close() }

// Wrapped's Close is promoted from the connection it embeds, which its
// work reads.
type Wrapped struct {
	net.Conn
	client *Client
}

func (w *Wrapped) Start() {
	go func() {
		buf := make([]byte, 512)
		if _, err := w.Read(buf); err == nil {
			_ = w.client.Send(context.Background(), buf)
		}
	}()
}

// Drained's Close waits for the goroutines it started (twin:
// basic.Drainer).
type Drained struct {
	wg     sync.WaitGroup
	client *Client
}

func (d *Drained) Send(ev Event) {
	d.wg.Add(1)
	go func() {
		defer d.wg.Done()
		_ = d.client.Send(context.Background(), ev)
	}()
}

func (d *Drained) Close() error { d.wg.Wait(); return nil }

// GroupWaited's Shutdown waits for its errgroup (twin: basic.Syncer).
type GroupWaited struct {
	g      errgroup.Group
	client *Client
}

func (s *GroupWaited) Sync() {
	s.g.Go(func() error { return s.client.Send(context.Background(), nil) })
}

func (s *GroupWaited) Shutdown(ctx context.Context) error { _ = ctx.Err(); return s.g.Wait() }

// Flagged's Stop sets a flag its loop reads.
type Flagged struct {
	client  *Client
	stopped atomic.Bool
}

func (f *Flagged) Start() {
	go func() {
		for !f.stopped.Load() {
			_ = f.client.Send(context.Background(), nil)
		}
	}()
}

func (f *Flagged) Stop() { f.stopped.Store(true) }

// ViaMethod's Close closes the quit channel through another method (twin:
// basic.Relay).
type ViaMethod struct {
	client *Client
	quit   chan struct{}
}

func (v *ViaMethod) Start() {
	go func() {
		<-v.quit
		_ = v.client.Send(context.Background(), nil)
	}()
}

func (v *ViaMethod) Close() error { v.shutdown(); return nil }

func (v *ViaMethod) shutdown() { close(v.quit) }

// Ticked's Stop stops the ticker its loop ranges over.
type Ticked struct {
	client *Client
	ticker *time.Ticker
}

func (t *Ticked) Start() {
	go func() {
		for range t.ticker.C {
			_ = t.client.Send(context.Background(), nil)
		}
	}()
}

func (t *Ticked) Stop() { t.ticker.Stop() }

// Joined's Stop waits for a done channel the goroutine closes.
type Joined struct {
	client *Client
	done   chan struct{}
}

func (j *Joined) Start() {
	go func() {
		defer close(j.done)
		_ = j.client.Send(context.Background(), nil)
	}()
}

func (j *Joined) Stop() { <-j.done }

// WithCaller has the caller's context in scope: spawnctx reports the drop.
type WithCaller struct{ client *Client }

func (w *WithCaller) Handle(ctx context.Context, ev Event) {
	go func() { _ = w.client.Send(context.Background(), ev) }()
}

func (w *WithCaller) Stop() {}

// StopStarts: work the stop method itself starts.
type StopStarts struct{ client *Client }

func (s *StopStarts) Stop() {
	go func() { _ = s.client.Send(context.Background(), "bye") }()
}

// NoStop has no stop method: not a component.
type NoStop struct{ client *Client }

func (n *NoStop) Notify(ev Event) {
	go func() { _ = n.client.Send(context.Background(), ev) }()
}

// stop is unexported: not a component's API.
func (n *NoStop) stop() {}

// Deferred's goroutine sends a last message in a deferred call: a fresh
// root is right there.
type Deferred struct{ client *Client }

func (d *Deferred) Start(events chan Event) {
	go func() {
		defer func() { _ = d.client.Send(context.Background(), "done") }()
		for range events {
		}
	}()
}

func (d *Deferred) Stop() {}

// Ignores's work takes a context it ignores.
type Ignores struct{}

func (i *Ignores) Notify(ev Event) { go i.handle(context.Background(), ev) }

func (i *Ignores) handle(_ context.Context, ev Event) {}

func (i *Ignores) Stop() {}

// PartStopped's Stop stops a part, whose own method closes the quit
// channel the goroutine selects on (twin: basic.PartMissed).
type pool struct{ quit chan struct{} }

func (p *pool) stopAll() { close(p.quit) }

type PartStopped struct {
	client *Client
	pool   *pool
}

func (s *PartStopped) Start() {
	go func() {
		select {
		case <-s.pool.quit:
		case <-time.After(time.Second):
			_ = s.client.Send(context.Background(), nil)
		}
	}()
}

func (s *PartStopped) Stop() { s.pool.stopAll() }

// StateSet's Stop sets a state its loop reads (twin: basic.Traced).
type StateSet struct {
	client *Client
	mu     sync.Mutex
	state  int
}

func (s *StateSet) Start() {
	go func() {
		for {
			s.mu.Lock()
			st := s.state
			s.mu.Unlock()
			if st != 0 {
				return
			}
			_ = s.client.Send(context.Background(), nil)
		}
	}()
}

func (s *StateSet) Stop() {
	s.mu.Lock()
	s.state = 1
	s.mu.Unlock()
}
