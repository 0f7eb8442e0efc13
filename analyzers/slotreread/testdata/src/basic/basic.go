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
