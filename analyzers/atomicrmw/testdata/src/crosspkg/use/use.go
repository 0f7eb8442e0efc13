// Package use updates another package's atomic: even under its mutex, a
// writer elsewhere cannot be ruled out.
package use

import "crosspkg/dep"

func Observe(s *dep.Stats, v int64) {
	s.Mu.Lock()
	defer s.Mu.Unlock()
	if s.Max.Load() < v {
		s.Max.Store(v) // want `check-then-act on atomic s\.Max`
	}
}
