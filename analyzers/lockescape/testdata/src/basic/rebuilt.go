package basic

import "sync"

// The twins of a value rebuilt under the lock. A branch that keeps the old
// value, already handed out, and writes it in place; and a write that no
// rebuild comes before: both change what a reader holds.
type Keys struct {
	mu  sync.RWMutex
	cfg *KeyConfig
}

type KeyConfig struct{ Alg string }

func (k *Keys) Config() *KeyConfig {
	k.mu.RLock()
	defer k.mu.RUnlock()
	return k.cfg // want `pointer k\.cfg is read under k\.mu and returned, so its callers use it after the unlock`
}

func (k *Keys) Rotate(fresh bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if fresh {
		k.cfg = &KeyConfig{}
	}
	k.cfg.Alg = "ed25519"
}
