package fixes

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
	mu   sync.Mutex
	run  *Run
}

// The first read is bound to a variable: the second reuses it.
func (g *Gate) Bound() (string, func()) {
	run := g.slot.Load()
	return g.slot.Load().ID, run.Cancel // want `slot g\.slot read twice`
}

// Nothing is bound: the first read is hoisted into a local.
func (g *Gate) Hoist() string {
	if g.slot.Load() != nil {
		return g.slot.Load().ID // want `slot g\.slot read twice`
	}
	return ""
}

// The name run is taken: another is chosen.
func (g *Gate) Taken(run string) (string, string) {
	id := g.slot.Load().ID
	return id + run, g.slot.Load().ID // want `slot g\.slot read twice`
}

// Guarded: the second section reuses the first's value.
func (g *Gate) Guarded() (string, func()) {
	g.mu.Lock()
	r := g.run
	g.mu.Unlock()
	g.mu.Lock()
	defer g.mu.Unlock()
	return r.ID, g.run.Cancel // want `g\.run read twice`
}

// No fix: the first read is inside a loop header.
func (g *Gate) Loop(ids []string) []string {
	for g.slot.Load() != nil {
		ids = append(ids, g.slot.Load().ID) // want `slot g\.slot read twice`
	}
	return ids
}

// No fix: the receiver is declared by the statement that holds the first
// read.
func Scoped(gates []*Gate, i int) string {
	if g := gates[i]; g.slot.Load() != nil {
		return g.slot.Load().ID // want `slot g\.slot read twice`
	}
	return ""
}

// A state tested twice in one decision: the first load is hoisted into a
// local named after the field.
type Conn struct {
	state  atomic.Int32
	shared struct{ ID uint32 }
}

const (
	running = 1
	closed  = 2
)

func (c *Conn) Open()  { c.state.Store(running) }
func (c *Conn) Close() { c.state.Store(closed) }

func (c *Conn) Busy() bool {
	return c.state.Load() == running || c.state.Load() == closed // want `state c\.state loaded twice`
}

// An accessor and a direct read.
func (c *Conn) threadID() uint32 { return atomic.LoadUint32(&c.shared.ID) }

func wake(uint32) {}

func (c *Conn) Wake() {
	if c.threadID() != 0 {
		wake(atomic.LoadUint32(&c.shared.ID)) // want `c\.shared\.ID read twice`
	}
}

// An accessor whose direct read, in imports.go, is that file's only use
// of sync/atomic.
type Thread struct{ id uint32 }

func (t *Thread) ID() uint32 { return atomic.LoadUint32(&t.id) }

// Bind rebinds the guarded slot.
func (g *Gate) Bind(r *Run) {
	g.mu.Lock()
	g.run = r
	g.mu.Unlock()
}

// Two second reads of one first read: one finding, one fix for both.
func (g *Gate) Both() (string, func(), string) {
	run := g.slot.Load()
	return g.slot.Load().ID, run.Cancel, g.slot.Load().ID // want `slot g\.slot read twice`
}

// A write back gets no fix: reusing the first binding would write into one
// the slot may no longer hold.
func (g *Gate) Restore(work func()) {
	g.mu.Lock()
	id := g.run.ID
	g.mu.Unlock()
	work()
	g.mu.Lock()
	g.run.ID = id // want `g\.run read twice in one operation, in two critical sections of g\.mu: values read from the first binding are written back`
	g.mu.Unlock()
}
