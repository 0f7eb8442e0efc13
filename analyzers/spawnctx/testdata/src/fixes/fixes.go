// Package fixes has the suggested fixes of spawnctx.
package fixes

import "context"

func send(ctx context.Context, msg string) {}

func direct(ctx context.Context) {
	go func() { // want `goroutine drops the caller's context`
		send(context.Background(), "a")
	}()
}

func startedWith(ctx context.Context) {
	go send(context.TODO(), "b") // want `goroutine drops the caller's context`
}

func shadowed(ctx context.Context) {
	go func(ctx int) { // want `goroutine drops the caller's context`
		send(context.Background(), "no fix: ctx is shadowed")
	}(1)
}
