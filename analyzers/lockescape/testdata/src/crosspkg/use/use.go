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
