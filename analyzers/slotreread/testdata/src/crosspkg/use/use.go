// Package use reads the slots of package dep.
package use

import (
	"sync/atomic"

	"crosspkg/dep"
)

func Gate(g *dep.Gate) (string, string) {
	a := g.Current().ID
	return a, g.Current().ID // want `slot g\.Current\(\) read twice`
}

func Slot(s *dep.Slot) (string, string) {
	a := s.Get().ID
	return a, s.Get().ID // want `slot s\.Get\(\) read twice`
}

func Tracker(t *dep.Tracker) (string, string) {
	a := t.Cur().ID
	return a, t.Cur().ID // want `slot t\.Cur\(\) read twice`
}

// One read of each: fine.
func Once(g *dep.Gate, s *dep.Slot) (string, string) {
	return g.Current().ID, s.Get().ID
}

func wake(uint32) {}

// An accessor of another package and a direct read of its field.
func Thread(t *dep.Thread) {
	if t.ThreadID() != 0 {
		wake(atomic.LoadUint32(&t.Shared.ID)) // want `t\.Shared\.ID read twice in one operation, through t\.ThreadID\(\) and directly`
	}
}

// A field the accessor's package binds once: no slot (Gate's, rebound by
// Bind, is reported above).
func Config(c *dep.Config) (string, string) {
	a := c.Filesystem().Root
	return a, c.Filesystem().Root
}
