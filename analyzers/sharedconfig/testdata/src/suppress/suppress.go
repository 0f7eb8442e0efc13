// Package suppress holds sharedconfig's directives.
package suppress

import (
	"context"
	"sync"
)

type Config struct{ Addr string }

type Pool struct {
	mu  sync.Mutex
	cfg *Config
}

func NewPool(cfg *Config) *Pool { return &Pool{cfg: cfg} }

func (p *Pool) Boot(ctx context.Context) {
	//ctxbound:ignore sharedconfig -- runs once before the pool is shared
	p.cfg.Addr = "x"
}

func (p *Pool) Unused(ctx context.Context) {
	//ctxbound:ignore sharedconfig -- nothing here // want `//ctxbound:ignore sharedconfig suppressed nothing; remove it`
	_ = p.cfg.Addr
}
