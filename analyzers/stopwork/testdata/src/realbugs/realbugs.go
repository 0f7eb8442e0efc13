// Package realbugs: the shape of the fixed bugs that motivate stopwork
// (issue 22), before and after their fixes. A component with a stop method
// started a goroutine per event on context.Background(); nothing tied the
// work to the component's lifetime and it ran on after the stop. Both
// fixes kept a ctx and cancel in the component, cancelled them in its stop
// method, and ran the goroutines on the ctx.
package realbugs

import (
	"context"
	"sync"
)

type Event struct{ Key string }

type Store interface {
	Put(ctx context.Context, key string) error
}

// Dispatcher, before: each event is delivered on its own goroutine with a
// root context; Stop only unsubscribes.
type Dispatcher struct {
	store Store
	mu    sync.Mutex
	subs  map[string]func(Event)
}

func (d *Dispatcher) Dispatch(ev Event) {
	d.mu.Lock()
	defer d.mu.Unlock()
	go func() {
		if err := d.store.Put(context.Background(), ev.Key); err != nil { // want `goroutine runs on a root context that Dispatcher\.Stop cannot cancel`
			return
		}
	}()
}

func (d *Dispatcher) Stop() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.subs = nil
}

// FixedDispatcher, after: a lifetime context made with the component,
// cancelled by Stop, used by every goroutine.
type FixedDispatcher struct {
	store  Store
	ctx    context.Context
	cancel context.CancelFunc
}

func NewFixedDispatcher(s Store) *FixedDispatcher {
	ctx, cancel := context.WithCancel(context.Background())
	return &FixedDispatcher{store: s, ctx: ctx, cancel: cancel}
}

func (d *FixedDispatcher) Dispatch(ev Event) {
	go func() { _ = d.store.Put(d.ctx, ev.Key) }()
}

func (d *FixedDispatcher) Stop() { d.cancel() }

// Watcher, before: a change starts a resync on a root context, through a
// method of its own.
type Watcher struct {
	store   Store
	changes chan Event
	done    chan struct{}
}

func (w *Watcher) Run() {
	for {
		select {
		case <-w.done:
			return
		case ev := <-w.changes:
			go w.resync(ev) // want `goroutine runs on a root context that Watcher\.Close cannot cancel: it runs Watcher\.resync, where it calls Store\.Put with a root context \(context\.Background\)`
		}
	}
}

func (w *Watcher) resync(ev Event) { _ = w.store.Put(context.Background(), ev.Key) }

func (w *Watcher) Close() error { close(w.done); return nil }

// FixedWatcher, after.
type FixedWatcher struct {
	store   Store
	changes chan Event
	ctx     context.Context
	cancel  context.CancelFunc
}

func (w *FixedWatcher) Run() {
	for {
		select {
		case <-w.ctx.Done():
			return
		case ev := <-w.changes:
			go w.resync(ev)
		}
	}
}

func (w *FixedWatcher) resync(ev Event) { _ = w.store.Put(w.ctx, ev.Key) }

func (w *FixedWatcher) Close() error { w.cancel(); return nil }
