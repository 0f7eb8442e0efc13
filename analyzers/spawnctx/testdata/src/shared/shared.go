// Package shared holds work shared between callers (singleflight).
package shared

import (
	"context"
	"time"

	"golang.org/x/sync/singleflight"
)

func fetch(ctx context.Context, key string) (any, error) { _ = ctx.Err(); return nil, nil }

type Cache struct{ g singleflight.Group }

// The shared call runs with the first caller's context: its cancellation
// fails every caller of the key.
func (c *Cache) Get(ctx context.Context, key string) (any, error) {
	v, err, _ := c.g.Do(key, func() (any, error) {
		return fetch(ctx, key) // want `work shared by singleflight.Group.Do runs with the calling request's context ctx: one caller's cancellation fails the call for every caller of the same key; pass context.WithoutCancel\(ctx\), with a timeout of its own`
	})
	return v, err
}

func (c *Cache) GetChan(ctx context.Context, key string) <-chan singleflight.Result {
	return c.g.DoChan(key, func() (any, error) {
		tctx, cancel := context.WithTimeout(ctx, time.Second) // want `work shared by singleflight.Group.DoChan runs with the calling request's context ctx`
		defer cancel()
		return fetch(tctx, key)
	})
}

// Detached, with a timeout of its own: every caller waits on the same
// bounded call, and the values are kept.
func (c *Cache) GetDetached(ctx context.Context, key string) (any, error) {
	v, err, _ := c.g.Do(key, func() (any, error) {
		tctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
		defer cancel()
		return fetch(tctx, key)
	})
	return v, err
}

// Work that does no context work is not bound to anyone.
func (c *Cache) GetPure(ctx context.Context, key string) (any, error) {
	v, err, _ := c.g.Do(key, func() (any, error) { return key, nil })
	return v, err
}

// A wrapper of singleflight is shared work too (a Sharer fact).
func (c *Cache) load(key string, f func() (any, error)) (any, error) {
	v, err, _ := c.g.Do(key, f)
	return v, err
}

func (c *Cache) Wrapped(ctx context.Context, key string) (any, error) {
	return c.load(key, func() (any, error) {
		return fetch(ctx, key) // want `work shared by wrapper Cache.load runs with the calling request's context ctx`
	})
}

// A context of a type parameter is the caller's too; the fix wraps it
// where the callee takes a context.Context.
func GetG[C context.Context](c *Cache, ctx C, key string) (any, error) {
	v, err, _ := c.g.Do(key, func() (any, error) {
		return fetch(ctx, key) // want `work shared by singleflight.Group.Do runs with the calling request's context ctx`
	})
	return v, err
}

// Where the callee takes the caller's own type, context.WithoutCancel's
// context.Context would not fit: reported, with no fix.
type reqCtx struct{ context.Context }

func fetchReq(c *reqCtx, key string) (any, error) { _ = c.Err(); return nil, nil }

func (c *Cache) GetReq(ctx *reqCtx, key string) (any, error) {
	v, err, _ := c.g.Do(key, func() (any, error) {
		return fetchReq(ctx, key) // want `work shared by singleflight.Group.Do runs with the calling request's context ctx`
	})
	return v, err
}

// A module's own detach helper: a root seeded with the caller's values
// (a Detaches fact). Shared work detached through it is silent, as with
// context.WithoutCancel.
type spanKey struct{}

func detach(ctx context.Context) context.Context {
	return context.WithValue(context.Background(), spanKey{}, ctx.Value(spanKey{}))
}

func (c *Cache) GetDetachedBy(ctx context.Context, key string) (any, error) {
	v, err, _ := c.g.Do(key, func() (any, error) {
		dctx := detach(ctx)
		tctx, cancel := context.WithTimeout(dctx, time.Second)
		defer cancel()
		return fetch(tctx, key)
	})
	return v, err
}

func (c *Cache) GetDetachedInline(ctx context.Context, key string) (any, error) {
	v, err, _ := c.g.Do(key, func() (any, error) {
		return fetch(detach(ctx), key)
	})
	return v, err
}

// The twin: a helper that derives from the caller's context keeps its
// cancellation: the shared work is bound to one caller.
func derive(ctx context.Context) context.Context {
	return context.WithValue(ctx, spanKey{}, "x")
}

func (c *Cache) GetDerived(ctx context.Context, key string) (any, error) {
	v, err, _ := c.g.Do(key, func() (any, error) {
		return fetch(derive(ctx), key) // want `work shared by singleflight.Group.Do runs with the calling request's context ctx`
	})
	return v, err
}

type config struct{ url string }

type configKey struct{}

func configFrom(ctx context.Context) config {
	c, _ := ctx.Value(configKey{}).(config)
	return c
}

// newClient looks its configuration up in the context and does no more:
// no caller's cancellation reaches the shared work.
func newClient(ctx context.Context, key string) (any, error) {
	return configFrom(ctx).url + key, nil
}

// dialClient also dials with it: the first caller's cancellation fails
// every caller.
func dialClient(ctx context.Context, key string) (any, error) {
	c := configFrom(ctx)
	return fetch(ctx, c.url+key)
}

func (c *Cache) Client(ctx context.Context, key string) (any, error) {
	v, err, _ := c.g.Do(key, func() (any, error) {
		return newClient(ctx, key)
	})
	return v, err
}

func (c *Cache) Dial(ctx context.Context, key string) (any, error) {
	v, err, _ := c.g.Do(key, func() (any, error) {
		return dialClient(ctx, key) // want `work shared by singleflight.Group.Do runs with the calling request's context ctx`
	})
	return v, err
}

// A group local to one invocation: every caller of the key is this loop's
// own work, which shares the run's context by design (never two pings in
// flight at once).
func PingLoop(ctx context.Context, ticks <-chan struct{}) {
	sf := &singleflight.Group{}
	check := func(ctx context.Context) {
		ctx, cancel := context.WithTimeout(ctx, time.Second)
		defer cancel()
		ch := sf.DoChan("ping", func() (any, error) {
			return fetch(ctx, "ping")
		})
		select {
		case <-ch:
		case <-ctx.Done():
		}
	}
	for range ticks {
		check(ctx)
	}
}

// Twin: a local group that leaves the function (returned, stored) may be
// shared by other callers.
func NewPinger(ctx context.Context) (*singleflight.Group, <-chan singleflight.Result) {
	var sf singleflight.Group
	ch := sf.DoChan("ping", func() (any, error) {
		return fetch(ctx, "ping") // want `work shared by singleflight.Group.DoChan runs with the calling request's context ctx`
	})
	return &sf, ch
}

// Twin: a group handed in as a parameter is the caller's, shared with
// whoever else it gives it to.
func PingWith(ctx context.Context, sf *singleflight.Group) <-chan singleflight.Result {
	return sf.DoChan("ping", func() (any, error) {
		return fetch(ctx, "ping") // want `work shared by singleflight.Group.DoChan runs with the calling request's context ctx`
	})
}
