// Package callers holds writes made by functions whose callers hold the
// owner's lock (toxiproxy's chainRemoveToxic): the owner's protocol, as a
// write under a lock the function takes itself.
package callers

import (
	"context"
	"sync"
)

type Config struct {
	Index   int
	Retries int
}

// A collection shares the configurations its callers add.
type Collection struct {
	sync.Mutex
	chain []*Config
	conns map[string]*Config
}

func (c *Collection) Add(ctx context.Context, cfg *Config) {
	c.Lock()
	defer c.Unlock()
	c.chain = append(c.chain, cfg)
}

func (c *Collection) Put(name string, cfg *Config) {
	c.Lock()
	c.conns[name] = cfg
	c.Unlock()
}

// renumber runs with the lock held: every caller (Remove, Reset, and
// drop, which only Reset calls, under its lock) takes it first.
func (c *Collection) renumber(ctx context.Context, from int) {
	for i := from; i < len(c.chain); i++ {
		c.chain[i].Index = i
	}
}

func (c *Collection) drop(ctx context.Context, i int) {
	c.chain = append(c.chain[:i], c.chain[i+1:]...)
	c.renumber(ctx, i)
}

func (c *Collection) Remove(ctx context.Context, i int) {
	c.Lock()
	defer c.Unlock()
	c.drop(ctx, i)
}

func (c *Collection) Reset(ctx context.Context) {
	c.Lock()
	defer c.Unlock()
	for len(c.chain) > 0 {
		c.drop(ctx, 0)
	}
}

// retry is called once under the lock and once without: its caller
// Bump races.
func (c *Collection) retry(ctx context.Context, name string) {
	c.conns[name].Retries++ // want `^c\.conns\[name\]\.Retries is written through c\.conns\[name\], held by c`
}

func (c *Collection) Retry(ctx context.Context, name string) {
	c.Lock()
	c.retry(ctx, name)
	c.Unlock()
}

func (c *Collection) Bump(ctx context.Context, name string) { c.retry(ctx, name) }

// reset is called under the lock, but from a goroutine started there,
// which runs after the Unlock.
func (c *Collection) reset(ctx context.Context, name string) {
	c.conns[name].Retries = 0 // want `^c\.conns\[name\]\.Retries is written through c\.conns\[name\], held by c`
}

func (c *Collection) ResetLater(ctx context.Context, name string) {
	c.Lock()
	defer c.Unlock()
	go func() { c.reset(ctx, name) }()
}

// Exported: callers in other packages need not hold the lock.
func (c *Collection) Renumber(ctx context.Context, from int) {
	for i := from; i < len(c.chain); i++ {
		c.chain[i].Index = i // want `^c\.chain\[i\]\.Index is written through c\.chain\[i\], held by c`
	}
}

func (c *Collection) RenumberAll(ctx context.Context) {
	c.Lock()
	defer c.Unlock()
	c.Renumber(ctx, 0)
}

// clear is used as a value: whoever runs it need not hold the lock.
func (c *Collection) clear(ctx context.Context, name string) {
	c.conns[name].Retries = 0 // want `^c\.conns\[name\]\.Retries is written through c\.conns\[name\], held by c`
}

func (c *Collection) Clearer() func(context.Context, string) {
	c.Lock()
	defer c.Unlock()
	c.clear(context.Background(), "")
	return c.clear
}

// sweep is a method of an interface of the package: it may be called
// through one, by code that holds no lock.
type sweeper interface{ sweep(ctx context.Context, name string) }

var _ sweeper = (*Collection)(nil)

func (c *Collection) sweep(ctx context.Context, name string) {
	c.conns[name].Retries = 0 // want `^c\.conns\[name\]\.Retries is written through c\.conns\[name\], held by c`
}

func (c *Collection) Sweep(ctx context.Context) {
	c.Lock()
	defer c.Unlock()
	c.sweep(ctx, "")
}

// ResetLocked says by its name that its caller holds the lock (as
// "c.mu must be held" in its doc would): exported, and silent.
func (c *Collection) ResetLocked(ctx context.Context, name string) {
	c.conns[name].Retries = 0
}

// rename is started on a goroutine under the lock: it runs after the
// Unlock as likely as before.
func (c *Collection) rename(ctx context.Context, name string) {
	c.conns[name].Retries = 1 // want `^c\.conns\[name\]\.Retries is written through c\.conns\[name\], held by c`
}

func (c *Collection) Rename(ctx context.Context, name string) {
	c.Lock()
	go c.rename(ctx, name)
	c.Unlock()
}
