// Package decision holds slotreread's "one decision, one read" shapes
// (issue 20, item 2): a state loaded in a condition and again in the branch
// it guards, and a value checked before its use and loaded again for the
// use without the check; with their look-alikes (double-checked locking,
// polling loops, re-checks for a change, re-checks after waiting).
package decision

import (
	"sync"
	"sync/atomic"
	"time"
)

const (
	none = iota
	resubmit
	cancel
)

type Worker struct {
	sig  atomic.Int32
	wake chan struct{}
}

func resend()  {}
func stop()    {}
func handle()  {}
func counted() {}

// The signal is loaded in the condition (!= none) and loaded again inside
// to classify it: a store between the loads classifies another signal.
func (w *Worker) Step() {
	if w.sig.Load() != none {
		if w.sig.Load() == resubmit { // want `^state w\.sig loaded in a condition and again in the branch it guards: a store between the loads misclassifies it; load it once \(a switch on one load, or a local\) and test that$`
			resend()
		} else {
			stop()
		}
	}
}

// The else branch of == none knows only != none.
func (w *Worker) StepElse() {
	if w.sig.Load() == none {
		handle()
	} else if w.sig.Load() == resubmit { // want `state w\.sig loaded twice in one decision`
		resend()
	}
	if w.sig.Load() == none {
		handle()
	} else {
		if w.sig.Load() == cancel { // want `state w\.sig loaded in a condition and again in the branch it guards`
			stop()
		}
	}
}

// A switch on one load, and a second load in its default clause.
func (w *Worker) StepSwitch() {
	switch w.sig.Load() {
	case none:
		return
	default:
		if w.sig.Load() == resubmit { // want `state w\.sig loaded in a condition and again in the branch it guards`
			resend()
		}
	}
}

// Right: one load, one switch.
func (w *Worker) StepOnce() {
	switch w.sig.Load() {
	case none:
	case resubmit:
		resend()
	default:
		stop()
	}
}

// The branch already knows the answer (== resubmit decides every test): a
// second test looks for a change, on purpose.
func (w *Worker) Changed() {
	if w.sig.Load() == resubmit {
		resend()
		if w.sig.Load() == cancel {
			stop()
		}
	}
	if w.sig.Load() < cancel {
		if w.sig.Load() == 7 {
			stop()
		}
	}
}

// A re-check after waiting: a new observation.
func (w *Worker) Wait() {
	if w.sig.Load() != none {
		<-w.wake
		if w.sig.Load() == resubmit {
			resend()
		}
	}
	if w.sig.Load() != none {
		time.Sleep(time.Millisecond)
		if w.sig.Load() == cancel {
			stop()
		}
	}
}

// Polling loops re-read on purpose.
func (w *Worker) Poll() {
	for w.sig.Load() == none {
		time.Sleep(time.Millisecond)
	}
	if w.sig.Load() == resubmit {
		resend()
	}
	for w.sig.Load() != none {
		if w.sig.Load() == cancel {
			return
		}
		counted()
	}
}

const invalid = 0

type Entry struct{ Name string }

// A device whose id a guest writes.
type Dev struct {
	mu    sync.Mutex
	id    atomic.Uint32
	table map[uint32]*Entry
}

func (d *Dev) ID() uint32 { return d.id.Load() }

// The id is loaded through its accessor for the "invalid" check, then
// loaded again directly under the lock for the lookup, without the check.
func (d *Dev) Lookup() *Entry {
	if d.ID() == invalid {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.table[d.id.Load()] // want `^d\.id read twice in one operation, through d\.ID\(\) and directly`
}

// The same, both direct.
func (d *Dev) LookupDirect() *Entry {
	if d.id.Load() == invalid {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.table[d.id.Load()] // want `^state d\.id checked and loaded again for its use without the check: a store between them passes the check with one value and uses another; load it once into a local, check the local and use it$`
}

// Double-checked locking: the load under the lock is checked again.
func (d *Dev) LookupChecked() *Entry {
	if d.id.Load() == invalid {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	id := d.id.Load()
	if id == invalid {
		return nil
	}
	return d.table[id]
}

// Right: one load, checked and used.
func (d *Dev) LookupOnce() *Entry {
	id := d.id.Load()
	if id == invalid {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.table[id]
}

type Run struct{ ID string }

type Gate struct {
	mu   sync.Mutex
	slot atomic.Pointer[Run]
	ids  map[string]int
}

// The run is checked for nil, then read again for its id: a rebind to nil
// between them panics, one to another run uses another run's id.
func (g *Gate) RequestID() string {
	if g.slot.Load() == nil {
		return ""
	}
	return g.slot.Load().ID // want `^slot g\.slot checked and read again for its use without the check: a rebind between them passes the check with one binding and uses another, or nil; read it once into a local, check the local and use it$`
}

// Under a lock taken after the check, the re-read is still unchecked.
func (g *Gate) Count() int {
	if g.slot.Load() == nil {
		return 0
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.ids[g.slot.Load().ID] // want `slot g\.slot checked and read again for its use without the check`
}

// Double-checked locking on the binding: checked again under the lock.
func (g *Gate) CountChecked() int {
	if g.slot.Load() == nil {
		return 0
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	run := g.slot.Load()
	if run == nil {
		return 0
	}
	return g.ids[run.ID]
}
