// Package behave holds lockescape's shapes of issue 21's repro 12 with
// tests of their own, for the behavioural mode of the fix harness: a copy
// under the lock is offered only where the function does not write
// through the local it took, and the tests pass after it as before.
package behave

import "sync"

type S struct {
	mu     sync.Mutex
	m      map[string]int
	items  []int
	counts []int
}

func New() *S { return &S{m: map[string]int{}, items: make([]int, 4), counts: []int{1, 2, 3}} }

func (s *S) Reset() {
	s.mu.Lock()
	for k := range s.m {
		delete(s.m, k)
	}
	s.items[0] = 0
	s.counts[0] = 0
	s.mu.Unlock()
}

// Bump writes through the map taken under the lock (a race, but the writes
// land in s.m): no copy offered.
func (s *S) Bump(k string) {
	s.mu.Lock()
	m := s.m // want `map s\.m is read under s\.mu and changed after the unlock`
	s.mu.Unlock()
	m[k]++
}

// Fill writes through the slice taken under the lock: no copy offered.
func (s *S) Fill(v int) {
	s.mu.Lock()
	items := s.items // want `slice s\.items is read under s\.mu and ranged over after the unlock`
	s.mu.Unlock()
	for i := range items {
		items[i] = v
	}
}

// Sum only reads: the copy is offered, and keeps the sum.
func (s *S) Sum() int {
	s.mu.Lock()
	counts := s.counts // want `slice s\.counts is read under s\.mu and ranged over after the unlock`
	s.mu.Unlock()
	n := 0
	for _, x := range counts {
		n += x
	}
	return n
}

func (s *S) Get(k string) int { s.mu.Lock(); defer s.mu.Unlock(); return s.m[k] }
