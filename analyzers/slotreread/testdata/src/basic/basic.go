// Package basic holds the shapes slotreread reports. The first is seed
// 003's approval gate: pre_call took the run from the slot, then read the
// slot again for the approval's request id.
package basic

import (
	"sync"
	"sync/atomic"
)

type Run struct {
	ID     string
	Cancel func()
}

type Approval struct {
	RequestID string
	Wait      func()
}

// Gate is an approval gate bound to the current run through a slot.
type Gate struct {
	slot atomic.Pointer[Run]
}

func (g *Gate) PreCall() Approval {
	run := g.slot.Load()
	return Approval{
		RequestID: g.slot.Load().ID, // want `slot g\.slot read twice in one operation: a rebind between the reads mixes two runs' state; read it once into a local and use it for both`
		Wait:      run.Cancel,
	}
}

// A nil check on one read, use of another.
func (g *Gate) NilThenUse() string {
	if g.slot.Load() != nil {
		return g.slot.Load().ID // want `slot g\.slot read twice`
	}
	return ""
}

// atomic.Value is a slot too.
type Holder struct {
	v atomic.Value
}

func (h *Holder) Pair() (string, string) {
	a := h.v.Load().(*Run)
	b := h.v.Load().(*Run) // want `slot h\.v read twice`
	return a.ID, b.ID
}

// A package-level slot.
var current atomic.Pointer[Run]

func Describe() (string, func()) {
	id := current.Load().ID
	return id, current.Load().Cancel // want `slot current read twice`
}

// A field read in two critical sections of the same mutex.
type Session struct {
	mu  sync.Mutex
	run *Run
}

func (s *Session) Approve() Approval {
	s.mu.Lock()
	id := s.run.ID
	s.mu.Unlock()

	s.mu.Lock()
	defer s.mu.Unlock()
	return Approval{RequestID: id, Wait: s.run.Cancel} // want `s\.run read twice in one operation, in two critical sections of s\.mu`
}

// An RWMutex and a value receiver reached through a pointer.
type Table struct {
	mu    sync.RWMutex
	owner interface{ Name() string }
}

func (t *Table) Names() (string, string) {
	t.mu.RLock()
	a := t.owner.Name()
	t.mu.RUnlock()
	t.mu.RLock()
	b := t.owner.Name() // want `t\.owner read twice in one operation, in two critical sections of t\.mu`
	t.mu.RUnlock()
	return a, b
}

// An inferred accessor: it returns a field read under the receiver's mutex.
type Binder struct {
	mu  sync.Mutex
	run *Run
}

func (b *Binder) Current() *Run {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.run
}

// Bind binds the next run: the field is a slot.
func (b *Binder) Bind(r *Run) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.run = r
}

// Lazy's id is made once, while it is nil, and never bound again: read
// twice through its accessor, both reads see the same value once it is
// set (a look-alike of Binder).
type Lazy struct {
	mu sync.Mutex
	id *int
}

func (l *Lazy) ID() *int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.id
}

func (l *Lazy) open(n int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.id == nil {
		l.id = &n
	}
}

func UseLazy(l *Lazy, used map[int]bool) {
	if l.ID() != nil {
		used[*l.ID()] = true
	}
}

// Twin: Lazy2's id is also cleared, so it can be bound again.
type Lazy2 struct {
	mu sync.Mutex
	id *int
}

func (l *Lazy2) ID() *int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.id
}

func (l *Lazy2) open(n int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.id == nil {
		l.id = &n
	}
}

func (l *Lazy2) close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.id = nil
}

func UseLazy2(l *Lazy2, used map[int]bool) {
	if l.ID() != nil {
		used[*l.ID()] = true // want `slot l\.ID\(\) read twice`
	}
}

// An inferred accessor of an atomic field.
type Wrapper struct {
	cur atomic.Pointer[Run]
}

func (w *Wrapper) Run() *Run { return w.cur.Load() }

func UseAccessors(b *Binder, w *Wrapper) (string, func(), string, func()) {
	id := b.Current().ID
	cancel := b.Current().Cancel // want `slot b\.Current\(\) read twice`
	wid := w.Run().ID
	return id, cancel, wid, w.cur.Load().Cancel // want `slot w\.cur read twice`
}

// A method marked as a slot read, here on an interface.
type Binding interface {
	//ctxbound:slot
	Current() *Run
}

func Marked(s Binding) Approval {
	r := s.Current()
	return Approval{RequestID: r.ID, Wait: s.Current().Cancel} // want `slot s\.Current\(\) read twice`
}

// Embedded fields: the promoted and the explicit path are one slot.
type Inner struct{ slot atomic.Pointer[Run] }
type Outer struct{ Inner }

func Promoted(o *Outer) (string, string) {
	a := o.slot.Load().ID
	return a, o.Inner.slot.Load().ID // want `slot o\.Inner\.slot read twice`
}

// A read in a branch after one before it.
func Branch(g *Gate, verbose bool) string {
	id := g.slot.Load().ID
	if verbose {
		return id + g.slot.Load().ID // want `slot g\.slot read twice`
	}
	return id
}

// Reads in a function literal are one operation of their own.
func Closure(g *Gate) func() (string, string) {
	return func() (string, string) {
		a := g.slot.Load().ID
		return a, g.slot.Load().ID // want `slot g\.slot read twice`
	}
}

// Second read after the loop that held the first.
func AfterLoop(g *Gate, n int) string {
	var id string
	for i := 0; i < n; i++ {
		id = g.slot.Load().ID
	}
	return id + g.slot.Load().ID // want `slot g\.slot read twice`
}

// A marked slot read twice with an unrelated method of another value in
// between.
type Slot struct{ cur atomic.Pointer[Run] }

//ctxbound:slot
func (s *Slot) Load() *Run { return s.cur.Load() }

func (s *Slot) Bind(r *Run) { s.cur.Store(r) }

func Twice(s *Slot, other *Slot, next *Run) (string, string) {
	a := s.Load().ID
	other.Bind(next)
	return a, s.Load().ID // want `slot s\.Load\(\) read twice`
}

// An integer held as a state: loaded twice in one decision, a store
// between the loads misclassifies it.
type Conn struct {
	state       atomic.Int32
	interrupted uint32
	flags       atomic.Uint32
	shared      struct{ ID uint32 }
}

const (
	idle = iota
	running
	closed
)

// The state goes from closed back to running (a reconnect), so a store
// between Busy's loads can make both tests fail.
func (c *Conn) Reconnect() { c.state.Store(running) }
func (c *Conn) Close()     { c.state.Store(closed) }

func (c *Conn) Busy() bool {
	return c.state.Load() == running || c.state.Load() == closed // want `state c\.state loaded twice in one decision: a store between the loads misclassifies it; load it once into a local and test the local`
}

// The conditions of one if-else chain are one decision.
func (c *Conn) Interrupted() string {
	if atomic.LoadUint32(&c.interrupted) == 1 {
		return "soft"
	} else if atomic.LoadUint32(&c.interrupted) == 2 { // want `state c\.interrupted loaded twice in one decision`
		return "hard"
	}
	return ""
}

// So are the cases of one switch.
func (c *Conn) Describe() string {
	switch {
	case c.state.Load() == idle:
		return "idle"
	case c.state.Load() == running: // want `state c\.state loaded twice in one decision`
		return "running"
	}
	return "closed"
}

// A flag word tested through masks.
func (c *Conn) Ready() bool {
	return c.flags.Load()&1 != 0 && c.flags.Load()&2 == 0 // want `state c\.flags loaded twice in one decision`
}

// An integer read through its accessor and again directly in one
// operation.
func (c *Conn) threadID() uint32 { return atomic.LoadUint32(&c.shared.ID) }

func wake(id uint32) {}

func (c *Conn) Wake() {
	if c.threadID() != 0 {
		wake(atomic.LoadUint32(&c.shared.ID)) // want `c\.shared\.ID read twice in one operation, through c\.threadID\(\) and directly: a store between the reads gives the operation two values; read it once into a local and use it for both`
	}
}

// An accessor of a promoted field and a direct read of the same field.
func (o *Outer) Cur() *Run { return o.slot.Load() }

func PromotedAccessor(o *Outer) (string, string) {
	a := o.Cur().ID
	return a, o.Inner.slot.Load().ID // want `slot o\.Inner\.slot read twice`
}

// The guarded slots above are rebound by their owners.
func (s *Session) Bind(r *Run) {
	s.mu.Lock()
	s.run = r
	s.mu.Unlock()
}

func (t *Table) SetOwner(o interface{ Name() string }) {
	t.mu.Lock()
	t.owner = o
	t.mu.Unlock()
}

// A write back (nats-server stream.go:3641): values captured from the
// slot, the lock released, then written into whatever the slot holds now.
// One finding, at the first write back; the others are the same root cause.
type Mirror struct {
	lag, sseq, dseq uint64
}

type Stream struct {
	mu     sync.Mutex
	mirror *Mirror
}

func (s *Stream) Process(store func() error) {
	s.mu.Lock()
	olag, osseq, odseq := s.mirror.lag, s.mirror.sseq, s.mirror.dseq
	s.mirror.sseq++
	s.mu.Unlock()
	if store() != nil {
		s.mu.Lock()
		if s.mirror != nil {
			s.mirror.lag = olag // want `s\.mirror read twice in one operation, in two critical sections of s\.mu: values read from the first binding are written back into the second, another run's after a rebind between them; keep the first in a local and write back only while the slot still holds it`
			s.mirror.dseq = odseq
			s.mirror.sseq = osseq
		}
		s.mu.Unlock()
	}
}

// The mirror is set up once while nil, and cleared: bound, cleared, bound
// again, so it is a slot.
func (s *Stream) Setup() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.mirror == nil {
		s.mirror = &Mirror{}
	}
}

func (s *Stream) Reset() {
	s.mu.Lock()
	s.mirror = nil
	s.mu.Unlock()
}

// A write back through an atomic slot.
type Counter struct {
	cur atomic.Pointer[Mirror]
}

func (c *Counter) Undo(work func()) {
	lag := c.cur.Load().lag
	work()
	c.cur.Load().lag = lag // want `slot c\.cur read twice in one operation: values read from the first binding are written back into the second`
}

// Two second reads of one first read are one finding, at the first.
func (g *Gate) Both() (string, func(), string) {
	run := g.slot.Load()
	return g.slot.Load().ID, run.Cancel, g.slot.Load().ID // want `slot g\.slot read twice`
}

// An inferred accessor of a guarded slot: two reads that take the same
// field meet on it, and a read that keeps the binding meets any other.
type Options struct {
	Key    string
	Port   int
	Cancel func()
}

type Server struct {
	mu   sync.RWMutex
	opts *Options
}

func (s *Server) getOpts() *Options {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.opts
}

func (s *Server) Reload(o *Options) {
	s.mu.Lock()
	s.opts = o
	s.mu.Unlock()
}

func (s *Server) SameField() string {
	k := s.getOpts().Key
	return k + s.getOpts().Key // want `slot s\.getOpts\(\) read twice`
}

func (s *Server) KeepsBinding() (string, func()) {
	opts := s.getOpts()
	return s.getOpts().Key, opts.Cancel // want `slot s\.getOpts\(\) read twice`
}

func keep(*Options) {}

func (s *Server) PassesBinding() int {
	opts := s.getOpts()
	keep(opts)
	return opts.Port + s.getOpts().Port // want `slot s\.getOpts\(\) read twice`
}

// A nil test of one read covers every field of another.
func (s *Server) NilThenField() string {
	if s.getOpts() != nil {
		return s.getOpts().Key // want `slot s\.getOpts\(\) read twice`
	}
	return ""
}

// A direct read under the lock, then the accessor: the accessor's second
// read is not a refresh the function locked for.
func (s *Server) DirectThenAccessor() (string, func()) {
	s.mu.RLock()
	opts := s.opts
	s.mu.RUnlock()
	return opts.Key, s.getOpts().Cancel // want `slot s\.getOpts\(\) read twice`
}

// A marked accessor declares a slot: every read of it counts, plain data
// of two fields included (its inferred twin, in negative.go, is silent).
type Pinned struct {
	mu   sync.Mutex
	opts *Options
}

//ctxbound:slot
func (p *Pinned) Current() *Options {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.opts
}

func (p *Pinned) Keys() (string, int) {
	k := p.Current().Key
	port := p.Current().Port // want `slot p\.Current\(\) read twice`
	return k, port
}

// The atomic behind a pointer field is a slot like one held by value.
type ptrMixin struct {
	state *atomic.Pointer[Run]
}

func (m *ptrMixin) twice() string {
	r := m.state.Load()
	return r.ID + m.state.Load().ID // want `slot m.state read twice in one operation`
}

// An atomic.Value that holds a pointer binds a run: every read counts.
type valueSlot struct{ v atomic.Value }

func (s *valueSlot) Bind(r *Run) { s.v.Store(r) }

func (s *valueSlot) twice() string {
	r := s.v.Load().(*Run)
	return r.ID + s.v.Load().(*Run).ID // want `slot s.v read twice in one operation`
}

// A method of the package that rebinds the slot, called only on a path
// that leaves without a second read (an error path that retries) or after
// the last read, says nothing of the reads: reported (a rebind between
// them between two runs is still another goroutine's to make).
type Mirrored struct {
	slot atomic.Pointer[Run]
}

func (m *Mirrored) retry() { m.slot.Store(&Run{}) }

func (m *Mirrored) Process(ok bool) string {
	run := m.slot.Load()
	if !ok {
		m.retry()
		return ""
	}
	id := m.slot.Load().ID // want `slot m\.slot read twice`
	if id == "" {
		m.retry()
	}
	return run.ID + id
}
