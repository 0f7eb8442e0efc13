package basic

import (
	"sync"
	"sync/atomic"
)

// The twins of negative's node: each lets a rebind fall between two
// reads that hold a lock.
type store struct{ compact, current int64 }

// A writer that does not take the lock.
type loose struct {
	readMu sync.RWMutex
	db     atomic.Pointer[store]
}

func (n *loose) restore(s *store) {
	n.readMu.Lock()
	n.db.Store(s)
	n.readMu.Unlock()
}

func (n *loose) swap(s *store) { n.db.Store(s) }

func (n *loose) Watch() (int64, int64) {
	n.readMu.RLock()
	defer n.readMu.RUnlock()
	return span(n.db.Load(), n.db.Load().current) // want `slot n\.db read twice`
}

// A writer that takes only the read half: it runs beside the readers.
type shared struct {
	readMu sync.RWMutex
	db     atomic.Pointer[store]
}

func (n *shared) restore(s *store) {
	n.readMu.RLock()
	n.db.Store(s)
	n.readMu.RUnlock()
}

func (n *shared) Watch() (int64, int64) {
	n.readMu.RLock()
	defer n.readMu.RUnlock()
	return span(n.db.Load(), n.db.Load().current) // want `slot n\.db read twice`
}

// A reader that lets go of the lock between its reads.
type relock struct {
	readMu sync.RWMutex
	db     atomic.Pointer[store]
}

func (n *relock) restore(s *store) {
	n.readMu.Lock()
	n.db.Store(s)
	n.readMu.Unlock()
}

func (n *relock) Watch(wait bool) (int64, int64) {
	n.readMu.RLock()
	defer n.readMu.RUnlock()
	cur := n.db.Load()
	if wait {
		n.readMu.RUnlock()
		n.readMu.RLock()
	}
	return span(cur, n.db.Load().current) // want `slot n\.db read twice`
}

// A pointer to the slot escapes: a write through it is not seen.
type leaky struct {
	readMu sync.RWMutex
	db     atomic.Pointer[store]
}

func (n *leaky) restore(s *store) {
	n.readMu.Lock()
	n.db.Store(s)
	n.readMu.Unlock()
}

func (n *leaky) Slot() *atomic.Pointer[store] { return &n.db }

func (n *leaky) Watch() (int64, int64) {
	n.readMu.RLock()
	defer n.readMu.RUnlock()
	return span(n.db.Load(), n.db.Load().current) // want `slot n\.db read twice`
}

// A goroutine started under the lock writes after the Unlock.
type later struct {
	readMu sync.RWMutex
	db     atomic.Pointer[store]
}

func (n *later) restore(s *store) {
	n.readMu.Lock()
	go func() { n.db.Store(s) }()
	n.readMu.Unlock()
}

func (n *later) Watch() (int64, int64) {
	n.readMu.RLock()
	defer n.readMu.RUnlock()
	return span(n.db.Load(), n.db.Load().current) // want `slot n\.db read twice`
}

// An exported slot: another package may write it without the lock.
type Open struct {
	ReadMu sync.RWMutex
	DB     atomic.Pointer[store]
}

func (n *Open) restore(s *store) {
	n.ReadMu.Lock()
	n.DB.Store(s)
	n.ReadMu.Unlock()
}

func (n *Open) Watch() (int64, int64) {
	n.ReadMu.RLock()
	defer n.ReadMu.RUnlock()
	return span(n.DB.Load(), n.DB.Load().current) // want `slot n\.DB read twice`
}

func span(s *store, v int64) (int64, int64) { return s.current, v }

// A plain assignment that does not take the lock.
type plainGen struct {
	mu  sync.Mutex
	gen int32
}

func (c *plainGen) bump() {
	c.mu.Lock()
	atomic.StoreInt32(&c.gen, 2)
	c.mu.Unlock()
}

func (c *plainGen) reset() { c.gen = 0 }

func (c *plainGen) Decide() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return atomic.LoadInt32(&c.gen) != 0 && atomic.LoadInt32(&c.gen) == 2 // want `state c\.gen loaded twice in one decision`
}
