package groupfix

import (
	"context"

	eg "golang.org/x/sync/errgroup"
)

func renamed(ctx context.Context) error {
	g, _ := eg.WithContext(ctx) // want `context of errgroup.WithContext is discarded: .* and use gctx in the tasks, or use a plain errgroup.Group`
	g.Go(func() error { return fetch(ctx, "x") })
	return g.Wait()
}
