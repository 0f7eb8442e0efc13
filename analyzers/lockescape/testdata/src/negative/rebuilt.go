package negative

import "sync"

// A lazy initialiser that builds a new value under the write lock and sets
// it up in place before the unlock publishes it (gosaml2's signing
// context): no value a reader was handed is ever changed, so returning the
// field from under the read lock races with nothing.
type Signer struct {
	mu  sync.RWMutex
	ctx *SigningContext
	idx map[string]int
}

type SigningContext struct {
	Method string
	Canon  string
}

func NewSigningContext() (*SigningContext, error) { return &SigningContext{}, nil }

func (s *Signer) Context(fromKey bool) *SigningContext {
	s.mu.RLock()
	c := s.ctx
	s.mu.RUnlock()
	if c != nil {
		return c
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var err error
	if fromKey {
		s.ctx, err = NewSigningContext()
		if err != nil {
			return nil
		}
	} else {
		s.ctx = &SigningContext{}
	}
	s.ctx.Method = "rsa-sha256"
	s.ctx.Canon = "c14n"
	return s.ctx
}

func (s *Signer) Current() *SigningContext {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.ctx
}

// The same for a map rebuilt and filled under the lock.
func (s *Signer) Index() map[string]int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.idx
}

func (s *Signer) Reindex(keys []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.idx = make(map[string]int, len(keys))
	for i, k := range keys {
		s.idx[k] = i
	}
}
