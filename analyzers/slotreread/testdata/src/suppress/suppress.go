// Package suppress shows the directives slotreread honours and those it
// reports.
package suppress

import "sync/atomic"

type Run struct{ ID string }

type Gate struct{ slot atomic.Pointer[Run] }

func Ignored(g *Gate) (string, string) {
	a := g.slot.Load().ID
	//ctxbound:ignore slotreread -- the gate is bound once at startup and never rebound
	return a, g.slot.Load().ID
}

func SameLine(g *Gate) (string, string) {
	a := g.slot.Load().ID
	return a, g.slot.Load().ID //ctxbound:ignore slotreread -- bound once at startup
}

func Unused(g *Gate) string {
	//ctxbound:ignore slotreread -- nothing to silence here // want `//ctxbound:ignore slotreread suppressed nothing; remove it`
	return g.slot.Load().ID
}

func OtherCheck(g *Gate) (string, string) {
	a := g.slot.Load().ID
	//ctxbound:ignore spawnctx -- names another check, so this read is still reported
	return a, g.slot.Load().ID // want `slot g\.slot read twice`
}

// An ignore without a reason is malformed (the directive analyzer reports
// it) and silences nothing.
func Malformed(g *Gate) (string, string) {
	a := g.slot.Load().ID
	//ctxbound:ignore slotreread
	return a, g.slot.Load().ID // want `slot g\.slot read twice`
}
