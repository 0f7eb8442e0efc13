// Package use holds one finding (or one deliberate silence) per function:
// the end-to-end test matches findings to functions, not to columns.
package use

import (
	"context"

	"example.com/agent/dep"
)

func send(ctx context.Context, msg string) { _, _ = ctx, msg }

// ViaWrapper: spawnctx knows dep.SafeGo only through a fact of package dep.
func ViaWrapper(ctx context.Context) {
	dep.SafeGo(func() {
		send(context.Background(), "approval")
	})
}

// StoreDrops: ctxdrop knows that dep.Store makes a root context only
// through a fact of package dep.
func StoreDrops(ctx context.Context) {
	dep.Store("approval")
}

// Ignored: ctxbound's own suppression, honoured under golangci-lint.
func Ignored(ctx context.Context) {
	//ctxbound:ignore spawnctx -- the e2e test checks that ctxbound's own ignore works under golangci-lint
	go func() {
		send(context.Background(), "audit")
	}()
}

// Carried: correct, silent.
func Carried(ctx context.Context) {
	dep.SafeGo(func() { send(ctx, "approval") })
	go send(context.WithoutCancel(ctx), "audit")
}
