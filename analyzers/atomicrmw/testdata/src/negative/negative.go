// Package negative holds correct atomic updates that atomicrmw must not
// report.
package negative

import (
	"sync"
	"sync/atomic"
)

type Metrics struct {
	max   atomic.Int64
	count atomic.Int64
	last  atomic.Int64
}

// A CompareAndSwap loop.
func (m *Metrics) Observe(v int64) {
	for {
		cur := m.max.Load()
		if cur >= v {
			return
		}
		if m.max.CompareAndSwap(cur, v) {
			return
		}
	}
}

// The loop the fix writes.
func (m *Metrics) ObserveFor(v int64) {
	for old := m.max.Load(); old < v; old = m.max.Load() {
		if m.max.CompareAndSwap(old, v) {
			break
		}
	}
}

// Store the value compared with: a write avoided, nothing lost.
func (m *Metrics) Set(v int64) {
	if m.last.Load() != v {
		m.last.Store(v)
	}
}

// The test is on another atomic.
func (m *Metrics) Other(v int64) {
	if m.count.Load() > 100 {
		m.last.Store(v)
	}
}

// Not guarded: a Load, then a Store whatever it said.
func (m *Metrics) Replace(v int64) int64 {
	old := m.last.Load()
	m.last.Store(v)
	return old
}

// Another value's atomic.
func Copy(a, b *Metrics, v int64) {
	if a.max.Load() < v {
		b.max.Store(v)
	}
}

// A single writer: every write of level holds mu.
type Server struct {
	mu    sync.Mutex
	level atomic.Int32
	state atomic.Int32
	once  atomic.Pointer[Conn]
	gen   atomic.Uint64
}

type Conn struct{}

func NewServer() *Server {
	s := &Server{}
	s.level.Store(1) // construction: not shared yet
	return s
}

func (s *Server) Raise(v int32) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.level.Load() < v {
		s.level.Store(v)
	}
}

func (s *Server) Reset() {
	s.mu.Lock()
	s.level.Store(0)
	s.mu.Unlock()
}

// Readers need no lock.
func (s *Server) Level() int32 { return s.level.Load() }

// A function named ...Locked runs with its caller's lock held; every
// writer of state is one, or holds mu.
func (s *Server) advanceLocked() {
	if s.state.Load() == 0 {
		s.state.Store(1)
	}
}

func (s *Server) Advance() {
	s.mu.Lock()
	s.advanceLocked()
	s.mu.Unlock()
}

func (s *Server) stopLocked() { s.state.Store(2) }

// Double-checked locking: the check outside the lock only saves taking
// it; the check under the lock decides, and every writer holds mu.
func (s *Server) Conn() *Conn {
	if c := s.once.Load(); c != nil {
		return c
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.once.Load() == nil {
		s.once.Store(&Conn{})
	}
	return s.once.Load()
}

// A package-level atomic written only under a package-level mutex.
var (
	peakMu sync.Mutex
	peak   atomic.Uint64
)

func Peak(v uint64) {
	peakMu.Lock()
	defer peakMu.Unlock()
	if v > peak.Load() {
		peak.Store(v)
	}
}

// A plain counter incremented: no test, no act.
func (s *Server) Next() uint64 { return s.gen.Add(1) }

// Equality tests whose Store races harmlessly: the Store of a constant is
// the last thing its block does, so goroutines that race store the same
// value and claim nothing after it.
type Probe struct {
	unsupported atomic.Bool
	state       atomic.Int32
	mu          sync.Mutex
	pending     atomic.Bool
	gen         int32
}

func syscallX() error { return nil }

var errNoSys error

// A latch: set once the fact is discovered.
func (p *Probe) Call() error {
	if p.unsupported.Load() {
		return errNoSys
	}
	if err := syscallX(); err == errNoSys {
		p.unsupported.Store(true)
		return err
	}
	return nil
}

// Idempotent: both store 1.
func (p *Probe) Ready() {
	if p.state.Load() == 0 {
		p.state.Store(1)
	}
}

// A flag cleared after the work it guards, under a lock; another writer
// sets it without the lock before the work can start.
func (p *Probe) Flush(w func()) {
	if p.pending.Load() {
		p.mu.Lock()
		if p.pending.Load() {
			w()
			p.pending.Store(false)
		}
		p.mu.Unlock()
	}
}

func (p *Probe) Arm() { p.pending.Store(true) }

// An assertion that panics is no guard.
func (p *Probe) Reset(want int32) {
	if atomic.LoadInt32(&p.gen) != want {
		panic("misuse")
	}
	atomic.StoreInt32(&p.gen, 0)
	p.Ready()
}

// A path of fields: every writer of b.first.seq holds b.mu or is a
// ...Locked function; b.last.seq is another location.
type block struct {
	mu    sync.Mutex
	first msgID
	last  msgID
}

type msgID struct{ seq uint64 }

func (b *block) raiseLocked(v uint64) {
	if v > atomic.LoadUint64(&b.first.seq) {
		atomic.StoreUint64(&b.first.seq, v)
	}
}

func (b *block) Reset() {
	b.mu.Lock()
	atomic.StoreUint64(&b.first.seq, 0)
	b.mu.Unlock()
}

func (b *block) Touch() { atomic.StoreUint64(&b.last.seq, 1) }

// Writers whose doc comment says the caller holds the lock.
type ring struct {
	mu   sync.Mutex
	head atomic.Uint64
}

// advance moves head forward. Lock should be held.
func (r *ring) advance(v uint64) {
	if v > r.head.Load() {
		r.head.Store(v)
	}
}

// reset clears head.
// r.mu must be held.
func (r *ring) reset() { r.head.Store(0) }

func (r *ring) Advance(v uint64) {
	r.mu.Lock()
	r.advance(v)
	r.mu.Unlock()
}

// Helpers of locked code: every call of raise and of setFirst is under
// q.mu or in a function that runs with it held; a constructor's writes are
// construction.
type queue struct {
	mu    sync.Mutex
	first atomic.Uint64
}

func newQueue(v uint64) *queue {
	q := &queue{}
	q.first.Store(v)
	return q
}

func Load(v uint64) *queue {
	q := newQueue(v)
	q.first.Store(v + 1) // still construction: newQueue allocates q
	return q
}

func (q *queue) raise(v uint64) {
	if v > q.first.Load() {
		q.first.Store(v)
	}
}

func (q *queue) setFirst(v uint64) { q.first.Store(v) }

func (q *queue) Push(v uint64) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.raise(v)
	q.rewind(v)
}

// rewind runs under q.mu: its only caller holds it.
func (q *queue) rewind(v uint64) { q.setFirst(v) }

// A deferred literal runs with the lock its function's caller holds.
func (q *queue) drainLocked(v uint64) {
	defer func() {
		if q.first.Load() == 0 {
			q.first.Store(v)
			q.rewind(v)
		}
	}()
}

// A latch set on a discovery further down, not a claim right after the
// test: the Store does not stand in the block the test guards.
type stream struct{ drained atomic.Bool }

func (s *stream) fallback() int { return 0 }

func (s *stream) Recv(ch chan int) int {
	if s.drained.Load() {
		return s.fallback()
	}
	v, ok := <-ch
	if !ok {
		s.drained.Store(true)
		return s.fallback()
	}
	return v
}

// A dirty flag: writers set it without the lock, and only ever to true;
// the flusher, under the lock, clears the flag it found set. A Store(true)
// between the flusher's Load and its Store(false) changes nothing the
// flusher saw: as if it came before the Load (the flush that follows
// still sees the write). Every write of another value holds the lock.
type Journal struct {
	mu      sync.RWMutex
	dirty   atomic.Bool
	flushed int
}

func (j *Journal) Append() { j.dirty.Store(true) }

func (j *Journal) Touch() {
	j.mu.RLock()
	j.dirty.Store(true)
	j.mu.RUnlock()
}

func (j *Journal) Flush() {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.dirty.Load() {
		j.dirty.Store(false)
		j.flushed++
	}
}

func (j *Journal) Reset() {
	j.mu.Lock()
	j.dirty.Store(false)
	j.mu.Unlock()
}

// A store avoided when nothing changes, with a log line of the change
// (printf-style, under a nil test of the logger): two goroutines that both
// pass the test log twice and store their own values, last one wins, as
// without the test.
type Logger interface {
	Infof(format string, args ...any)
}

type Threshold struct {
	v   atomic.Int64
	log Logger
}

func (t *Threshold) Update(p int64) {
	if t.v.Load() != p {
		if t.log != nil {
			t.log.Infof("threshold now %d", p)
		}
		t.v.Store(p)
	}
}

// A handler literal that takes the consumer's lock tests and sets the flag
// under it, and the only other writer clears it under the same lock
// (nats.go's ordered consumer): one writer at a time.
type ordered struct {
	sync.Mutex
	resetting atomic.Uint32
	doReset   chan struct{}
}

func (c *ordered) errHandler() func(err error) {
	return func(err error) {
		c.Lock()
		if c.resetting.Load() == 0 {
			c.resetting.Store(1)
			c.doReset <- struct{}{}
		}
		c.Unlock()
	}
}

func (c *ordered) reset() {
	c.Lock()
	defer c.Unlock()
	defer c.resetting.Store(0)
}

// The look-alike of basic's gauge: a literal called where it stands runs
// under the lock its function holds, and an atomic function's &x.f is no
// escape.
type gauge struct {
	mu    sync.Mutex
	level atomic.Int32
	peak  int64
}

func (g *gauge) Raise(v int32) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.level.Load() < v {
		g.level.Store(v)
	}
	if atomic.LoadInt64(&g.peak) < int64(v) {
		atomic.StoreInt64(&g.peak, int64(v))
	}
}

func (g *gauge) Reset() {
	g.mu.Lock()
	func() {
		g.level.Store(0)
		atomic.StoreInt64(&g.peak, 0)
	}()
	g.mu.Unlock()
}

// The look-alike of basic's outer and segment: every write of the promoted
// field, and of the inner struct's field, holds the lock.
type base struct {
	mu    sync.Mutex
	state atomic.Int32
}

func (b *base) fail() {
	b.mu.Lock()
	b.state.Store(3)
	b.mu.Unlock()
}

type outer struct{ base }

func (o *outer) Start() {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.state.Load() == 0 {
		o.state.Store(1)
		o.begin()
	}
}

// begin starts the work the check-then-act claims.
func (o *outer) begin() {}

type cursor struct{ seq atomic.Uint64 }

type segment struct {
	mu          sync.Mutex
	first, last cursor
}

func (b *segment) Advance(v uint64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.first.seq.Load() < v {
		b.first.seq.Store(v)
	}
	b.last.seq.Store(0) // another field of the same type: another location
}

// The look-alike of basic's view: the mutex lies in the shared shard,
// beside the field it guards.
type shard struct {
	mu   sync.Mutex
	hits atomic.Int64
}

type view struct{ *shard }

func (v *view) Bump(n int64) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.hits.Load() < n {
		v.hits.Store(n)
	}
}

// The look-alike of basic's ticker: a literal a ...Locked function calls
// where it stands runs under its caller's lock.
type ticker struct{ n atomic.Int32 }

func (t *ticker) advanceLocked() {
	if t.n.Load() == 0 {
		t.n.Store(1)
		t.start()
	}
}

func (t *ticker) resetLocked() {
	func() { t.n.Store(2) }()
}

func (t *ticker) start() {}

// A literal a ...Locked function binds to a local and only ever calls
// runs under its caller's lock too (nats-server's updateLast in
// rebuildStateFromBufLocked).
type span struct{ last atomic.Uint64 }

func (s *span) growLocked(v uint64) {
	if s.last.Load() < v {
		s.last.Store(v)
	}
}

func (s *span) rebuildLocked(seqs []uint64) {
	updateLast := func(seq uint64) { s.last.Store(seq) }
	for _, q := range seqs {
		updateLast(q)
	}
}

// A local literal whose every call stands in the critical section writes
// under its lock.
type meter struct {
	mu  sync.Mutex
	max atomic.Int64
}

func (m *meter) Observe(v int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.max.Load() < v {
		m.max.Store(v)
	}
}

func (m *meter) Reset(vs []int64) {
	set := func(v int64) { m.max.Store(v) }
	m.mu.Lock()
	for _, v := range vs {
		set(v)
	}
	m.mu.Unlock()
}
