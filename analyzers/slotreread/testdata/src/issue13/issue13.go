// Package issue13 holds the slotreread fixes that issue 13's reliability
// pass found unsafe (repros 7, 12, 21, 22 and 26): each is either made
// safe (the golden file shows the edit) or not offered (the golden file
// shows the code unchanged).
package issue13

import "sync/atomic"

type Run struct {
	ID, Req string
	C       chan string
}

type Gate struct {
	slot  atomic.Pointer[Run]
	other atomic.Pointer[Run]
}

// Repro 7: the first read is in a select case header: no fix, a local
// cannot be declared there.
func (g *Gate) Send() {
	select {
	case g.slot.Load().C <- g.slot.Load().ID: // want `slot g\.slot read twice`
	default:
	}
}

// Repro 12: two findings in one function each hoist a local: the names
// differ, so that both fixes apply together.
func (g *Gate) IDs() string {
	a := g.slot.Load().ID + g.slot.Load().Req   // want `slot g\.slot read twice`
	b := g.other.Load().ID + g.other.Load().Req // want `slot g\.other read twice`
	return a + b
}

// Three reads of one slot: one finding (one first read), whose fix hoists
// the first and replaces both others.
func (g *Gate) Three() string {
	return g.slot.Load().ID + g.slot.Load().Req + g.slot.Load().ID // want `slot g\.slot read twice`
}

// Repro 21: a goto in the function could jump over a new local: no fix.
func (g *Gate) Goto(skip bool) string {
	if skip {
		goto done
	}
	println(g.slot.Load().ID + g.slot.Load().Req) // want `slot g\.slot read twice`
done:
	return ""
}

// Repro 22: the first read is guarded by the left operand of &&: hoisting
// it would dereference the nil gate the guard protects against. No fix.
func Same(g *Gate) bool {
	if g != nil && g.slot.Load().ID == g.slot.Load().Req { // want `slot g\.slot read twice`
		return true
	}
	return false
}

// The same with ||.
func Either(g *Gate) bool {
	return g == nil || g.slot.Load().ID == g.slot.Load().Req // want `slot g\.slot read twice`
}

// Repro 26: the first read is bound to a variable of interface type: the
// second read cannot become that variable. The hoist then applies.
func use(xs ...any) {}

func Any(g *Gate) {
	var r any = g.slot.Load()
	use(r, g.slot.Load().ID) // want `slot g\.slot read twice`
}

// A call before the first read in the same statement: hoisting the read
// above the call would read the slot earlier. No fix.
func (g *Gate) Bind(r *Run) string { return "" }

func Before(g *Gate, next *Run) {
	use(g.Bind(next), g.slot.Load().ID, g.slot.Load().Req) // want `slot g\.slot read twice`
}

// The first read is in an if statement's condition after an init that
// may change what it reads: no fix.
func Init(gates []*Gate) string {
	g := gates[0]
	if g = gates[1]; g.slot.Load() != nil {
		return g.slot.Load().ID // want `slot g\.slot read twice`
	}
	return ""
}

// The first case of a switch runs whenever the switch does: the read in
// its first expression is hoisted before the switch; a read in a later
// case is not.
func First(g *Gate) string {
	switch {
	case g.slot.Load() == nil:
		return ""
	case g.slot.Load().ID == "": // want `slot g\.slot read twice`
		return "none"
	}
	return "some"
}

func Later(g *Gate, x bool) string {
	switch {
	case x:
		return ""
	case g.slot.Load() != nil:
		return g.slot.Load().ID // want `slot g\.slot read twice`
	}
	return ""
}
