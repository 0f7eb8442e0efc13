package group

import (
	"maps"
	"sync"
)

// A field of a generic type: each method sees its own instance of the
// field, and its reads are still one finding.
type Set[T comparable] struct {
	mu sync.Mutex
	m  map[T]bool
}

func (s *Set[T]) Add(v T) {
	s.mu.Lock()
	s.m[v] = true
	s.mu.Unlock()
}

func (s *Set[T]) Each(f func(T)) {
	s.mu.Lock()
	m := s.m // want `map s\.m is read under s\.mu and ranged over after the unlock`
	s.mu.Unlock()
	for k := range m {
		f(k)
	}
}

func (s *Set[T]) Has(v T) bool {
	s.mu.Lock()
	m := s.m
	s.mu.Unlock()
	return m[v]
}

func (s *Set[T]) Copy() map[T]bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.m)
}
