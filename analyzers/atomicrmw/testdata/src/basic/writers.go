package basic

import (
	"sync"
	"sync/atomic"
)

// The twins of negative's Server.Raise: every other writer seems to hold
// mu, but one does not hold it when it writes.
type gauge struct {
	mu    sync.Mutex
	level atomic.Int32
	peak  atomic.Int64
}

func (g *gauge) Raise(v int32) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.level.Load() < v {
		g.level.Store(v) // want `check-then-act on atomic g\.level`
	}
}

// The goroutine runs after the Unlock: its Store holds nothing.
func (g *gauge) ResetLater() {
	g.mu.Lock()
	go func() {
		g.level.Store(0)
	}()
	g.mu.Unlock()
}

func (g *gauge) Peak(v int64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.peak.Load() < v {
		g.peak.Store(v) // want `check-then-act on atomic g\.peak`
	}
}

// The address of peak escapes: whoever holds the pointer writes it
// without the lock, and no write through it is seen.
func (g *gauge) Sink() *atomic.Int64 { return &g.peak }

// A field promoted from an embedded struct is one field: base's own
// method writes it without outer's lock.
type base struct {
	mu    sync.Mutex
	state atomic.Int32
}

func (b *base) fail() { b.state.Store(3) }

type outer struct{ base }

func (o *outer) Start() {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.state.Load() == 0 {
		o.state.Store(1) // want `check-then-act on atomic o\.state`
		o.begin()
	}
}

// begin starts the work the check-then-act claims.
func (o *outer) begin() {}

func (o *outer) Stop() {
	o.mu.Lock()
	o.state.Store(2)
	o.mu.Unlock()
}

// A write through a pointer to the inner struct writes the field of every
// value that holds one.
type cursor struct{ seq atomic.Uint64 }

type segment struct {
	mu    sync.Mutex
	first cursor
}

func (b *segment) Advance(v uint64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.first.seq.Load() < v {
		b.first.seq.Store(v) // want `check-then-act on atomic b\.first\.seq`
	}
}

func (p *cursor) reset() { p.seq.Store(0) }

// Views that share one *shard each lock their own mu: two of them can
// both pass the test of the shard's hits.
type shard struct{ hits atomic.Int64 }

type view struct {
	mu sync.Mutex
	*shard
}

func (v *view) Bump(n int64) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.hits.Load() < n {
		v.hits.Store(n) // want `check-then-act on atomic v\.hits`
	}
}

// A goroutine started by a ...Locked function runs after its caller's
// Unlock: its Store holds no lock.
type ticker struct{ n atomic.Int32 }

func (t *ticker) advanceLocked() {
	if t.n.Load() == 0 {
		t.n.Store(1) // want `check-then-act on atomic t\.n`
		t.start()
	}
}

func (t *ticker) resetLocked() {
	go func() { t.n.Store(2) }()
}

func (t *ticker) start() {}

// A package-level declaration takes the address of the high-water mark:
// whoever holds highRef writes it without the lock.
var (
	highMu  sync.Mutex
	high    atomic.Int64
	highRef = &high
)

func RaiseHigh(v int64) {
	highMu.Lock()
	defer highMu.Unlock()
	if high.Load() < v {
		high.Store(v) // want `check-then-act on atomic high`
	}
}

// The twin of negative's span: the local literal also runs as a
// goroutine, after the caller's Unlock.
type span struct{ last atomic.Uint64 }

func (s *span) growLocked(v uint64) {
	if s.last.Load() < v {
		s.last.Store(v) // want `check-then-act on atomic s\.last`
	}
}

func (s *span) rebuildLocked(seqs []uint64) {
	updateLast := func(seq uint64) { s.last.Store(seq) }
	for _, q := range seqs {
		updateLast(q)
	}
	go updateLast(0)
}

// The twin of negative's meter: one call of the local literal stands
// after the Unlock.
type meter struct {
	mu  sync.Mutex
	max atomic.Int64
}

func (m *meter) Observe(v int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.max.Load() < v {
		m.max.Store(v) // want `check-then-act on atomic m\.max`
	}
}

func (m *meter) Reset(vs []int64) {
	set := func(v int64) { m.max.Store(v) }
	m.mu.Lock()
	for _, v := range vs {
		set(v)
	}
	m.mu.Unlock()
	set(0)
}
