// Package basic holds the check-then-act shapes atomicrmw reports.
package basic

import (
	"sync"
	"sync/atomic"
)

type Metrics struct {
	max   atomic.Int64
	min   atomic.Int64
	count atomic.Int64
}

// Two workers observing 5 and 7 can keep 5.
func (m *Metrics) Observe(v int64) {
	if m.max.Load() < v {
		m.max.Store(v) // want `^check-then-act on atomic m\.max: the Store depends on a comparison with an earlier Load, so a value another goroutine stores in between is lost; update it in a CompareAndSwap loop$`
	}
}

// The early-return form.
func (m *Metrics) ObserveEarly(v int64) {
	if v <= m.max.Load() {
		return
	}
	m.max.Store(v) // want `check-then-act on atomic m\.max: the Store depends on a comparison`
}

// Through a local bound to the Load.
func (m *Metrics) ObserveLocal(v int64) {
	cur := m.min.Load()
	if v < cur {
		m.min.Store(v) // want `check-then-act on atomic m\.min`
	}
}

// In the else branch.
func (m *Metrics) ObserveElse(v int64) int {
	skipped := 0
	if m.max.Load() >= v {
		skipped++
	} else {
		m.max.Store(v) // want `check-then-act on atomic m\.max`
	}
	return skipped
}

// Swap acts too.
func (m *Metrics) ObserveSwap(v int64) int64 {
	if m.max.Load() < v {
		return m.max.Swap(v) // want `check-then-act on atomic m\.max: the Swap depends`
	}
	return 0
}

// A flag tested and set: both goroutines can close.
type Server struct {
	closed atomic.Bool
	done   chan struct{}
	state  int32
	cur    atomic.Pointer[Conn]
	mu     sync.Mutex
	level  atomic.Int32
}

type Conn struct{}

func (s *Server) serve() {}

func (s *Server) Close() {
	if !s.closed.Load() {
		s.closed.Store(true) // want `^check-then-act on atomic s\.closed: two goroutines can both pass the test of its Load and both Store; test and set in one step with CompareAndSwap$`
		close(s.done)
	}
}

// The function form.
func (s *Server) Start() {
	if atomic.LoadInt32(&s.state) == 0 {
		atomic.StoreInt32(&s.state, 1) // want `check-then-act on atomic s\.state: two goroutines`
		go s.serve()
	}
}

// Lazy initialisation: the second goroutine replaces the first's value.
func (s *Server) Conn() *Conn {
	if s.cur.Load() == nil {
		s.cur.Store(&Conn{}) // want `check-then-act on atomic s\.cur`
	}
	return s.cur.Load()
}

// A case of a switch.
func (s *Server) Advance() {
	switch {
	case s.level.Load() == 0:
		s.level.Store(1) // want `check-then-act on atomic s\.level`
		s.serve()
	case s.level.Load() == 1:
		s.level.Store(2) // want `check-then-act on atomic s\.level`
		close(s.done)
	}
}

// Under the lock, but another writer does not take it.
func (s *Server) Raise(v int32) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.level.Load() < v {
		s.level.Store(v) // want `check-then-act on atomic s\.level`
	}
}

func (s *Server) Reset() { s.level.Store(0) }

// A goroutine's function literal is an operation of its own.
func (m *Metrics) Async(v int64) {
	go func() {
		if m.max.Load() < v {
			m.max.Store(v) // want `check-then-act on atomic m\.max`
		}
	}()
}

// A package-level atomic.
var peak atomic.Uint64

func Peak(v uint64) {
	if v > peak.Load() {
		peak.Store(v) // want `check-then-act on atomic peak`
	}
}

// The same path, with a writer that holds no lock.
type block struct {
	mu    sync.Mutex
	first msgID
}

type msgID struct{ seq uint64 }

func (b *block) raiseLocked(v uint64) {
	if v > atomic.LoadUint64(&b.first.seq) {
		atomic.StoreUint64(&b.first.seq, v) // want `check-then-act on atomic b\.first\.seq`
	}
}

func (b *block) Touch() { atomic.StoreUint64(&b.first.seq, 1) }

// A helper of locked code that is also called without the lock.
type queue struct {
	mu    sync.Mutex
	first atomic.Uint64
}

func (q *queue) raise(v uint64) {
	if v > q.first.Load() {
		q.first.Store(v) // want `check-then-act on atomic q\.first`
	}
}

func (q *queue) setFirst(v uint64) { q.first.Store(v) }

func (q *queue) Push(v uint64) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.raise(v)
}

func (q *queue) Reset() { q.setFirst(0) }

// Two Stores guarded by one Load are one finding, at the first (go-redis's
// EWMA: seeded when zero, folded otherwise); the other is related.
type ewma struct{ v atomic.Int64 }

func (e *ewma) observe(sample int64) {
	old := e.v.Load()
	if old == 0 {
		e.v.Store(sample) // want `check-then-act on atomic e\.v: two goroutines can both pass the test of its Load and both Store`
		return
	}
	e.v.Store(old + (sample-old)/8)
}

// The twins of a dirty flag: a writer of the other value without the lock
// can fall between the flusher's Load and its Store, and the flusher acts
// on a flag someone else cleared: reported; so is a flusher that tests for
// false while the lock-free writers store true.
type Journal struct {
	mu      sync.Mutex
	dirty   atomic.Bool
	flushed int
}

func (j *Journal) Append() { j.dirty.Store(true) }
func (j *Journal) Clear()  { j.dirty.Store(false) }

func (j *Journal) Flush() {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.dirty.Load() {
		j.dirty.Store(false) // want `check-then-act on atomic j\.dirty: two goroutines can both pass the test`
		j.flushed++
	}
}

type Journal2 struct {
	mu      sync.Mutex
	clean   atomic.Bool
	flushed int
}

func (j *Journal2) Append() { j.clean.Store(true) }

func (j *Journal2) Flush() {
	j.mu.Lock()
	defer j.mu.Unlock()
	if !j.clean.Load() {
		j.clean.Store(true) // want `check-then-act on atomic j\.clean: two goroutines can both pass the test`
		j.flushed++
	}
}

// The twin: the guarded block does work beyond a log line (it counts the
// change, or closes a channel): two goroutines that both pass the test
// both do it.
type Threshold struct {
	v       atomic.Int64
	changes int
}

func (t *Threshold) Update(p int64) {
	if t.v.Load() != p {
		t.changes++
		t.v.Store(p) // want `check-then-act on atomic t\.v: two goroutines can both pass the test`
	}
}

// The handler literal tests and sets under its lock, but another writer
// sets the flag without it (a Store of 0, the value the test found, would
// change nothing): a writer between the Load and the Store is lost.
type ordered struct {
	sync.Mutex
	resetting atomic.Uint32
	doReset   chan struct{}
}

func (c *ordered) errHandler() func(err error) {
	return func(err error) {
		c.Lock()
		if c.resetting.Load() == 0 {
			c.resetting.Store(1) // want `check-then-act on atomic c.resetting`
			c.doReset <- struct{}{}
		}
		c.Unlock()
	}
}

func (c *ordered) pause() { c.resetting.Store(2) }
