package basic

import "sync"

// The twins of negative/lockfree.go: writers that hold the lock through
// their callers (an unexported helper every call of which stands in a
// critical section) or in a literal's own critical section make the mutex
// the table's guard, and the read used after the unlock races with them.
type Table struct {
	mu    sync.Mutex
	conns []*int
	byID  map[int]int
}

func (t *Table) setLocked(fd int, c *int) { t.conns[fd] = c }

func (t *Table) Add(fd int, c *int) {
	t.mu.Lock()
	t.setLocked(fd, c)
	t.mu.Unlock()
}

func (t *Table) Watch(events <-chan int) {
	go func() {
		for id := range events {
			t.mu.Lock()
			t.byID[id]++
			t.mu.Unlock()
		}
	}()
}

func (t *Table) Count() int {
	t.mu.Lock()
	conns := t.conns // want `slice t\.conns is read under t\.mu and ranged over after the unlock`
	byID := t.byID   // want `map t\.byID is read under t\.mu and ranged over after the unlock`
	t.mu.Unlock()
	n := 0
	for _, c := range conns {
		if c != nil {
			n++
		}
	}
	for range byID {
		n++
	}
	return n
}
