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

// Config's Filesystem binds its field once, while it is nil, and never
// again: the accessor's fact says so (Once), and its importers' two reads
// see one binding (git-lfs's config, kinds-24). Gate's run is rebound by
// Bind: a slot in every importer.
type FS struct{ Root string }

type Config struct {
	loading sync.Mutex
	fs      *FS
}

func (c *Config) Filesystem() *FS {
	c.loading.Lock()
	defer c.loading.Unlock()
	if c.fs == nil {
		c.fs = &FS{Root: "/"}
	}
	return c.fs
}
