// Package reg keeps the funcs it is given for later (a registry of
// hooks), or runs them at once.
package reg

import (
	"context"
	"sync/atomic"
)

type Dialog struct {
	hooks   []func(int)
	onClose func()
	onEnd   atomic.Pointer[func(int)]
}

// OnState keeps f: it runs when the state changes, later.
func (d *Dialog) OnState(f func(int)) { d.hooks = append(d.hooks, f) }

// OnClose keeps f through a local.
func (d *Dialog) OnClose(f func()) {
	g := f
	d.onClose = g
}

// OnEnd chains f into a hook swapped in atomically (sipgo's OnState).
func (d *Dialog) OnEnd(f func(int)) {
	for {
		cur := d.onEnd.Load()
		next := f
		if cur != nil {
			prev := *cur
			next = func(s int) {
				f(s)
				prev(s)
			}
		}
		if d.onEnd.CompareAndSwap(cur, &next) {
			return
		}
	}
}

// Replay keeps f and runs it at once too.
func (d *Dialog) Replay(f func(int)) {
	d.OnState(f)
	f(0)
}

// Each runs f now, for every hook.
func (d *Dialog) Each(f func(int)) {
	for range d.hooks {
		f(1)
	}
}

// Guarded runs f now if it is set.
func Guarded(ctx context.Context, f func()) {
	_ = ctx.Err()
	if f != nil {
		f()
	}
}

// Queue hands work to a worker that drains it: the caller's work, not a
// registration.
type Queue struct{ work chan func() }

func (q *Queue) Later(f func()) { q.work <- f }
