// Package suppress exercises //ctxbound:ignore for ctxdrop.
package suppress

import "context"

func put(ctx context.Context) { _ = ctx.Err() }

func ignored(ctx context.Context) {
	//ctxbound:ignore ctxdrop -- warms a process-wide cache
	put(context.Background())
	put(context.Background()) //ctxbound:ignore ctxdrop -- same, trailing form
}

func unused(ctx context.Context) {
	put(ctx) //ctxbound:ignore ctxdrop -- stale // want `//ctxbound:ignore ctxdrop suppressed nothing; remove it`
}

func notThisCheck(ctx context.Context) {
	//ctxbound:ignore spawnctx -- names another check
	put(context.TODO()) // want `call of put passes a root context`
}
