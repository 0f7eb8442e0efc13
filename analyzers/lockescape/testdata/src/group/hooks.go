// Package group: the reads of one field that race with one in-place write
// are one finding, at the first read, with the others as related
// positions, and one fix that copies at each of them (go-redis's pool
// hooks: RemoveHook shifts the slice in place under the lock while three
// processors range over it after the unlock). Reads of one field that race
// with different writes, and reads of different fields, are findings of
// their own. A read silenced by a directive is left out; the next one
// carries the finding.
package group

import "sync"

type Hook interface{ OnGet() }

type Hooks struct {
	mu    sync.RWMutex
	hooks []Hook
}

func (h *Hooks) Add(k Hook) {
	h.mu.Lock()
	h.hooks = append(h.hooks, k)
	h.mu.Unlock()
}

func (h *Hooks) Remove(k Hook) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for i, x := range h.hooks {
		if x == k {
			last := len(h.hooks) - 1
			h.hooks[i] = h.hooks[last] // the write the three reads race with
			h.hooks = h.hooks[:last]
			return
		}
	}
}

func (h *Hooks) OnGet() {
	h.mu.RLock()
	hooks := h.hooks // want `^slice h\.hooks is read under h\.mu and ranged over after the unlock, while other code changes it in place: that races with those writes; copy it under the lock with slices\.Clone\(h\.hooks\)$`
	h.mu.RUnlock()
	for _, k := range hooks {
		k.OnGet()
	}
}

func (h *Hooks) OnPut() {
	h.mu.RLock()
	hooks := h.hooks // related to OnGet's
	h.mu.RUnlock()
	for _, k := range hooks {
		k.OnGet()
	}
}

// A read silenced by a directive.
type Quiet struct {
	mu    sync.Mutex
	names []string
}

func (q *Quiet) Set(i int, n string) {
	q.mu.Lock()
	q.names[i] = n
	q.mu.Unlock()
}

func (q *Quiet) First() string {
	q.mu.Lock()
	//ctxbound:ignore lockescape -- First runs before any Set
	names := q.names
	q.mu.Unlock()
	return names[0]
}

func (q *Quiet) Last() string {
	q.mu.Lock()
	names := q.names // want `slice q\.names is read under q\.mu and indexed after the unlock`
	q.mu.Unlock()
	return names[len(names)-1]
}
