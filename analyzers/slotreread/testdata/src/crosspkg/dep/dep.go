// Package dep declares slots that another package reads.
package dep

import (
	"sync"
	"sync/atomic"
)

type Run struct{ ID string }

// Gate's Current is an inferred accessor.
type Gate struct {
	mu  sync.RWMutex
	run *Run
}

func (g *Gate) Current() *Run {
	g.mu.RLock()
	r := g.run
	g.mu.RUnlock()
	return r
}

// Bind is the write.
func (g *Gate) Bind(r *Run) {
	g.mu.Lock()
	g.run = r
	g.mu.Unlock()
}

// Slot's Get is marked.
type Slot struct{ p atomic.Pointer[Run] }

//ctxbound:slot
func (s *Slot) Get() *Run {
	if r := s.p.Load(); r != nil {
		return r
	}
	return &Run{}
}

// Tracker is an atomic accessor in this package.
type Tracker struct{ cur atomic.Pointer[Run] }

func (t *Tracker) Cur() *Run { return t.cur.Load() }

// Thread's ThreadID is an accessor of an integer, in this package.
type Thread struct {
	Shared struct{ ID uint32 }
}

func (t *Thread) ThreadID() uint32 { return atomic.LoadUint32(&t.Shared.ID) }
