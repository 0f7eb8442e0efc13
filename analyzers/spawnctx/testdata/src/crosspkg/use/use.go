// Package use reports through facts of package dep.
package use

import (
	"context"

	"crosspkg/dep"
)

func send(ctx context.Context, msg string) { _ = ctx.Err() }

func wrappers(ctx context.Context, ex dep.Executor) {
	dep.SafeGo(func() {
		send(context.Background(), "approval") // want `func run by wrapper dep.SafeGo drops the caller's context: it calls send with a root context \(context.Background\)`
	})
	dep.Later("x", func() {
		send(context.TODO(), "approval") // want `func run by wrapper dep.Later drops the caller's context`
	})
	ex.Submit(func() {
		send(context.Background(), "approval") // want `func run by wrapper dep.Executor.Submit drops the caller's context`
	})
	go dep.Store("k") // want `goroutine drops the caller's context: it runs dep.Store, which makes its own root context \(context.Background\), while ctx is in scope; give dep.Store a ctx parameter`
	go func() {
		dep.Store("k") // want `goroutine drops the caller's context: it calls dep.Store, which makes its own root context`
	}()
}

func fine(ctx context.Context) {
	dep.GoCtx(ctx, func(ctx context.Context) { send(ctx, "ok") })
	dep.SafeGo(func() { send(ctx, "ok") })
	dep.Run(func() { send(context.Background(), "sync, not spawned: ctxdrop's") })
}

func queues(ctx context.Context, q *dep.Queue, cq *dep.CtxQueue) {
	q.Enqueue(func() {
		send(context.Background(), "approval") // want `func run by queue dep.Queue.Enqueue drops the caller's context: it calls send with a root context \(context.Background\)`
	})
	q.Enqueue(func() { send(ctx, "ok") })
	cq.Enqueue(ctx, func(ctx context.Context) { send(ctx, "ok") })
	// Sent on dep's channel from here: the drainer is dep's goroutine, and
	// no fact says toDep is a spawner.
	toDep(q, func() { send(context.Background(), "not spawnctx's") })
}

func toDep(q *dep.Queue, f func()) { q.Jobs <- f }

// A server's accept loop started on a goroutine runs until the server is
// closed: its roots are the server's, not the starting call's; one-shot
// work of the same package is the starter's.
func serve(ctx context.Context, s *dep.Server) {
	go s.Serve()
	go s.Notify() // want `goroutine drops the caller's context: it runs dep.Server.Notify, which makes its own root context`
}
