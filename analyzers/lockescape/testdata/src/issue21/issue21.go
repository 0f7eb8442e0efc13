// Package issue21 holds lockescape's shapes of issue 21's reliability pass
// (repro 12): a copy under the lock is offered only where the function
// does not change the map or slice through the local it took, since the
// copy would take those writes and the field would lose them.
package issue21

import "sync"

type Item struct{ N int }

type S struct {
	mu     sync.Mutex
	m      map[string]int
	items  []int
	counts []int
	ptrs   []*Item
	vals   []Item
	elems  []Item
	handed []int
	gone   []int
}

func (s *S) Reset() {
	s.mu.Lock()
	for k := range s.m {
		delete(s.m, k)
	}
	s.items[0] = 0
	s.counts[0] = 0
	s.ptrs[0] = nil
	s.vals[0] = Item{}
	s.elems[0] = Item{}
	s.handed[0] = 0
	s.gone[0] = 0
	s.mu.Unlock()
}

// Bump writes through the map taken under the lock: the writes belong
// under the lock; no copy.
func (s *S) Bump(k string) {
	s.mu.Lock()
	m := s.m // want `map s\.m is read under s\.mu and changed after the unlock, .*; change it under the lock`
	s.mu.Unlock()
	m[k]++
}

// Fill reads the slice with range, then writes its elements: no copy.
func (s *S) Fill(v int) {
	s.mu.Lock()
	items := s.items // want `slice s\.items is read under s\.mu and ranged over after the unlock, .*; change it under the lock`
	s.mu.Unlock()
	for i := range items {
		items[i] = v
	}
}

// Sum only reads: the copy is offered.
func (s *S) Sum() int {
	s.mu.Lock()
	counts := s.counts // want `slice s\.counts is read under s\.mu and ranged over after the unlock, .*; copy it under the lock with slices\.Clone\(s\.counts\)`
	s.mu.Unlock()
	n := 0
	for _, x := range counts {
		n += x
	}
	return n + len(counts)
}

// Touch writes through pointers held in the elements: the writes reach the
// shared items whether the slice is copied or not, so the copy is offered.
func (s *S) Touch() {
	s.mu.Lock()
	ptrs := s.ptrs // want `slice s\.ptrs is read under s\.mu and ranged over after the unlock, .*; copy it under the lock with slices\.Clone\(s\.ptrs\)`
	s.mu.Unlock()
	for i := range ptrs {
		ptrs[i].N++
	}
}

// TouchVals writes into elements held by value: the copy would take the
// writes; none offered.
func (s *S) TouchVals() {
	s.mu.Lock()
	vals := s.vals // want `slice s\.vals is read under s\.mu and ranged over after the unlock, .*; change it under the lock`
	s.mu.Unlock()
	for i := range vals {
		vals[i].N++
	}
}

func (it *Item) Inc() { it.N++ }

// IncElems calls a pointer method on elements held by value: a write; no
// copy.
func (s *S) IncElems() {
	s.mu.Lock()
	elems := s.elems // want `slice s\.elems is read under s\.mu and indexed after the unlock, .*; change it under the lock`
	s.mu.Unlock()
	elems[0].Inc()
}

func fill(xs []int) {
	for i := range xs {
		xs[i] = 1
	}
}

// Handed hands the slice to a function of the program, which may write it:
// the advice stands, without a fix.
func (s *S) Handed() {
	s.mu.Lock()
	handed := s.handed // want `slice s\.handed is read under s\.mu and indexed after the unlock, .*; copy it under the lock with slices\.Clone\(s\.handed\)`
	s.mu.Unlock()
	_ = handed[0]
	fill(handed)
}

// Go hands the field itself to a goroutine: no fix.
func (s *S) Go() {
	s.mu.Lock()
	defer s.mu.Unlock()
	go fill(s.gone) // want `slice s\.gone is read under s\.mu and handed to a goroutine`
}
