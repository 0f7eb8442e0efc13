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

// An atomic.Value that holds a copied value (a struct, not a pointer) is a
// snapshot of data: each Load copies it out, and a re-read picks up a
// reload on purpose (hashicorp/raft's reloadable config). No run is bound.
type Config struct {
	HeartbeatTimeout int
	LocalID          string
}

type Raft struct{ conf atomic.Value }

func (r *Raft) config() Config { return r.conf.Load().(Config) }

func (r *Raft) Reload(c Config) { r.conf.Store(c) }

func (r *Raft) header() (int, string, string) {
	return r.config().HeartbeatTimeout, r.config().LocalID, r.config().LocalID
}

func (r *Raft) loop(ticks <-chan struct{}) {
	timeout := r.config().HeartbeatTimeout
	for range ticks {
		if timeout != r.conf.Load().(Config).HeartbeatTimeout {
			timeout = r.config().HeartbeatTimeout
		}
	}
}
