package fixes

import (
	"sync/atomic"
)

type Metrics struct {
	max   atomic.Int64
	low   int64
	limit int64
}

// Becomes a CompareAndSwap loop.
func (m *Metrics) Observe(v int64) {
	if m.max.Load() < v {
		m.max.Store(v) // want `check-then-act on atomic m\.max`
	}
}

// The Load on the right, and a name old in use.
func (m *Metrics) Observe2(old int64) {
	if old > m.max.Load() {
		m.max.Store(old) // want `check-then-act on atomic m\.max`
	}
}

// The function form.
func (m *Metrics) Low(v int64) {
	if atomic.LoadInt64(&m.low) > v {
		atomic.StoreInt64(&m.low, v) // want `check-then-act on atomic m\.low`
	}
}

type Server struct {
	closed atomic.Bool
	done   chan struct{}
	state  int32
	cur    atomic.Pointer[Conn]
}

type Conn struct{}

// Test and set in one step.
func (s *Server) Close() {
	if !s.closed.Load() {
		s.closed.Store(true) // want `check-then-act on atomic s\.closed`
		close(s.done)
	}
}

func (s *Server) Start() {
	if atomic.LoadInt32(&s.state) == 0 {
		atomic.StoreInt32(&s.state, 1) // want `check-then-act on atomic s\.state`
		println("started")
	}
}

func (s *Server) Set(c *Conn) {
	if s.cur.Load() == nil {
		s.cur.Store(c) // want `check-then-act on atomic s\.cur`
	}
}

// No fix: the early-return form, a bound local, an init, an else, a
// stored value that is a call, a Store that is not first, more than the
// Store in an ordering test, a != test. A comment inside stays.
func (m *Metrics) Early(v int64) {
	if v <= m.max.Load() {
		return
	}
	m.max.Store(v) // want `check-then-act on atomic m\.max`
}

func (m *Metrics) Bound(v int64) {
	cur := m.max.Load()
	if cur < v {
		m.max.Store(v) // want `check-then-act on atomic m\.max`
	}
}

func (m *Metrics) Init(f func() int64) {
	if v := f(); m.max.Load() < v {
		m.max.Store(v) // want `check-then-act on atomic m\.max`
	}
}

func (m *Metrics) Else(v int64) {
	if m.max.Load() < v {
		m.max.Store(v) // want `check-then-act on atomic m\.max`
	} else {
		println("kept")
	}
}

func (s *Server) Call(mk func() *Conn) {
	if s.cur.Load() == nil {
		s.cur.Store(mk()) // want `check-then-act on atomic s\.cur`
	}
}

func (s *Server) Second() {
	if !s.closed.Load() {
		println("closing")
		s.closed.Store(true) // want `check-then-act on atomic s\.closed`
		close(s.done)
	}
}

func (m *Metrics) More(v int64) {
	if m.max.Load() < v {
		m.max.Store(v) // want `check-then-act on atomic m\.max`
		println("raised")
	}
}

func (m *Metrics) Commented(v int64) {
	if m.max.Load() < v {
		// raise it
		m.max.Store(v) // want `check-then-act on atomic m\.max`
	}
}

func (m *Metrics) NotEqual(v int64) {
	if atomic.LoadInt64(&m.limit) != 0 {
		atomic.StoreInt64(&m.limit, v) // want `check-then-act on atomic m\.limit`
	}
}
