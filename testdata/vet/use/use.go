// Package use calls the helpers of package dep: its findings need dep's
// facts.
package use

import (
	"context"

	"example.com/vet/dep"
)

// Handle serves one request.
func Handle(ctx context.Context, id string) {
	dep.SafeGo(func() {
		notify(context.Background(), id)
	})
	dep.Refresh()
	notify(ctx, id)
}

// Enqueue hands work to a queue that another goroutine drains.
func Enqueue(ctx context.Context, q *dep.Queue, id string) {
	q.Later(func() {
		notify(context.TODO(), id)
	})
	notify(ctx, id)
}

// Audit has directives that ctxbound cannot accept.
func Audit(ctx context.Context, id string) {
	//ctxbound:ignore spawnctx
	notify(ctx, id)
	// ctxbound:detach -- a space after the slashes hides nothing
	notify(ctx, id)
	//ctxbound:ignore ctxdrop -- an ignore that suppresses nothing
	notify(ctx, id)
}

func notify(ctx context.Context, id string) { _, _ = ctx, id }
