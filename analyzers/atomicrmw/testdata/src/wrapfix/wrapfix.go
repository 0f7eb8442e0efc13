// Package wrapfix holds atomicrmw's fixes on atomic types by behaviour:
// rewritten with the type's own CompareAndSwap where it has one.
package wrapfix

import (
	"sync/atomic"

	uatomic "go.uber.org/atomic"
)

type Stats struct {
	hwm    uatomic.Int64
	closed uatomic.Bool
	done   chan struct{}
}

func (s *Stats) Observe(v int64) {
	if s.hwm.Load() < v {
		s.hwm.Store(v) // want `check-then-act on atomic s\.hwm`
	}
}

func (s *Stats) Close() {
	if s.closed.Load() == false {
		s.closed.Store(true) // want `check-then-act on atomic s\.closed`
		close(s.done)
	}
}

// No CompareAndSwap of its own: no fix.
type atomicBool int32

func (b *atomicBool) isSet() bool { return atomic.LoadInt32((*int32)(b)) != 0 }
func (b *atomicBool) set(v bool) {
	if v {
		atomic.StoreInt32((*int32)(b), 1)
	}
}
func (b *atomicBool) store(v int32) { atomic.StoreInt32((*int32)(b), v) }

type Conn struct {
	closing atomicBool
	done    chan struct{}
}

func (c *Conn) Close() {
	if c.closing.isSet() == false {
		c.closing.store(1) // want `check-then-act on atomic c\.closing`
		close(c.done)
	}
}
