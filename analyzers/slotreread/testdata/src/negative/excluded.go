package negative

import (
	"sync"
	"sync/atomic"
)

// A store swapped only under the write half of readMu, and read twice by
// a reader that holds the read half across both reads: no swap falls
// between them (t4's Node.Watch and its restore from a checkpoint).
type store struct{ compact, current int64 }

type node struct {
	readMu sync.RWMutex
	db     atomic.Pointer[store]
	state  atomic.Int32
}

func newNode() *node {
	n := &node{}
	n.db.Store(&store{}) // construction: not shared yet
	return n
}

func (n *node) restore(s *store) {
	n.readMu.Lock()
	defer n.readMu.Unlock()
	n.db.Store(s)
	n.state.Store(1)
}

func (n *node) Watch(start int64) (int64, int64) {
	n.readMu.RLock()
	defer n.readMu.RUnlock()
	return span(n.db.Load(), n.db.Load().current)
}

// An exclusive reader excludes a writer that holds either half.
func (n *node) Compact() (int64, int64) {
	n.readMu.Lock()
	n.readMu.Unlock()
	n.readMu.Lock()
	defer n.readMu.Unlock()
	if n.state.Load() != 0 && n.state.Load() == 2 {
		return 0, 0
	}
	return span(n.db.Load(), n.db.Load().compact)
}

// A write through an atomic function's &x.f is seen, and holds the lock.
type counterNode struct {
	mu  sync.Mutex
	gen int32
}

func (c *counterNode) bump() {
	c.mu.Lock()
	atomic.StoreInt32(&c.gen, 2)
	c.mu.Unlock()
}

func (c *counterNode) Decide() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return atomic.LoadInt32(&c.gen) != 0 && atomic.LoadInt32(&c.gen) == 2
}

func span(s *store, v int64) (int64, int64) { return s.current, v }
