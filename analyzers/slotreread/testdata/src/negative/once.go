package negative

import "sync/atomic"

type Listener struct{ addr string }

func (l *Listener) Listening() bool { return l.addr != "" }

func listen() *Listener { return &Listener{addr: ":0"} }

// A local atomic stored into once, by a statement that runs once, holds
// nil and then one listener: the probe's check and its use see the same
// one, or nil and then it (FerretDB's run: kinds-10's first look).
func serveProbes(start func(probe func() bool)) {
	var listener atomic.Pointer[Listener]
	start(func() bool {
		if listener.Load() == nil {
			return false
		}
		return listener.Load().Listening()
	})
	l := listen()
	listener.Store(l)
}

// The store in a goroutine started where it stands runs once too.
func serveAsync(start func(probe func() bool)) {
	var listener atomic.Pointer[Listener]
	go func() {
		listener.Store(listen())
	}()
	start(func() bool {
		return listener.Load() != nil && listener.Load().Listening()
	})
}

// A field stored into only at construction, and lazily from nil with
// CompareAndSwap, is bound once in the value's life.
type server struct {
	cfg   atomic.Pointer[Listener]
	cache atomic.Pointer[Listener]
}

func newServer() *server {
	s := &server{}
	s.cfg.Store(listen())
	return s
}

func (s *server) primary() *Listener {
	s.cache.CompareAndSwap(nil, listen())
	return s.cache.Load()
}

func (s *server) ready() bool {
	if s.cfg.Load() == nil || s.cache.Load() == nil {
		return false
	}
	return s.cfg.Load().Listening() && s.cache.Load().Listening()
}
