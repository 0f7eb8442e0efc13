package basic

import "sync"

// A TryLock that an if tests holds the mutex in the if's body, and after
// an if that leaves when it fails: the map read there escapes the lock as
// one read after Lock does; the writer that changes it in place holds the
// lock the same way.
type Cache struct {
	mu      sync.Mutex
	entries map[string]int
	hits    map[string]int
}

func (c *Cache) Put(k string, v int) {
	if !c.mu.TryLock() {
		return
	}
	c.entries[k] = v
	c.hits[k] = 0
	c.mu.Unlock()
}

func (c *Cache) Snapshot() map[string]int {
	if c.mu.TryLock() {
		m := c.entries // want `^map c\.entries is read under c\.mu and returned, so its callers use it after the unlock`
		c.mu.Unlock()
		return m
	}
	return nil
}

func (c *Cache) Hits() map[string]int {
	if !c.mu.TryLock() {
		return nil
	}
	defer c.mu.Unlock()
	return c.hits // want `^map c\.hits is read under c\.mu and returned, so its callers use it after the unlock`
}
