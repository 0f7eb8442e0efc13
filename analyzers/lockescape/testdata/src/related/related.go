// Package related: the "changed in place here" position of a pointer read
// through after the unlock is a write of the field read, not the first
// write of another field of the target (nats-server events.go:1199, where
// the first write was of s.sys.sendq and the field read is s.sys.account).
package related

import "sync"

type Account struct{ Name string }

type internal struct {
	sendq   []string
	account *Account
}

type Server struct {
	mu  sync.Mutex
	sys *internal
}

func (s *Server) Shutdown() {
	s.mu.Lock()
	s.sys.sendq = nil // first write, of another field
	s.mu.Unlock()
}

func (s *Server) Configure(acc *Account) {
	s.mu.Lock()
	s.sys.account = acc // the write of the field read below
	s.mu.Unlock()
}

func (s *Server) Track() string {
	s.mu.Lock()
	sys := s.sys // want `pointer s\.sys is read under s\.mu and read through after the unlock`
	s.mu.Unlock()
	return sys.account.Name
}
