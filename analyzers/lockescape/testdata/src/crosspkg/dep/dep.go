// Package dep has a registry whose exported map it changes in place.
package dep

import "sync"

type Registry struct {
	sync.RWMutex
	Items map[string]int // want Items:"changed in place"
	Names []string
}

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
