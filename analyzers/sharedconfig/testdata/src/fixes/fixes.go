// Package fixes holds sharedconfig's fixes.
package fixes

import (
	"context"
	"sync"
)

type Config struct{ Addr string }

type Options struct{ Addr string }

func (o *Options) Clone() *Options { c := *o; return &c }

type Pool struct {
	mu  sync.Mutex
	cfg *Config
	opt *Options
}

func NewPool(cfg *Config, opt *Options) *Pool { return &Pool{cfg: cfg, opt: opt} }

// Every use selects a field: the value copy serves.
func (p *Pool) Local(ctx context.Context) string {
	conf := p.cfg
	conf.Addr = "local" // want `conf\.Addr is written through conf`
	return conf.Addr
}

// The type has a Clone.
func (p *Pool) Cloned(ctx context.Context) *Options {
	opt := p.opt
	opt.Addr = "x" // want `opt\.Addr is written through opt`
	return opt
}

func use(*Config) {}

// Handed on as a pointer: no fix.
func (p *Pool) Handed(ctx context.Context) {
	conf := p.cfg
	conf.Addr = "x" // want `conf\.Addr is written through conf`
	use(conf)
}
