package basic

import (
	"sync"
	"sync/atomic"
)

// The twins of negative's biased mutex: a check-then-act that holds the
// mutex only shared (RLock, TryRLock) races with another reader doing the
// same; one after an if that tests TryLock but does not leave when it
// fails runs with or without the lock.
type biased struct {
	rw   sync.RWMutex
	bias atomic.Int32
}

func (b *biased) RLock() {
	b.rw.RLock()
	if b.bias.Load() == 1 {
		b.bias.Store(0) // want `check-then-act on atomic b\.bias`
		b.drain()
	}
}

func (b *biased) TryRLock() bool {
	if b.rw.TryRLock() {
		if b.bias.Load() == 2 {
			b.bias.Store(1) // want `check-then-act on atomic b\.bias`
			b.drain()
		}
		return true
	}
	return false
}

func (b *biased) lockOrNot() {
	if !b.rw.TryLock() {
		println("contended")
	}
	if b.bias.Load() == 3 {
		b.bias.Store(2) // want `check-then-act on atomic b\.bias`
		b.drain()
	}
}

func (b *biased) Lock() {
	b.rw.Lock()
	b.bias.Store(3)
}

// drain waits for the readers: work the check-then-act claims.
func (b *biased) drain() {}
