// Package suppress exercises //ctxbound:ignore for spawnctx.
package suppress

import "context"

func send(ctx context.Context) { _ = ctx.Err() }

func ignored(ctx context.Context) {
	//ctxbound:ignore spawnctx -- the metrics pusher outlives every request
	go func() { send(context.Background()) }()

	go func() { send(context.Background()) }() //ctxbound:ignore spawnctx,ctxdrop -- same, trailing form
}

// A finding is reported where the work drops the context, inside the
// spawned func; an ignore on the spawn site covers it as well.
func siteIgnored(ctx context.Context) {
	//ctxbound:ignore spawnctx -- the audit flush outlives the request
	go func() {
		send(context.Background())
	}()
	go func() {
		//ctxbound:ignore spawnctx -- or at the drop itself
		send(context.TODO())
	}()
}

func unused(ctx context.Context) {
	//ctxbound:ignore spawnctx -- nothing to silence here // want `//ctxbound:ignore spawnctx suppressed nothing; remove it`
	go func() { send(ctx) }()
}
