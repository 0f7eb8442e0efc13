// Package basic holds the shapes lockescape reports, each on a field of
// its own: the reads of one field that race with one write are one
// finding (package group).
package basic

import (
	"sort"
	"sync"
)

type Peer struct{ ID string }

func (p *Peer) Send([]byte) {}

type Server struct {
	mu     sync.RWMutex
	peers  map[string]*Peer // ranged over
	byID   map[string]*Peer // indexed
	shared map[string]*Peer // returned
	async  map[string]*Peer // handed to a goroutine
	owned  map[string]*Peer // changed
	list   []*Peer
	cfg    *Config
}

type Config struct{ Limit int }

// The writers change the contents in place, under the lock.
func (s *Server) Add(p *Peer) {
	s.mu.Lock()
	s.peers[p.ID] = p
	s.byID[p.ID] = p
	s.shared[p.ID] = p
	s.async[p.ID] = p
	s.owned[p.ID] = p
	s.list = append(s.list, p)
	s.mu.Unlock()
}

func (s *Server) Remove(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.peers, id)
	for i, p := range s.list {
		if p.ID == id {
			s.list = append(s.list[:i], s.list[i+1:]...)
			break
		}
	}
}

func (s *Server) SetLimit(n int) {
	s.mu.Lock()
	s.cfg.Limit = n
	s.mu.Unlock()
}

// Ranged over after the unlock.
func (s *Server) Broadcast(msg []byte) {
	s.mu.RLock()
	peers := s.peers // want `^map s\.peers is read under s\.mu and ranged over after the unlock, while other code changes it in place: that races with those writes; copy it under the lock with maps\.Clone\(s\.peers\)$`
	s.mu.RUnlock()
	for _, p := range peers {
		p.Send(msg)
	}
}

// Indexed after the unlock.
func (s *Server) Lookup(id string) *Peer {
	s.mu.RLock()
	peers := s.byID // want `map s\.byID is read under s\.mu and indexed after the unlock`
	s.mu.RUnlock()
	return peers[id]
}

// A slice shifted in place by Remove.
func (s *Server) First() *Peer {
	s.mu.RLock()
	list := s.list // want `slice s\.list is read under s\.mu and indexed after the unlock, while other code changes it in place: that races with those writes; copy it under the lock with slices\.Clone\(s\.list\)`
	s.mu.RUnlock()
	if len(list) == 0 {
		return nil
	}
	return list[0]
}

// A pointer whose target is written in place.
func (s *Server) Limit() int {
	s.mu.RLock()
	cfg := s.cfg // want `^pointer s\.cfg is read under s\.mu and read through after the unlock, while other code changes it in place: that races with those writes; copy what is needed under the lock$`
	s.mu.RUnlock()
	return cfg.Limit
}

// An accessor: its callers use the map after the unlock.
func (s *Server) Peers() map[string]*Peer {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.shared // want `map s\.shared is read under s\.mu and returned, so its callers use it after the unlock`
}

// Handed to a goroutine.
func (s *Server) Async(f func(map[string]*Peer)) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	go f(s.async) // want `map s\.async is read under s\.mu and handed to a goroutine that runs after the unlock`
}

// Changed after the unlock: no copy helps, the change belongs under the
// lock.
func (s *Server) Drop(id string) {
	s.mu.Lock()
	peers := s.owned // want `map s\.owned is read under s\.mu and changed after the unlock, while other code changes it in place: that races with those writes; change it under the lock`
	s.mu.Unlock()
	delete(peers, id)
}

// Sorted in place.
type Index struct {
	sync.Mutex
	names []string
}

func (x *Index) Add(n string) {
	x.Lock()
	x.names = append(x.names, n)
	sort.Strings(x.names)
	x.Unlock()
}

func (x *Index) Names() []string {
	x.Lock()
	names := x.names // want `slice x\.names is read under x and ranged over after the unlock`
	x.Unlock()
	var out []string
	for _, n := range names {
		out = append(out, n)
	}
	return out
}

// The written field of a pointer's target, read after the unlock.
type Client struct {
	mu  sync.Mutex
	opt *Options
}

type Options struct{ Name, Token string }

func (c *Client) Rotate(t string) {
	c.mu.Lock()
	c.opt.Token = t
	c.mu.Unlock()
}

func (c *Client) Token() string {
	c.mu.Lock()
	opt := c.opt // want `pointer c\.opt is read under c\.mu and read through after the unlock`
	c.mu.Unlock()
	return opt.Token
}

// A slice of the read, under the lock or after it, still shares its
// backing array: reported.
type Ring struct {
	mu   sync.Mutex
	head []string
	tail []string
}

func (r *Ring) Sort() {
	r.mu.Lock()
	sort.Strings(r.head)
	sort.Strings(r.tail)
	r.mu.Unlock()
}

func (r *Ring) Head(i int) []string {
	r.mu.Lock()
	names := r.head // want `slice r\.head is read under r\.mu and ranged over after the unlock`
	names = names[i:]
	r.mu.Unlock()
	var out []string
	for _, n := range names {
		out = append(out, n)
	}
	return out
}

func (r *Ring) Tail() []string {
	r.mu.Lock()
	names := r.tail // want `slice r\.tail is read under r\.mu and ranged over after the unlock`
	r.mu.Unlock()
	names = names[1:]
	var out []string
	for _, n := range names {
		out = append(out, n)
	}
	return out
}
