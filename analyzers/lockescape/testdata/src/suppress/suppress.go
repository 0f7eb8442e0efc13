// Package suppress silences findings with directives.
package suppress

import "sync"

type S struct {
	mu sync.Mutex
	m  map[string]int
}

func (s *S) Set(k string) {
	s.mu.Lock()
	s.m[k] = 1
	s.mu.Unlock()
}

func (s *S) Each() {
	s.mu.Lock()
	//ctxbound:ignore lockescape -- Set runs only before Each, at start-up
	m := s.m
	s.mu.Unlock()
	for range m {
	}
}

func (s *S) Other() {
	//ctxbound:ignore lockescape -- nothing here // want `//ctxbound:ignore lockescape suppressed nothing; remove it`
	s.Set("x")
}
