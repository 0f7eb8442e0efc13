// Package use reads the slots of package dep.
package use

import "crosspkg/dep"

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
