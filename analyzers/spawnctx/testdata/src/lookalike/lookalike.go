// Package lookalike: spawners, groups and shared work are known by the
// type checker (their package path and name), never by their names alone.
// Look-alikes that run the work at once, on the caller's goroutine, spawn
// nothing: a root there is ctxdrop's synchronous drop, not spawned work,
// and a discarded context of their WithContext is nothing to report.
package lookalike

import (
	"context"

	"example.com/look/errgroup"
	"example.com/look/singleflight"
	"example.com/look/sync"
)

func fetch(ctx context.Context, key string) (any, error) { _ = ctx.Err(); return nil, nil }

func group(ctx context.Context) error {
	g, _ := errgroup.WithContext(ctx)
	g.Go(func() error {
		_, err := fetch(context.Background(), "a")
		return err
	})
	return g.Wait()
}

func shared(ctx context.Context, g *singleflight.Group) (any, error) {
	v, err, _ := g.Do("k", func() (any, error) { return fetch(ctx, "k") })
	return v, err
}

func waitGroup(ctx context.Context) {
	var wg sync.WaitGroup
	wg.Go(func() { fetch(context.TODO(), "b") })
	wg.Wait()
}
