// Package labels: pprof.Do calls its callback at once with its own context
// argument, labels added. The callback's context parameter is that
// argument: given a root, it carries no caller's values or cancellation,
// and a root made under it drops nothing; given the caller's context, it
// is the caller's.
package labels

import (
	"context"
	"runtime/pprof"
	syncatomic "sync/atomic"
)

type DB struct{ queue chan string }

func (db *DB) Exec(ctx context.Context, q string) error { return ctx.Err() }

var flushLabels = pprof.Labels("pebble", "flush")

// ingest makes a root; flush1, ctx-less, calls it.
func (db *DB) ingest() { db.Exec(context.Background(), "ingest") } // want `^DB.ingest makes its own root context \(context.Background\) but is called with a context in scope from a func literal in DB.Ingest and a func literal in DB.IngestUnnamed;`

func (db *DB) flush1() { db.ingest() }

// A background flush runs under profiler labels on a root: the
// callback's unnamed context is that root, not a caller's; ingest's root
// is not blamed on it.
func (db *DB) flush() {
	pprof.Do(context.Background(), flushLabels, func(context.Context) {
		db.flush1()
	})
}

// The same with the parameter named.
func (db *DB) compact() {
	pprof.Do(context.TODO(), flushLabels, func(ctx context.Context) {
		db.flush1()
		_ = ctx
	})
}

// The twin: the caller's context labelled is the caller's, named or not.
func (db *DB) Ingest(ctx context.Context) {
	pprof.Do(ctx, flushLabels, func(ctx context.Context) {
		db.flush1()
	})
}

func (db *DB) IngestUnnamed(ctx context.Context) {
	pprof.Do(ctx, flushLabels, func(context.Context) {
		db.flush1()
	})
}

// A worker loop started under labels is the component's background loop,
// looked through pprof.Do and the method that runs it: its root is not
// blamed on the caller that happened to open the component.
type cleaner struct{ db *DB }

func (c *cleaner) mainLoop() {
	for q := range c.db.queue {
		c.db.Exec(context.Background(), q)
	}
}

func openCleaner(db *DB) *cleaner {
	c := &cleaner{db: db}
	go func() {
		pprof.Do(context.Background(), flushLabels, func(context.Context) { c.mainLoop() })
	}()
	return c
}

func Open(ctx context.Context, db *DB) *cleaner { _ = ctx.Err(); return openCleaner(db) }

// The twin: one-shot work under labels on a goroutine is the starter's
// work, blamed on its callers as any, at the root it makes (the labels'
// root reaches only a callback that ignores it).
func (c *cleaner) once() { c.db.Exec(context.Background(), "once") } // want `cleaner.once makes its own root context \(context.Background\) but is called with a context in scope from Start \(through startOnce\)`

func startOnce(db *DB) {
	c := &cleaner{db: db}
	go func() {
		pprof.Do(context.Background(), flushLabels, func(context.Context) { c.once() })
	}()
}

// Work under labels on a root, whose callback takes no context and makes
// no root, drops nothing: the labels' root reaches nothing else (pebble's
// compact).
func (c *cleaner) compactOnce(n *int) {
	pprof.Do(context.Background(), flushLabels, func(context.Context) { *n++ })
}

func (c *cleaner) Compact(ctx context.Context, n *int) { c.compactOnce(n) }

// The same with the parameter named and unused.
func (c *cleaner) compactNamed(n *int) {
	pprof.Do(context.Background(), flushLabels, func(ctx context.Context) { *n++ })
}

func (c *cleaner) CompactNamed(ctx context.Context, n *int) { c.compactNamed(n) }

func Start(ctx context.Context, db *DB) { startOnce(db) }

// A single-flight background job: at most one flush runs, started by
// whichever writer passed the threshold, serving every writer meanwhile.
// It clears its flag when done and the starter tests and sets it: the
// starting call owns none of its roots.
type Store struct {
	db         *DB
	flushing   bool
	validating bool
	running    atomicBool
}

type atomicBool = syncatomic.Bool

func (s *Store) flushJob() {
	s.db.Exec(context.Background(), "flush")
	s.flushing = false
}

func (s *Store) maybeScheduleFlush() {
	if s.flushing {
		return
	}
	s.flushing = true
	go s.flushJob()
}

func (s *Store) Write(ctx context.Context) { s.maybeScheduleFlush() }

// The flag tested through a method in the condition, the job setting and
// clearing it itself.
func (s *Store) validate() {
	s.validating = true
	s.db.Exec(context.TODO(), "validate")
	s.validating = false
}

func (s *Store) shouldValidate() bool { return !s.validating }

func (s *Store) maybeValidate() {
	if s.shouldValidate() {
		go s.validate()
	}
}

func (s *Store) Ingest(ctx context.Context) { s.maybeValidate() }

// An atomic flag.
func (s *Store) compactJob() {
	defer s.running.Store(false)
	s.db.Exec(context.Background(), "compact")
}

func (s *Store) maybeCompact() {
	if s.running.CompareAndSwap(false, true) {
		go s.compactJob()
	}
}

func (s *Store) Delete(ctx context.Context) { s.maybeCompact() }

// The twins: a hook run once clears no flag, and a notification sent once
// (its flag set, never cleared) is the starter's work: blamed on the
// callers.
type Hooks struct {
	db     *DB
	onDone func()
	sent   bool
}

func (h *Hooks) finish() {
	h.db.Exec(context.Background(), "done") // want `Hooks.finish makes its own root context \(context.Background\) but is called with a context in scope from Hooks.Close \(through Hooks.done\)`
}

func (h *Hooks) done() {
	if h.onDone != nil {
		go h.finish()
	}
}

func (h *Hooks) Close(ctx context.Context) { h.done() }

func (h *Hooks) notify() {
	h.db.Exec(context.Background(), "notify") // want `Hooks.notify makes its own root context \(context.Background\) but is called with a context in scope from Hooks.Fail \(through Hooks.notifyOnce\)`
}

func (h *Hooks) notifyOnce() {
	if h.sent {
		return
	}
	h.sent = true
	go h.notify()
}

func (h *Hooks) Fail(ctx context.Context) { h.notifyOnce() }

// A debounced job started as a literal: the starter claims a
// package-level flag, the job clears it, and one job serves every caller
// meanwhile (mailpit's BroadcastMailboxStats): no caller owns its roots.
var pending syncatomic.Bool

func broadcast(db *DB) {
	if !pending.CompareAndSwap(false, true) {
		return
	}
	go func() {
		pending.Store(false)
		db.Exec(context.TODO(), "count")
	}()
}

func Notify(ctx context.Context, db *DB) { broadcast(db) }

// Twins: a literal with no flag, a flag local to the call (it coalesces
// nothing), and a package flag the job clears but the starter never tests
// are one-shot work: blamed on the callers.
func broadcastEach(db *DB) {
	go func() {
		db.Exec(context.TODO(), "count") // want `broadcastEach makes its own root context \(context.TODO\) but is called with a context in scope from NotifyEach`
	}()
}

func NotifyEach(ctx context.Context, db *DB) { broadcastEach(db) }

func broadcastLocal(db *DB) {
	var busy syncatomic.Bool
	if !busy.CompareAndSwap(false, true) {
		return
	}
	go func() {
		busy.Store(false)
		db.Exec(context.TODO(), "count") // want `broadcastLocal makes its own root context \(context.TODO\) but is called with a context in scope from NotifyLocal`
	}()
}

func NotifyLocal(ctx context.Context, db *DB) { broadcastLocal(db) }

var dirty bool

func broadcastUntested(db *DB) {
	go func() {
		dirty = false
		db.Exec(context.TODO(), "count") // want `broadcastUntested makes its own root context \(context.TODO\) but is called with a context in scope from NotifyUntested`
	}()
}

func NotifyUntested(ctx context.Context, db *DB) { broadcastUntested(db) }
