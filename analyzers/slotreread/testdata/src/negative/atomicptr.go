package negative

import (
	"sync"
	"sync/atomic"
)

type hookState struct{ hooks []func() }

// hooksMixin holds a pointer to its atomic, rebound when the mixin is
// (re)initialised: s.state.Load() and s.state.Store(v) are the atomic's
// read and write, not two reads of the pointer field (go-redis's
// hooksMixin.AddHook: copy-on-write under a writers' mutex).
type hooksMixin struct {
	mu    *sync.Mutex
	state *atomic.Pointer[hookState]
}

func (m *hooksMixin) init() {
	m.mu = new(sync.Mutex)
	m.state = new(atomic.Pointer[hookState])
	m.state.Store(&hookState{})
}

func (m *hooksMixin) AddHook(h func()) {
	m.mu.Lock()
	defer m.mu.Unlock()
	old := m.state.Load()
	next := &hookState{hooks: append(append([]func(){}, old.hooks...), h)}
	m.state.Store(next)
}
