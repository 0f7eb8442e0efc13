// Package negative holds correct code that lockescape must not report.
package negative

import (
	"maps"
	"slices"
	"sync"
)

type Peer struct{ ID string }

type Server struct {
	mu    sync.RWMutex
	peers map[string]*Peer
	list  []*Peer
	subs  []string
	table map[string]int
	cfg   *Config
}

type Config struct{ Limit int }

func (s *Server) Add(p *Peer) {
	s.mu.Lock()
	s.peers[p.ID] = p
	s.list[0] = p
	s.mu.Unlock()
}

// Cloned under the lock.
func (s *Server) Snapshot() map[string]*Peer {
	s.mu.RLock()
	peers := maps.Clone(s.peers)
	s.mu.RUnlock()
	for range peers {
	}
	return peers
}

func (s *Server) List() []*Peer {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return slices.Clone(s.list)
}

// Used under the lock only.
func (s *Server) Count() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	peers := s.peers
	n := 0
	for range peers {
		n++
	}
	return n
}

// Under the same lock again.
func (s *Server) Twice(id string) *Peer {
	s.mu.RLock()
	peers := s.peers
	s.mu.RUnlock()
	s.mu.RLock()
	defer s.mu.RUnlock()
	return peers[id]
}

// Swapped out under the lock: the old map is this function's alone.
func (s *Server) Drain() {
	s.mu.Lock()
	peers := s.peers
	s.peers = map[string]*Peer{}
	s.mu.Unlock()
	for range peers {
	}
}

// Copy-on-write: writers replace the slice, and append never changes the
// elements an older header sees.
func (s *Server) Subscribe(name string) {
	s.mu.Lock()
	s.subs = append(s.subs, name)
	s.mu.Unlock()
}

func (s *Server) Subs() []string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.subs
}

func (s *Server) Each(f func(string)) {
	s.mu.RLock()
	subs := s.subs
	s.mu.RUnlock()
	for _, n := range subs {
		f(n)
	}
}

// Built once at construction, read-only after.
func NewServer() *Server {
	s := &Server{table: map[string]int{}, cfg: &Config{}}
	s.table["a"] = 1
	s.cfg.Limit = 10
	return s
}

func (s *Server) Get(k string) int {
	s.mu.RLock()
	t := s.table
	s.mu.RUnlock()
	return t[k]
}

// A pointer replaced whole, never written through.
func (s *Server) SetConfig(c *Config) {
	s.mu.Lock()
	s.cfg = c
	s.mu.Unlock()
}

func (s *Server) Limit() int {
	s.mu.RLock()
	cfg := s.cfg
	s.mu.RUnlock()
	return cfg.Limit
}

// The local is assigned again before the use.
func (s *Server) Fresh(id string) *Peer {
	s.mu.RLock()
	peers := s.peers
	s.mu.RUnlock()
	peers = map[string]*Peer{}
	return peers[id]
}

// Only the length after the unlock.
func (s *Server) Len() int {
	s.mu.RLock()
	peers := s.peers
	s.mu.RUnlock()
	return len(peers)
}

// A map read outside any critical section is another matter.
func (s *Server) Unlocked() map[string]*Peer {
	peers := s.peers
	for range peers {
	}
	return peers
}

// A pointer to a value with a lock of its own: it guards itself.
type Account struct {
	mu    sync.Mutex
	Limit int
}

type Client struct {
	mu  sync.Mutex
	acc *Account
	opt *Options
	set map[string]bool
}

type Options struct{ Name, Token string }

func (c *Client) SetLimit(n int) {
	c.mu.Lock()
	c.acc.Limit = n
	c.opt.Token = "t"
	c.set["x"] = true
	c.mu.Unlock()
}

func (c *Client) Limit() int {
	c.mu.Lock()
	acc := c.acc
	c.mu.Unlock()
	acc.mu.Lock()
	defer acc.mu.Unlock()
	return acc.Limit
}

// A field of the target that nothing writes in place.
func (c *Client) Name() string {
	c.mu.Lock()
	opt := c.opt
	c.mu.Unlock()
	return opt.Name
}

// The field is given a new map by a method called under the lock: the old
// one is this function's alone.
func (c *Client) resetLocked() { c.set = map[string]bool{} }

func (c *Client) Drain() {
	c.mu.Lock()
	set := c.set
	c.resetLocked()
	c.mu.Unlock()
	for range set {
	}
}

// Resliced, then copied under the lock: the range after the unlock is
// over the copy.
type Window struct {
	mu   sync.Mutex
	subs []string
}

func (w *Window) Set(x string) {
	w.mu.Lock()
	w.subs[0] = x
	w.mu.Unlock()
}

func (w *Window) Range(lo, hi int) []string {
	w.mu.Lock()
	subs := w.subs
	subs = subs[lo:hi]
	subs = append([]string{}, subs...)
	w.mu.Unlock()
	var out []string
	for _, x := range subs {
		out = append(out, x)
	}
	return out
}
