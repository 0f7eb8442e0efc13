package use

import "context"

// Save passes a root context while ctx is in scope; -fix passes ctx.
func Save(ctx context.Context) {
	send(context.Background(), "save")
}

// Notify spawns work with a root context; -fix passes ctx, or
// context.WithoutCancel(ctx) with analyzer_flags spawnctx.fix=detach.
func Notify(ctx context.Context) {
	go func() {
		send(context.TODO(), "notify")
	}()
}
