package basic

import "sync/atomic"

type listener struct{ addr string }

func (l *listener) Listening() bool { return l.addr != "" }

func listen() *listener { return &listener{addr: ":0"} }

// The twins of the slots bound once (negative/once.go): a store in a
// loop, a second store, a store in a callback that may run again, a Swap,
// and a field stored from a method each bind the slot again.
func storeInLoop(start func(probe func() bool), n int) {
	var l atomic.Pointer[listener]
	start(func() bool {
		if l.Load() == nil {
			return false
		}
		return l.Load().Listening() // want `slot l checked and read again for its use without the check`
	})
	for range n {
		l.Store(listen())
	}
}

func storeTwice(start func(probe func() bool)) {
	var l atomic.Pointer[listener]
	start(func() bool {
		return l.Load() != nil && l.Load().Listening() // want `slot l read twice in one operation`
	})
	l.Store(listen())
	l.Store(nil)
}

func storeInCallback(start func(probe func() bool), onReload func(func())) {
	var l atomic.Pointer[listener]
	start(func() bool {
		return l.Load() != nil && l.Load().Listening() // want `slot l read twice in one operation`
	})
	onReload(func() { l.Store(listen()) })
}

func swapped(start func(probe func() bool)) {
	var l atomic.Pointer[listener]
	start(func() bool {
		return l.Load() != nil && l.Load().Listening() // want `slot l read twice in one operation`
	})
	l.Swap(listen())
}

type server struct{ cfg atomic.Pointer[listener] }

func newServer() *server {
	s := &server{}
	s.cfg.Store(listen())
	return s
}

func (s *server) Reload() { s.cfg.Store(listen()) }

func (s *server) ready() bool {
	return s.cfg.Load() != nil && s.cfg.Load().Listening() // want `slot s\.cfg read twice in one operation`
}
