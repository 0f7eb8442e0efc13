package basic

import "sync/atomic"

// The twins of a spin lock. A write of table outside the spin lock (reset)
// makes the locked check-then-act racy again; and a CompareAndSwap that is
// never released (a latch, once set) holds nothing for the rest.
type spun struct {
	busy  atomic.Int32
	table atomic.Pointer[[]int]
}

func (s *spun) grow(old *[]int) {
	if s.busy.CompareAndSwap(0, 1) {
		if s.table.Load() == old {
			t := make([]int, 2*len(*old))
			s.table.Store(&t) // want `check-then-act on atomic s.table`
		}
		s.busy.Store(0)
	}
}

func (s *spun) reset() {
	s.table.Store(nil)
}

type latched struct {
	started atomic.Int32
	table   atomic.Pointer[[]int]
}

func (l *latched) start(old *[]int) {
	if l.started.CompareAndSwap(0, 1) {
		if l.table.Load() == old {
			t := make([]int, 1)
			l.table.Store(&t) // want `check-then-act on atomic l.table`
		}
	}
}

func (l *latched) again(old *[]int) {
	if l.started.CompareAndSwap(0, 1) {
		t := make([]int, 1)
		l.table.Store(&t)
	}
}
