// Package fixes2: an import block gets the import; a name maps that is
// taken gets no fix (on a field of its own: a group with one read that
// cannot be copied gets no fix at all, package group).
package fixes2

import (
	"sync"
)

type Server struct {
	mu    sync.Mutex
	peers map[string]int
	other map[string]int
}

func (s *Server) Add(k string, v int) {
	s.mu.Lock()
	s.peers[k] = v
	s.other[k] = v
	s.mu.Unlock()
}

func (s *Server) Get(k string) int {
	s.mu.Lock()
	peers := s.peers // want `map s\.peers is read under s\.mu and indexed`
	s.mu.Unlock()
	return peers[k]
}

func (s *Server) Shadowed(k string, maps []int) int {
	s.mu.Lock()
	peers := s.other // want `map s\.other is read under s\.mu and indexed`
	s.mu.Unlock()
	_ = maps
	return peers[k]
}
