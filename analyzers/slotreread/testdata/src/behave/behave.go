// Package behave holds slotreread's shapes of issue 21's repro 11 with
// tests of their own, for the behavioural mode of the fix harness: where a
// fix is offered, the tests pass after it as before; where a call between
// the reads rebinds the slot on this goroutine, no fix is offered, and the
// tests pin the result the program means.
package behave

import "sync/atomic"

type Run struct{ ID string }

type Gate struct {
	slot atomic.Pointer[Run]
	hook func()
}

func (g *Gate) rebind(r *Run) { g.slot.Store(r) }

// Swap2 rebinds inline: silent.
func (g *Gate) Swap2(r *Run) string {
	a := g.slot.Load().ID
	g.slot.Store(r)
	return a + "->" + g.slot.Load().ID
}

// Swap4 rebinds through a method of the package: silent too (repro 11
// reported it, and its fix returned the old run's id twice).
func (g *Gate) Swap4(r *Run) string {
	a := g.slot.Load().ID
	g.rebind(r)
	return a + "->" + g.slot.Load().ID
}

// Twice reads twice with nothing between: the fix reads once, and the
// result is the same.
func (g *Gate) Twice() string {
	return g.slot.Load().ID + "/" + g.slot.Load().ID // want `slot g\.slot read twice`
}

// Hooked calls a func value between the reads, which may rebind the slot
// (it does, in the test): reported, without a fix.
func (g *Gate) Hooked() string {
	run := g.slot.Load()
	g.hook()
	return run.ID + "->" + g.slot.Load().ID // want `slot g\.slot read twice`
}
