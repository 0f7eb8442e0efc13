// Package groupctx holds errgroups whose context is discarded, and groups
// that are fine.
package groupctx

import (
	"context"
	"net/http"

	"golang.org/x/sync/errgroup"
)

func fetch(ctx context.Context, url string) error { _ = ctx.Err(); return nil }

func work() error { return nil }

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
	g.Go(func() error { return fetch(r.Context(), "a") })
	return g.Wait()
}

func declared() error {
	var g, _ = errgroup.WithContext(context.Background()) // want `context of errgroup.WithContext is discarded`
	g.Go(work)
	return g.Wait()
}

type server struct{ g *errgroup.Group }

func (s *server) field(ctx context.Context) {
	s.g, _ = errgroup.WithContext(ctx) // want `context of errgroup.WithContext is discarded: .*bind it \(s.g, gctx :=`
}

// A task that may fail, among tasks that cannot.
func oneMayFail(ctx context.Context) error {
	g, _ := errgroup.WithContext(ctx) // want `context of errgroup.WithContext is discarded`
	g.Go(func() error { return nil })
	g.Go(func() error {
		if err := fetch(ctx, "x"); err != nil {
			return err
		}
		return nil
	})
	return g.Wait()
}

// The group escapes: its tasks are not all known here.
func escapes(ctx context.Context) error {
	g, _ := errgroup.WithContext(ctx) // want `context of errgroup.WithContext is discarded`
	g.Go(func() error { return nil })
	addMore(g)
	return g.Wait()
}

func addMore(g *errgroup.Group) { g.Go(work) }

// Silent.

// No task can fail (x/tools' go/packages loader): the context would never
// be cancelled before Wait returns, so discarding it loses nothing.
func cannotFail(ctx context.Context, items []string) error {
	g, _ := errgroup.WithContext(ctx)
	var enqueue func(string)
	enqueue = func(s string) {
		g.Go(func() error {
			func() error { return fetch(ctx, s) }() // a nested literal's return is not the task's
			return nil
		})
	}
	for _, s := range items {
		enqueue(s)
	}
	g.SetLimit(2)
	return g.Wait()
}

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

// Suppressed with a reason.
func suppressed(ctx context.Context) error {
	//ctxbound:ignore spawnctx -- the tasks are independent: one failing must not stop the others
	g, _ := errgroup.WithContext(ctx)
	g.Go(func() error { return fetch(ctx, "a") })
	g.Go(func() error { return fetch(ctx, "b") })
	return g.Wait()
}

// The fix of g, ctx := errgroup.WithContext(ctx), whose group context,
// cancelled when Wait returns, shadowed the parent's and broke the code
// after Wait: the context is discarded because the function goes on with
// the parent's. Silent.
func parentAfterWait(ctx context.Context, urls []string) error {
	g, _ := errgroup.WithContext(ctx)
	for _, u := range urls {
		g.Go(func() error { return fetch(ctx, u) })
	}
	if err := g.Wait(); err != nil {
		return err
	}
	return fetch(ctx, "after")
}

// The twin: the parent's context used only before Wait.
func parentBeforeWait(ctx context.Context, urls []string) error {
	g, _ := errgroup.WithContext(ctx) // want `context of errgroup.WithContext is discarded`
	for _, u := range urls {
		g.Go(func() error { return fetch(ctx, u) })
	}
	return g.Wait()
}
