// Package issue21 holds the slotreread shapes of issue 21's reliability
// pass (repro 11): a rebind through a helper of the package between two
// reads, and fixes offered only where no call between the reads may rebind
// the slot on this goroutine.
package issue21

import (
	"strings"
	"sync/atomic"
)

type Run struct{ ID string }

type Gate struct {
	slot atomic.Pointer[Run]
	hook func()
}

func (g *Gate) rebind(r *Run) { g.slot.Store(r) }

// deep rebinds through another method of the package.
func (g *Gate) deep(r *Run) { g.rebind(r) }

// Swap4 rebinds through a one-line method of the package: the function
// manages the slot, as one that calls Store itself (repro 11): silent.
func (g *Gate) Swap4(r *Run) string {
	a := g.slot.Load().ID
	g.rebind(r)
	return a + "->" + g.slot.Load().ID
}

// SwapDeep: the same, two methods deep.
func (g *Gate) SwapDeep(r *Run) string {
	a := g.slot.Load().ID
	g.deep(r)
	return a + "->" + g.slot.Load().ID
}

// name writes nothing: a call of it between the reads cannot rebind.
func name(r *Run) string { return strings.ToUpper(r.ID) }

// Pure: only harmless calls between the reads (a function of the package
// that writes nothing, a function of another package given a string): the
// fix is offered.
func (g *Gate) Pure() string {
	run := g.slot.Load()
	n := name(run) + strings.TrimSpace(run.ID)
	return n + g.slot.Load().ID // want `slot g\.slot read twice`
}

// Hook: a func value called between the reads may rebind the slot on this
// goroutine: reported (a concurrent rebind is still possible), no fix.
func (g *Gate) Hook() string {
	run := g.slot.Load()
	g.hook()
	return run.ID + g.slot.Load().ID // want `slot g\.slot read twice`
}

// Iface: an interface method given the gate may rebind it: no fix.
func (g *Gate) Iface(x interface{ Visit(*Gate) }) string {
	run := g.slot.Load()
	x.Visit(g)
	return run.ID + g.slot.Load().ID // want `slot g\.slot read twice`
}
