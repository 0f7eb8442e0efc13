// Package basic holds the shapes sharedconfig reports.
package basic

import (
	"context"
	"io"
	"net/http"
	"sync"
)

type Config struct {
	Addr    string
	Logger  io.Writer
	Retries int
	Blocks  []*Block
}

type Block struct{ Pattern string }

// A pool shares its configuration with every connection.
type Pool struct {
	mu    sync.Mutex
	cfg   *Config
	conns map[string]*Config
}

type Conn struct{ cfg *Config }

// The pool holds the configuration its caller gives it, and every
// connection holds the pool's.
func NewPool(cfg *Config) *Pool { return &Pool{cfg: cfg, conns: map[string]*Config{}} }

func (p *Pool) Add(name string, c *Config) {
	p.mu.Lock()
	p.conns[name] = c
	p.mu.Unlock()
}

func connect(ctx context.Context, c *Config) *Conn { return &Conn{cfg: c} }

// Per-connection code writes the pool's configuration through an alias.
func (p *Pool) Dial(ctx context.Context, w io.Writer) *Conn {
	conf := p.cfg
	conf.Logger = w // want `^conf\.Logger is written through conf, an alias of p\.cfg, held by p and shared by every operation that runs concurrently: this operation changes it for all of them; copy it first and change the copy$`
	return connect(ctx, conf)
}

// A reconnect writes the shared options directly.
func (p *Pool) Reconnect(ctx context.Context, addr string) {
	p.cfg.Addr = addr // want `^p\.cfg\.Addr is written through p\.cfg, held by p`
	p.cfg.Retries++   // want `^p\.cfg\.Retries is written through p\.cfg`
}

// A per-query path normalises shared entries in place.
func (p *Pool) Query(ctx context.Context) {
	for _, b := range p.cfg.Blocks {
		if b.Pattern == "" {
			b.Pattern = ".*" // want `^b\.Pattern is written through b, an alias of p\.cfg\.Blocks, held by p`
		}
	}
}

// An element of a map of configurations of the owner.
func (p *Pool) Tune(ctx context.Context, name string) {
	p.conns[name].Retries = 3 // want `^p\.conns\[name\]\.Retries is written through p\.conns\[name\], held by p`
}

// A package-level configuration, written by a handler.
var defaults = &Config{Retries: 1}

func Handle(w http.ResponseWriter, r *http.Request) {
	defaults.Addr = r.Host // want `^defaults\.Addr is written through defaults, a package variable defaults shared by every operation`
}

// Spawned work writes the shared configuration.
func (p *Pool) Start() {
	go func() {
		p.cfg.Retries = 0 // want `^p\.cfg\.Retries is written through p\.cfg`
	}()
}

// The twins of negative's workers that fill a value under construction:
// the spawner allocates it on one path only, after the go statement, or
// does not wait for the worker, which then writes a value every operation
// may be reading.
var registry = &Config{}

func reload(fresh bool, addr string) {
	if fresh {
		registry = &Config{}
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		registry.Addr = addr // want `^registry\.Addr is written through registry, a package variable registry shared by every operation`
	}()
	wg.Wait()
}

func refresh(addr string) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		registry.Addr = addr // want `^registry\.Addr is written through registry`
	}()
	registry = &Config{}
	wg.Wait()
}

func watch(addrs <-chan string) {
	registry = &Config{}
	go func() {
		for a := range addrs {
			registry.Addr = a // want `^registry\.Addr is written through registry`
		}
	}()
}

// A Wait on another WaitGroup than the one the worker marks done.
func rebuild(addr string) {
	registry = &Config{}
	var wg, other sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		registry.Addr = addr // want `^registry\.Addr is written through registry`
	}()
	other.Wait()
}
