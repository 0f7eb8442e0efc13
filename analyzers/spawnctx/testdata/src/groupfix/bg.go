package groupfix

import (
	"context"

	"golang.org/x/sync/errgroup"
)

// No plain fix: context.Background is this file's only use of the context
// import. No bind fix: the argument is no variable.
func background() error {
	g, _ := errgroup.WithContext(context.Background()) // want `context of errgroup.WithContext is discarded`
	g.Go(work)
	return g.Wait()
}
