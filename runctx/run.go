package runctx

import (
	"context"
	"sync/atomic"
)

// An Event is what a run tells its observer: which run (and its parent and
// session) and what happened.
type Event struct {
	Run     string // the run's id
	Parent  string // the parent run's id, "" for a root run
	Session string // the session the run's context carries
	Kind    string // what happened: "approval_requested", "completed", ...
	Detail  string
}

// An Observer receives a run's events, synchronously, on the goroutine that
// calls [Run.Notify]. A child run reports to its parent's observer, so an
// approval raised by a worker reaches the orchestration's observer (seed 003)
// stamped with the worker's own run.
type Observer func(Event)

// A Run is one execution (an agent turn, a job) with its own context: the
// run id and the caller's identity, and a cancel that belongs to this run
// alone. A Run is safe for concurrent use.
//
// cancelshare relies on [Run.Child]: a child gets a cancel derived from the
// parent's context, never the parent's cancel function (seed 003: a worker
// run was given parent.cancel.clone(), so cancelling the worker cancelled
// the whole orchestration).
type Run struct {
	id      string
	parent  string
	ctx     context.Context
	cancel  context.CancelCauseFunc
	observe Observer
}

// NewRun starts a run with the given id under ctx: its context carries ctx's
// values and the run id ([RunID]), and is cancelled when ctx is or when the
// run is cancelled. observe, which may be nil, receives the run's events and
// its children's.
func NewRun(ctx context.Context, id string, observe Observer) *Run {
	rctx, cancel := context.WithCancelCause(WithRun(ctx, id))
	return &Run{id: id, ctx: rctx, cancel: cancel, observe: observe}
}

// ID returns the run's id.
func (r *Run) ID() string { return r.id }

// Context returns the run's context: pass it to everything the run does.
func (r *Run) Context() context.Context { return r.ctx }

// Cancel cancels this run and its children, with cause (nil means
// context.Canceled). It never cancels the run's parent.
func (r *Run) Cancel(cause error) { r.cancel(cause) }

// Done returns a channel closed when the run is cancelled.
func (r *Run) Done() <-chan struct{} { return r.ctx.Done() }

// Err returns nil while the run is live and its context's error after.
func (r *Run) Err() error { return r.ctx.Err() }

// Child starts a child run with the given id: it carries the parent's
// identity (session, task) with its own run id, reports to the parent's
// observer, and has its own cancel derived from the parent's context.
// Cancelling the parent cancels the child; cancelling the child never
// cancels the parent.
func (r *Run) Child(id string) *Run {
	c := NewRun(r.ctx, id, r.observe)
	c.parent = r.id
	return c
}

// Notify sends an event of the given kind to the run's observer, if any,
// stamped with the run's id, parent and session.
func (r *Run) Notify(kind, detail string) {
	if r.observe == nil {
		return
	}
	r.observe(Event{Run: r.id, Parent: r.parent, Session: Session(r.ctx), Kind: kind, Detail: detail})
}

// A Snapshot is what one read of a [Slot] returns: the run bound at that
// moment and the value bound with it, consistent with each other. It is a
// plain value: passing it on is not a slot read (slotreread counts only
// Slot.Load).
type Snapshot[T any] struct {
	Run   *Run
	Value T
}

// Context returns the snapshot's run context, or nil for an empty snapshot.
func (s Snapshot[T]) Context() context.Context {
	if s.Run == nil {
		return nil
	}
	return s.Run.Context()
}

// A Slot holds the run a long-lived object (an approval gate, a tool, a
// wrapper) is currently bound to, with a per-run value T. The zero Slot is
// empty and ready to use; a Slot must not be copied after first use.
//
// Read once, hand the snapshot on: an operation calls Load once and passes
// the Snapshot to everything it does. Two Loads in one operation can see two
// different runs if the slot is rebound in between (seed 003: an approval
// carried run B's id while waiting on run A's cancel). Load is declared a
// slot accessor, so slotreread reports two Loads of the same Slot in one
// operation whose results are used together.
type Slot[T any] struct {
	cur atomic.Pointer[Snapshot[T]]
}

// Bind binds the slot to run r with value v and returns a function that
// restores the previous binding, unless the slot was rebound since. Bind
// starts a new binding, not an operation: the operations served under it
// each Load once.
func (s *Slot[T]) Bind(r *Run, v T) (restore func()) {
	snap := &Snapshot[T]{Run: r, Value: v}
	prev := s.cur.Swap(snap)
	return func() { s.cur.CompareAndSwap(snap, prev) }
}

// Load returns the current binding and whether there is one. Call it once
// per operation and hand the snapshot on.
//
//ctxbound:slot
func (s *Slot[T]) Load() (Snapshot[T], bool) {
	snap := s.cur.Load()
	if snap == nil {
		return Snapshot[T]{}, false
	}
	return *snap, true
}
