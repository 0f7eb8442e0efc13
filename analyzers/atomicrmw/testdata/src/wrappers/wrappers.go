// Package wrappers holds atomicrmw's shapes on atomics that are not
// sync/atomic's types: atomic types by behaviour (go.uber.org/atomic, a
// project's own) and a location reached through a pointer value.
package wrappers

import (
	"sync/atomic"

	uatomic "go.uber.org/atomic"
)

type Stats struct {
	max    uatomic.Uint32
	hwm    uatomic.Int64
	closed uatomic.Bool
	done   chan struct{}
}

// A high-water mark on a go.uber.org/atomic.Int64 from concurrent workers.
func (s *Stats) Observe(v int64) {
	if s.hwm.Load() < v {
		s.hwm.Store(v) // want `^check-then-act on atomic s\.hwm: the Store depends on a comparison with an earlier Load, so a value another goroutine stores in between is lost; update it in a CompareAndSwap loop$`
	}
}

// A flag tested and set on a go.uber.org/atomic.Bool.
func (s *Stats) Close() {
	if !s.closed.Load() {
		s.closed.Store(true) // want `^check-then-act on atomic s\.closed: two goroutines can both pass the test of its Load and both Store; test and set in one step with CompareAndSwap$`
		close(s.done)
	}
}

// Right: one step.
func (s *Stats) CloseOnce() {
	if s.closed.CompareAndSwap(false, true) {
		close(s.done)
	}
}

// Right: a CAS loop on the wrapper.
func (s *Stats) ObserveLoop(v int64) {
	for old := s.hwm.Load(); old < v; old = s.hwm.Load() {
		if s.hwm.CAS(old, v) {
			break
		}
	}
}

// A project's own atomic flag.
type atomicBool int32

func (b *atomicBool) isSet() bool { return atomic.LoadInt32((*int32)(b)) != 0 }
func (b *atomicBool) setTrue()    { atomic.StoreInt32((*int32)(b), 1) }

type Conn struct {
	closing atomicBool
	unsup   atomicBool
	done    chan struct{}
}

func (c *Conn) Close() {
	if !c.closing.isSet() {
		c.closing.setTrue() // want `^check-then-act on atomic c\.closing: two goroutines can both pass the test of its Load and both Store; test and set in one step with CompareAndSwap$`
		close(c.done)
	}
}

// A latch: the flag is set when a fact is found, and nothing is claimed
// after it: racing goroutines store the same value.
func (c *Conn) Note(errno int) {
	if !c.unsup.isSet() {
		if errno == 38 {
			c.unsup.setTrue()
		}
	}
}

// A location reached through a pointer value: every load and store through
// the same parameter is one location.
func Claim(interrupt *int32, done chan struct{}) {
	if atomic.LoadInt32(interrupt) == 0 {
		atomic.StoreInt32(interrupt, 1) // want `^check-then-act on atomic interrupt: two goroutines can both pass the test of its Load and both Store`
		close(done)
	}
}

// Right: through the same pointer, in one step.
func ClaimOnce(interrupt *int32) bool {
	return atomic.CompareAndSwapInt32(interrupt, 0, 1)
}

// Two pointers are two locations.
func Copy(from, to *int32) {
	if atomic.LoadInt32(from) == 0 {
		atomic.StoreInt32(to, 1)
	}
}

// Not an atomic type: two locations behind Load and Store.
type twoFields struct{ a, b atomic.Int64 }

func (p *twoFields) Load() int64   { return p.a.Load() }
func (p *twoFields) Store(v int64) { p.a.Store(v) }

func (p *twoFields) Observe(v int64) {
	if p.Load() < v {
		p.Store(v)
	}
}
