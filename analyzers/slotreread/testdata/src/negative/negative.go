// Package negative holds correct code that slotreread must not report.
package negative

import (
	"sync"
	"sync/atomic"
)

type Run struct {
	ID     string
	Cancel func()
}

type Gate struct {
	slot atomic.Pointer[Run]
	n    atomic.Int64
	on   atomic.Bool
	mu   sync.Mutex
	run  *Run
	id   string
}

// Read once, hand the value on.
func (g *Gate) Once() (string, func()) {
	run := g.slot.Load()
	return run.ID, run.Cancel
}

// Different receivers are different slots.
func Two(a, b *Gate) (string, string) {
	return a.slot.Load().ID, b.slot.Load().ID
}

// The receiver variable changes between the reads.
func Rebound(g, h *Gate) (string, string) {
	x := g.slot.Load().ID
	g = h
	return x, g.slot.Load().ID
}

// A compare-and-swap loop re-reads on every iteration.
func (g *Gate) Replace(next *Run) *Run {
	for {
		old := g.slot.Load()
		if g.slot.CompareAndSwap(old, next) {
			return old
		}
	}
}

// A read in each iteration of an ordinary loop.
func (g *Gate) Poll(n int) []string {
	var ids []string
	for range n {
		ids = append(ids, g.slot.Load().ID)
	}
	return ids
}

// A re-read after the function's own Store.
func (g *Gate) Rebind(next *Run) (string, string) {
	before := g.slot.Load().ID
	g.slot.Store(next)
	return before, g.slot.Load().ID
}

// Swap also writes.
func (g *Gate) SwapAndRead(next *Run) (*Run, string) {
	prev := g.slot.Load()
	g.slot.Swap(next)
	return prev, g.slot.Load().ID
}

// Counters and flags are not slots.
func (g *Gate) Counters() (int64, int64, bool, bool) {
	a := g.n.Load()
	b := g.n.Load()
	return a, b, g.on.Load(), g.on.Load()
}

// Double-checked locking re-reads under the lock on purpose.
func (g *Gate) Lazy() *Run {
	if r := g.slot.Load(); r != nil {
		return r
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if r := g.slot.Load(); r != nil {
		return r
	}
	r := &Run{}
	g.slot.Store(r)
	return r
}

// Has the slot changed? The second read is compared with the first.
func (g *Gate) Changed(work func()) bool {
	old := g.slot.Load()
	work()
	return g.slot.Load() != old
}

// A result that is dropped is not used.
func (g *Gate) Discard() *Run {
	_ = g.slot.Load()
	g.slot.Load()
	return g.slot.Load()
}

// Reads in exclusive branches never both happen.
func (g *Gate) Exclusive(b bool) string {
	if b {
		return g.slot.Load().ID
	}
	return g.slot.Load().Cancel2()
}

func (r *Run) Cancel2() string { return r.ID }

// One critical section, read twice: consistent.
func (g *Gate) OneSection() (string, func()) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.run.ID, g.run.Cancel
}

// Lazy initialisation under the lock: the second section writes the field.
func (g *Gate) LazyField() *Run {
	g.mu.Lock()
	r := g.run
	g.mu.Unlock()
	if r != nil {
		return r
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.run == nil {
		g.run = &Run{}
	}
	return g.run
}

// A non-pointer field read in two sections is a value, not a binding.
func (g *Gate) Strings() (string, string) {
	g.mu.Lock()
	a := g.id
	g.mu.Unlock()
	g.mu.Lock()
	b := g.id
	g.mu.Unlock()
	return a, b
}

// Two sections of different mutexes are not the same slot's sections.
type Pair struct {
	mu  sync.Mutex
	run *Run
}

func Sections(p, q *Pair) (string, string) {
	p.mu.Lock()
	a := p.run.ID
	p.mu.Unlock()
	q.mu.Lock()
	b := q.run.ID
	q.mu.Unlock()
	return a, b
}

// The field is written between the two sections by this function.
func (p *Pair) Swap(next *Run) (string, string) {
	p.mu.Lock()
	a := p.run.ID
	p.run = next
	p.mu.Unlock()
	p.mu.Lock()
	b := p.run.ID
	p.mu.Unlock()
	return a, b
}

// Not an accessor: it takes a parameter, or it does not lock.
type NotAccessor struct {
	mu  sync.Mutex
	run *Run
}

func (n *NotAccessor) Get(i int) *Run {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.run
}

func (n *NotAccessor) Unlocked() *Run { return n.run }

func UseNot(n *NotAccessor) (string, string, string, string) {
	return n.Get(0).ID, n.Get(1).ID, n.Unlocked().ID, n.Unlocked().ID
}

// A read in a goroutine's function literal and one in the caller are two
// operations.
func Spawned(g *Gate, done chan string) string {
	id := g.slot.Load().ID
	go func() { done <- g.slot.Load().ID }()
	return id
}

// A store through a pointer to an atomic may write the slot read twice.
type List struct {
	next atomic.Pointer[List]
	dead bool
}

func Prune(e *List) *List {
	i := &e.next
	for e != nil {
		if !e.dead {
			i = &e.next
		} else {
			i.Store(e.next.Load())
		}
		e = e.next.Load()
	}
	return e
}

// The second read is bound and compared with the first.
func (g *Gate) Unchanged(work func()) bool {
	before := g.slot.Load()
	work()
	after := g.slot.Load()
	return after == before
}

// Accessors of state fields (error, bool) are not slots.
type State struct {
	mu  sync.Mutex
	err error
}

func (s *State) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

func (s *State) Twice() (error, error) {
	return s.Err(), s.Err()
}

// Results that never meet: each read used on its own (a test suite's
// Require() called per assertion).
type Suite struct {
	mu      sync.Mutex
	require *Run
}

func (s *Suite) Require() *Run {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.require == nil {
		panic("Require called before Run")
	}
	return s.require
}

func (r *Run) NoError(error) {}

func (s *Suite) TestSomething(err error) {
	s.Require().NoError(err)
	s.Require().NoError(err)
	g := &Gate{}
	g.slot.Load().NoError(err)
	g.slot.Load().NoError(err)
}

func (r *Run) NotNil(x any) bool { return x != nil }

// A check on something else through the slot's value does not guard the
// slot: if s.Assert().NotNil(x) { s.Assert()... }.
func (s *Suite) TestGuard(x any) {
	if s.Require().NotNil(x) {
		s.Require().NoError(nil)
	}
}

// A marked slot read, re-read after another method of the slot (its
// binding) ran in between.
type Slot struct{ cur atomic.Pointer[Run] }

//ctxbound:slot
func (s *Slot) Load() *Run { return s.cur.Load() }

func (s *Slot) Bind(r *Run) { s.cur.Store(r) }

func Rebinds(s *Slot, next *Run) (string, string) {
	a := s.Load().ID
	s.Bind(next)
	return a, s.Load().ID
}

// Double-checked locking without a store here: the re-read under the lock
// is deliberate.
func (g *Gate) Checked(build func() *Run) *Run {
	first := g.slot.Load()
	if first != nil {
		return first
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if again := g.slot.Load(); again != nil || first != nil {
		return again
	}
	return build()
}

// Read, check, write: the function manages the slot, and its re-read
// after a possible CompareAndSwap is part of that.
func (g *Gate) Ensure() (*Run, string) {
	cur := g.slot.Load()
	if cur == nil {
		cur = &Run{}
		g.slot.CompareAndSwap(nil, cur)
	}
	return cur, g.slot.Load().ID
}

// Integers: counters, statistics, re-checks and states read once.
type Conn struct {
	state atomic.Int32
	n     atomic.Int64
	bytes atomic.Uint64
	want  int32
	id    uint32
}

const (
	idle = iota
	running
	closed
)

func work() {}

// A counter (the package adds to it) compared twice.
func (c *Conn) Count() bool {
	c.n.Add(1)
	return c.n.Load() > 10 || c.n.Load() < 0
}

// A statistic: arithmetic, not a test.
func (c *Conn) Stats() uint64 { return c.bytes.Load() + c.bytes.Load()/2 }

// A re-check in a later statement is a new decision: polling on purpose.
func (c *Conn) Steps() {
	if c.state.Load() == closed {
		return
	}
	work()
	if c.state.Load() == closed {
		return
	}
	work()
}

// A re-check inside a branch is a new decision too.
func (c *Conn) Nested() {
	if c.state.Load() == running {
		work()
		if c.state.Load() == closed {
			return
		}
	}
}

// A compare-and-swap loop writes the state itself.
func (c *Conn) Start() bool {
	for {
		s := c.state.Load()
		if s == closed {
			return false
		}
		if c.state.CompareAndSwap(s, running) {
			return true
		}
	}
}

// Read once, then tested.
func (c *Conn) Once() string {
	switch st := c.state.Load(); st {
	case idle:
		return "idle"
	case running:
		return "running"
	}
	return "closed"
}

// Compared with values, not constants: a number, not a state.
func (c *Conn) Values(other int32) bool {
	return c.state.Load() == c.want || c.state.Load() == other
}

// An integer read twice through its accessor only, as a number.
func (c *Conn) ID() uint32 { return atomic.LoadUint32(&c.id) }

func (c *Conn) Sum() uint32 { return c.ID() + c.ID() }

// A refresh into the same variable replaces the old value.
func (p *Pair) Loop(n int) string {
	p.mu.Lock()
	run := p.run
	p.mu.Unlock()
	id := ""
	for range n {
		id += run.ID
		p.mu.Lock()
		run = p.run // re-snapshot: it may have been rebound
		p.mu.Unlock()
	}
	return id
}

// A re-check under the lock taken again: is it still bound?
func (p *Pair) Recheck(work func(*Run)) {
	p.mu.Lock()
	r := p.run
	p.mu.Unlock()
	work(r)
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.run == nil {
		return
	}
}

// A pointer field bound once, at construction, is not a slot: reading it
// in two critical sections reads the same value.
type RouteConn struct {
	mu    sync.Mutex
	route *Run
}

func NewRouteConn(r *Run) *RouteConn {
	c := &RouteConn{}
	c.route = r
	return c
}

func (c *RouteConn) Describe() (string, func()) {
	c.mu.Lock()
	id := c.route.ID
	c.mu.Unlock()
	c.mu.Lock()
	defer c.mu.Unlock()
	return id, c.route.Cancel
}

// Writing a value of its own through the slot reads nothing of it: the
// current binding gets what the operation learnt (route.go:3098, a learnt
// cluster name written into the current options).
func (p *Pair) Learn(name string) {
	p.mu.Lock()
	id := p.run.ID
	p.mu.Unlock()
	use(id)
	p.mu.Lock()
	p.run.ID = name
	p.mu.Unlock()
}

func use(string) {}

// A nil re-check of a field of the slot starts a new decision.
func (p *Pair) Gone() bool {
	p.mu.Lock()
	r := p.run
	p.mu.Unlock()
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.run.Cancel == nil || r.ID == ""
}

// A field that is only ever cleared after construction is never rebound:
// two reads see its one binding, or nil (nats-server consumer.go:5492,
// o.mset, set at construction and cleared on close).
type Stream struct{ Name string }

type Consumer struct {
	mu     sync.Mutex
	mset   *Stream
	closed bool
}

func NewConsumer(s *Stream) *Consumer { return &Consumer{mset: s} }

func (o *Consumer) Close() {
	o.mu.Lock()
	o.mset = nil
	o.closed = true
	o.mu.Unlock()
}

func (o *Consumer) Loop(logf func(string, string)) {
	o.mu.Lock()
	mset := o.mset
	o.mu.Unlock()
	if mset == nil {
		return
	}
	name := mset.Name
	o.mu.Lock()
	if o.closed || o.mset == nil {
		o.mu.Unlock()
		return
	}
	logf(o.mset.Name, name)
	o.mu.Unlock()
}

// A field bound once, while it is nil, and never cleared is never rebound
// either (nats-server stream.go:8005, mset.outq): the early-return form and
// the guarded form.
type Queue struct{ n int }

type Lazy struct {
	mu   sync.Mutex
	outq *Queue
	sink *Queue
}

func (l *Lazy) setup() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.outq != nil {
		return
	}
	l.outq = &Queue{}
}

func (l *Lazy) setupSink() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.sink == nil && l.outq != nil {
		l.sink = &Queue{}
	}
}

func (l *Lazy) Send() (int, int, int, int) {
	l.mu.Lock()
	q, s := l.outq, l.sink
	l.mu.Unlock()
	l.mu.Lock()
	defer l.mu.Unlock()
	return q.n, l.outq.n, s.n, l.sink.n
}

// A guarded slot read through its inferred accessor, each read taking
// other plain data of the binding it sees (nats-server's s.getOpts()
// snapshots): as reads of two separate fields, they do not meet, in one
// statement or in two.
type Options struct {
	Key, OldKey string
	Cipher      int
	Domain      string
	MQTT        struct{ Domain string }
	Accounts    map[string]string
	Limits      struct{ MaxHA int }
	TLS         *TLS
}

type TLS struct{ GetCert func() }

type Server struct {
	mu     sync.RWMutex
	optsMu sync.RWMutex
	opts   *Options
}

func (s *Server) getOpts() *Options {
	s.optsMu.RLock()
	opts := s.opts
	s.optsMu.RUnlock()
	return opts
}

func (s *Server) setOpts(o *Options) {
	s.optsMu.Lock()
	s.opts = o
	s.optsMu.Unlock()
}

func keyGen(string) *Queue { return nil }

func newStore(cipher int, prf, oldprf *Queue) {}

func (s *Server) Store() {
	prf := keyGen(s.getOpts().Key)
	cipher := 0
	if prf != nil {
		cipher = s.getOpts().Cipher
	}
	oldprf := keyGen(s.getOpts().OldKey)
	newStore(cipher, prf, oldprf)
	newStore(0, keyGen(s.getOpts().Key), keyGen(s.getOpts().OldKey))
}

// The first read bound to a local used for plain data only (nats-server
// mqtt.go:1342).
func (s *Server) Domain(acc string) string {
	opts := s.getOpts()
	d := opts.MQTT.Domain
	if opts.Accounts != nil {
		if ad, ok := opts.Accounts[acc]; ok {
			d = ad
		}
	}
	if d == "" {
		d = s.getOpts().Domain
	}
	return d + opts.Key
}

// A snapshot from the accessor, then the current value read under the lock
// the function takes for it: a deliberate read of the newest (nats-server
// gateway.go:845, leafnode.go:1348).
func handshake(*TLS, func()) {}

func (s *Server) Connect() {
	opts := s.getOpts()
	var cb func()
	if opts.TLS != nil {
		s.mu.RLock()
		s.optsMu.RLock()
		cb = s.opts.TLS.GetCert
		s.optsMu.RUnlock()
		s.mu.RUnlock()
	}
	handshake(opts.TLS, cb)
}

// The same through an atomic slot: a value of its own written through it.
func (g *Gate) Stamp(now string) {
	id := g.slot.Load().ID
	g.slot.Load().ID = now
	use(id)
}
