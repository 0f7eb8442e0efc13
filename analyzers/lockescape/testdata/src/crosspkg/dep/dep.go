// Package dep has a registry whose exported map it changes in place.
package dep

import "sync"

type Registry struct {
	sync.RWMutex
	Items map[string]int // want Items:"changed in place"
	Names []string
	// Slots is a lock-free table its poller writes by index, never under
	// the mutex: the fact says so.
	Slots []int // want Slots:"changed in place without a lock"
}

func (r *Registry) Poll(fd, v int) { r.Slots[fd] = v }

func (r *Registry) Put(k string, v int) {
	r.Lock()
	r.Items[k] = v
	r.Unlock()
}

func (r *Registry) Append(n string) {
	r.Lock()
	r.Names = append(r.Names, n)
	r.Unlock()
}
