package fixes

import "sync"

type Server struct {
	mu    sync.Mutex
	peers map[string]int
	list  []int
}

func (s *Server) Add(k string, v int) {
	s.mu.Lock()
	s.peers[k] = v
	s.list[0] = v
	s.mu.Unlock()
}

func (s *Server) Sum() int {
	s.mu.Lock()
	peers := s.peers // want `map s\.peers is read under s\.mu and ranged over`
	s.mu.Unlock()
	n := 0
	for _, v := range peers {
		n += v
	}
	return n
}

func (s *Server) List() []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.list // want `slice s\.list is read under s\.mu and returned`
}
