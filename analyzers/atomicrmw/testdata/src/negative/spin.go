package negative

import "sync/atomic"

// A spin lock: the goroutine whose CompareAndSwap of busy from 0 to 1
// wins holds it until it stores 0 back, as between mu.Lock() and
// mu.Unlock() (Caffeine's cellsBusy). The check and the Store of table
// run under it, and so does every other write of table: a single writer.
type striped struct {
	busy  atomic.Int32
	table atomic.Pointer[[]int]
}

func (s *striped) grow(old *[]int) {
	if s.busy.Load() == 0 && s.busy.CompareAndSwap(0, 1) {
		if s.table.Load() == old {
			t := make([]int, 2*len(*old))
			s.table.Store(&t)
		}
		s.busy.Store(0)
	}
}

func (s *striped) init() {
	if s.table.Load() == nil && s.busy.CompareAndSwap(0, 1) {
		if s.table.Load() == nil {
			t := make([]int, 1)
			s.table.Store(&t)
		}
		s.busy.Store(0)
	}
}
