// Package groupctx holds errgroups whose context is discarded, and groups
// that are fine.
package groupctx

import (
	"context"
	"net/http"

	"golang.org/x/sync/errgroup"
)

func fetch(ctx context.Context, url string) error { return nil }

func discarded(ctx context.Context, urls []string) error {
	g, _ := errgroup.WithContext(ctx) // want `context of errgroup.WithContext is discarded: a failing task cancels nothing, the other tasks run on; bind it \(g, gctx := errgroup.WithContext\(ctx\)\) and use gctx in the tasks, or use a plain errgroup.Group if no cancellation is wanted`
	for _, u := range urls {
		g.Go(func() error { return fetch(ctx, u) })
	}
	return g.Wait()
}

func assigned(r *http.Request) error {
	var g *errgroup.Group
	g, _ = errgroup.WithContext(r.Context()) // want `context of errgroup.WithContext is discarded: .*bind it \(g, gctx := errgroup.WithContext\(r.Context\(\)\)\)`
	g.Go(func() error { return nil })
	return g.Wait()
}

func declared() error {
	var g, _ = errgroup.WithContext(context.Background()) // want `context of errgroup.WithContext is discarded`
	g.Go(func() error { return nil })
	return g.Wait()
}

type server struct{ g *errgroup.Group }

func (s *server) field(ctx context.Context) {
	s.g, _ = errgroup.WithContext(ctx) // want `context of errgroup.WithContext is discarded: .*bind it \(s.g, gctx :=`
}

// Silent.

func bound(ctx context.Context, urls []string) error {
	g, gctx := errgroup.WithContext(ctx)
	for _, u := range urls {
		g.Go(func() error { return fetch(gctx, u) })
	}
	return g.Wait()
}

func plain(ctx context.Context, urls []string) error {
	var g errgroup.Group
	for _, u := range urls {
		g.Go(func() error { return fetch(ctx, u) })
	}
	return g.Wait()
}

func plainPointer(ctx context.Context) error {
	g := new(errgroup.Group)
	g.Go(func() error { return fetch(ctx, "x") })
	return g.Wait()
}

// The group is discarded, not the context: nothing runs on it.
func groupDiscarded(ctx context.Context) error {
	_, gctx := errgroup.WithContext(ctx)
	return fetch(gctx, "x")
}

// Bound, then checked by hand.
func boundUsedLater(ctx context.Context) error {
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error { return nil })
	err := g.Wait()
	if gctx.Err() != nil {
		return gctx.Err()
	}
	return err
}
