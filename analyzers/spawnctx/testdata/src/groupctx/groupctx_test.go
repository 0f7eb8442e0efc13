package groupctx

import (
	"context"
	"testing"

	"golang.org/x/sync/errgroup"
)

// Tests make their own contexts: not reported, as the other spawnctx
// findings are not.
func TestDiscarded(t *testing.T) {
	g, _ := errgroup.WithContext(context.Background())
	g.Go(func() error { return nil })
	_ = g.Wait()
}
