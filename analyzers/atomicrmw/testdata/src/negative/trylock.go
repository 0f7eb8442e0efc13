package negative

import (
	"sync"
	"sync/atomic"
)

// A TryLock holds the mutex where its test passed: in the body of if
// rw.TryLock() { ... }, and after if !rw.TryLock() { return }. Every
// other write of bias holds rw too, shared or exclusive: an RLock
// excludes the exclusive holder, so the check-then-act under the Lock has
// no concurrent writer (xsync's reader-biased mutex, kinds-18).
type biased struct {
	rw   sync.RWMutex
	bias atomic.Int32
}

func (b *biased) TryLock() bool {
	if b.rw.TryLock() {
		if b.bias.Load() == 1 {
			b.bias.Store(0)
			b.drain()
		}
		return true
	}
	return false
}

func (b *biased) lockIfFree() bool {
	if !b.rw.TryLock() {
		return false
	}
	defer b.rw.Unlock()
	if b.bias.Load() == 1 {
		b.bias.Store(2)
		b.drain()
	}
	return true
}

func (b *biased) Lock() {
	b.rw.Lock()
	if b.bias.Load() == 2 {
		b.bias.Store(0)
		b.drain()
	}
}

// A reader parks the bias under the shared lock.
func (b *biased) Park() {
	b.rw.RLock()
	b.bias.Store(3)
	b.rw.RUnlock()
}

func (b *biased) Unlock() { b.rw.Unlock() }

// drain waits for the readers: work the check-then-act claims.
func (b *biased) drain() {}
