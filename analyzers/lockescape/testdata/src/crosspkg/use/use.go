// Package use reads another package's registry: the fact says its map is
// changed in place; its slice only grows.
package use

import "crosspkg/dep"

func Sum(r *dep.Registry) int {
	r.RLock()
	items := r.Items // want `map r\.Items is read under r and ranged over after the unlock`
	r.RUnlock()
	n := 0
	for _, v := range items {
		n += v
	}
	return n
}

func Names(r *dep.Registry) []string {
	r.RLock()
	names := r.Names
	r.RUnlock()
	var out []string
	for _, n := range names {
		out = append(out, n)
	}
	return out
}

// The table's writers take no lock: the mutex it is read under is not its
// guard, and a copy under it would race the same (nbio's Engine.Stop:
// kinds-11's first look).
func Slots(r *dep.Registry) int {
	r.RLock()
	slots := r.Slots
	r.RUnlock()
	n := 0
	for _, v := range slots {
		n += v
	}
	return n
}
