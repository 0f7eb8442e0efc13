// Package groupfix has the suggested fixes for a discarded group context.
package groupfix

import (
	"context"
	"time"

	"golang.org/x/sync/errgroup"
)

func fetch(ctx context.Context, url string) error { _ = ctx.Err(); return nil }

func work() error { return nil }

func wait(g *errgroup.Group) error { return g.Wait() }

func both(ctx context.Context, urls []string) error {
	g, _ := errgroup.WithContext(ctx) // want `context of errgroup.WithContext is discarded`
	for _, u := range urls {
		g.Go(func() error { return fetch(ctx, u) })
	}
	g.TryGo(func() error {
		ctx := context.WithValue(ctx, "k", "v") // a task's own ctx, derived from the parent
		return fetch(ctx, "own")
	})
	return wait(g) // g stays a *errgroup.Group
}

func collision(ctx context.Context, gctx int) error {
	g, _ := errgroup.WithContext(ctx) // want `context of errgroup.WithContext is discarded`
	g.Go(func() error { return fetch(ctx, "x") })
	return g.Wait()
}

func otherCtx(ctx, other context.Context) error {
	g, _ := errgroup.WithContext(ctx) // want `context of errgroup.WithContext is discarded`
	g.Go(func() error { return fetch(other, "no task uses ctx: no bind fix") })
	return g.Wait()
}

func assign(ctx context.Context) error {
	var g *errgroup.Group
	g, _ = errgroup.WithContext(ctx) // want `context of errgroup.WithContext is discarded`
	g.Go(func() error { return fetch(ctx, "no bind fix: gctx would need a declaration") })
	return g.Wait()
}

func declared(ctx context.Context) error {
	var g, _ = errgroup.WithContext(ctx) // want `context of errgroup.WithContext is discarded`
	g.Go(func() error { return fetch(ctx, "x") })
	return g.Wait()
}

func unusedParam(ctx context.Context) error {
	g, _ := errgroup.WithContext(ctx) // want `context of errgroup.WithContext is discarded`
	g.Go(work)
	return g.Wait()
}

// No fix: dropping tctx would leave it unused, and no task uses it.
func onlyUse(ctx context.Context) error {
	tctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	g, _ := errgroup.WithContext(tctx) // want `context of errgroup.WithContext is discarded`
	g.Go(work)
	return g.Wait()
}

// No bind fix: the group is assigned twice.
func twice(ctx context.Context) error {
	g, _ := errgroup.WithContext(ctx) // want `context of errgroup.WithContext is discarded`
	g.Go(func() error { return fetch(ctx, "a") })
	if err := g.Wait(); err != nil {
		return err
	}
	g = new(errgroup.Group)
	g.Go(func() error { return fetch(ctx, "b") })
	return g.Wait()
}

// No plain fix: the argument has effects of its own.
func effects(ctx context.Context) error {
	g, _ := errgroup.WithContext(context.WithoutCancel(ctx)) // want `context of errgroup.WithContext is discarded`
	g.Go(work)
	return g.Wait()
}
