package group

import "sync"

type Account struct{ Name string }

type Queue struct{ Len int }

type internal struct {
	account *Account
	sendq   *Queue
}

type Server struct {
	mu  sync.Mutex
	sys *internal
}

func (s *Server) Configure(acc *Account) {
	s.mu.Lock()
	s.sys.account = acc // the write both account reads race with
	s.mu.Unlock()
}

func (s *Server) Reset(q *Queue) {
	s.mu.Lock()
	s.sys.sendq = q // another write, of another field
	s.mu.Unlock()
}

func (s *Server) Track() string {
	s.mu.Lock()
	sys := s.sys // want `pointer s\.sys is read under s\.mu and read through after the unlock`
	s.mu.Unlock()
	return sys.account.Name
}

// Races with the same write as Track: related to Track's finding.
func (s *Server) Hash() int {
	s.mu.Lock()
	sys := s.sys
	s.mu.Unlock()
	return len(sys.account.Name)
}

// Races with another write: a finding of its own.
func (s *Server) Pending() int {
	s.mu.Lock()
	sys := s.sys // want `pointer s\.sys is read under s\.mu and read through after the unlock`
	s.mu.Unlock()
	return sys.sendq.Len
}
