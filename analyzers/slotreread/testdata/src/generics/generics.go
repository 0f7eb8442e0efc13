// Package generics reads slots whose element type is a type parameter.
package generics

import "sync/atomic"

type Slot[T any] struct {
	cur atomic.Pointer[T]
}

func (s *Slot[T]) Twice() (*T, *T) {
	a := s.cur.Load()
	return a, s.cur.Load() // want `slot s\.cur read twice`
}

// An inferred accessor of a generic type, used on an instance.
func (s *Slot[T]) Get() *T { return s.cur.Load() }

type Run struct{ ID string }

func Instance(s *Slot[Run]) (string, string) {
	a := s.Get().ID
	return a, s.Get().ID // want `slot s\.Get\(\) read twice`
}

func Direct[T any](p *atomic.Pointer[T]) (*T, *T) {
	a := p.Load()
	return a, p.Load() // want `slot p read twice`
}

// CAS loop on a generic slot: fine.
func Update[T any](p *atomic.Pointer[T], f func(*T) *T) {
	for {
		old := p.Load()
		if p.CompareAndSwap(old, f(old)) {
			return
		}
	}
}
