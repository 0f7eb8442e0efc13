// Package use reports through facts of package dep.
package use

import (
	"context"

	"crosspkg/dep"
)

func send(ctx context.Context, msg string) {}

func wrappers(ctx context.Context, ex dep.Executor) {
	dep.SafeGo(func() { // want `func run by wrapper dep.SafeGo drops the caller's context: it calls send with a root context \(context.Background\)`
		send(context.Background(), "approval")
	})
	dep.Later("x", func() { // want `func run by wrapper dep.Later drops the caller's context`
		send(context.TODO(), "approval")
	})
	ex.Submit(func() { // want `func run by wrapper dep.Executor.Submit drops the caller's context`
		send(context.Background(), "approval")
	})
	go dep.Store("k") // want `goroutine drops the caller's context: it runs dep.Store, which makes its own root context \(context.Background\), while ctx is in scope; give dep.Store a ctx parameter`
	go func() {       // want `goroutine drops the caller's context: it calls dep.Store, which makes its own root context`
		dep.Store("k")
	}()
}

func fine(ctx context.Context) {
	dep.GoCtx(ctx, func(ctx context.Context) { send(ctx, "ok") })
	dep.SafeGo(func() { send(ctx, "ok") })
	dep.Run(func() { send(context.Background(), "sync, not spawned: ctxdrop's") })
}

func queues(ctx context.Context, q *dep.Queue, cq *dep.CtxQueue) {
	q.Enqueue(func() { // want `func run by queue dep.Queue.Enqueue drops the caller's context: it calls send with a root context \(context.Background\)`
		send(context.Background(), "approval")
	})
	q.Enqueue(func() { send(ctx, "ok") })
	cq.Enqueue(ctx, func(ctx context.Context) { send(ctx, "ok") })
	// Sent on dep's channel from here: the drainer is dep's goroutine, and
	// no fact says toDep is a spawner.
	toDep(q, func() { send(context.Background(), "not spawnctx's") })
}

func toDep(q *dep.Queue, f func()) { q.Jobs <- f }
