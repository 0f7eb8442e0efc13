// Package fixes has the suggested fixes of spawnctx.
package fixes

import (
	"context"
	"time"
)

func send(ctx context.Context, msg string) { _ = ctx.Err() }

// Every drop of the work is reported, each with its own fix.
func direct(ctx context.Context) {
	go func() {
		send(context.Background(), "a") // want `goroutine drops the caller's context: it calls send with a root context \(context.Background\)`
		send(context.TODO(), "b")       // want `goroutine drops the caller's context: it calls send with a root context \(context.TODO\)`
	}()
}

func startedWith(ctx context.Context) {
	go send(context.TODO(), "b") // want `goroutine drops the caller's context`
}

func shadowed(ctx context.Context) {
	go func(ctx int) {
		send(context.Background(), "no fix: ctx is shadowed") // want `goroutine drops the caller's context`
	}(1)
}

// A deadline of its own: the work means to outlive the caller, so the fix
// that adds no cancellation comes first. The edit is where the root is
// made.
func deadline(ctx context.Context) {
	go func() {
		c, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		send(c, "c") // want `goroutine drops the caller's context: it calls send with a root context \(context.Background\)`
	}()
}
