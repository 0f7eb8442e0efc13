// Package wrappers holds slotreread's shapes on atomics that are not
// sync/atomic's types: atomic types by behaviour (go.uber.org/atomic, a
// project's own) and a location reached through a pointer value.
package wrappers

import (
	"sync/atomic"

	uatomic "go.uber.org/atomic"
)

type Run struct{ ID, Req string }

// A run slot held in a go.uber.org/atomic.Pointer.
type Gate struct {
	slot uatomic.Pointer[Run]
	n    uatomic.Int64
	st   uatomic.Int64
}

func (g *Gate) PreCall() (string, string) {
	run := g.slot.Load()
	return run.ID, g.slot.Load().Req // want `^slot g\.slot read twice in one operation`
}

// Right: read once.
func (g *Gate) PreCallOnce() (string, string) {
	run := g.slot.Load()
	return run.ID, run.Req
}

// A re-read after the function's own Store through the wrapper.
func (g *Gate) Rebind(next *Run) (string, string) {
	a := g.slot.Load().ID
	g.slot.Store(next)
	return a, g.slot.Load().ID
}

const (
	idle = iota
	busy
	done
)

// A state on a go.uber.org/atomic.Int64, loaded twice in one decision;
// reset brings it back to idle, so it can go from done to idle between
// the loads.
func (g *Gate) Classify() int {
	if g.st.Load() == idle || g.st.Load() == done { // want `^state g\.st loaded twice in one decision`
		return 0
	}
	return 1
}

// A counter that the package adds to is no state.
func (g *Gate) Count() bool {
	g.n.Inc()
	return g.n.Load() == 0 || g.n.Load() == 10
}

// A state reached through a pointer value: every load through the same
// parameter is one location.
func Interrupted(interrupt *int32) bool {
	return atomic.LoadInt32(interrupt) == busy || atomic.LoadInt32(interrupt) == done // want `^state interrupt loaded twice in one decision`
}

// Two pointers are two locations.
func Either(a, b *int32) bool {
	return atomic.LoadInt32(a) == busy || atomic.LoadInt32(b) == busy
}

// The pointer assigned between the loads of one if-else chain: two
// locations.
func Moved(p, q *int32) int {
	if atomic.LoadInt32(p) == busy {
		return 1
	} else if p = q; atomic.LoadInt32(p) == done {
		return 2
	}
	return 0
}

// Its twin, without the assignment.
func Same(p *int32) int {
	if atomic.LoadInt32(p) == busy {
		return 1
	} else if atomic.LoadInt32(p) == done { // want `^state p loaded twice in one decision`
		return 2
	}
	return 0
}

func (g *Gate) reset()  { g.st.Store(idle) }
func (g *Gate) finish() { g.st.Store(done) }
