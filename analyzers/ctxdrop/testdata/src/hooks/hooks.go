// Package hooks registers literals with functions that keep them for later:
// a root made in one belongs to whoever runs it, not to the function that
// registers it.
package hooks

import (
	"context"

	"hooks/reg"
)

type DB struct{}

func (db *DB) Exec(ctx context.Context, q string) error { _ = ctx.Err(); return nil }

type server struct{ onStop []func() }

// addStop keeps f in a field of the server: a registration of this package.
func (s *server) addStop(f func()) { s.onStop = append(s.onStop, f) }

// Twin: work queued for a worker is the caller's work.
func Enqueue(ctx context.Context, q *reg.Queue, db *DB) {
	q.Later(func() { _ = db.Exec(context.TODO(), "queued") }) // want `call of DB.Exec passes a root context \(context.TODO\) while ctx is in scope`
}

func Invite(ctx context.Context, d *reg.Dialog, db *DB, s *server) {
	d.OnState(func(st int) { _ = db.Exec(context.Background(), "store") })
	d.OnClose(func() { _ = db.Exec(context.Background(), "delete") })
	d.OnEnd(func(st int) { _ = db.Exec(context.TODO(), "end") })
	s.addStop(func() { _ = db.Exec(context.Background(), "stop") })

	// Twins: a function that runs the literal now, or may.
	d.Replay(func(st int) { _ = db.Exec(context.Background(), "replay") })    // want `call of DB.Exec passes a root context \(context.Background\) while ctx is in scope`
	d.Each(func(st int) { _ = db.Exec(context.Background(), "each") })        // want `call of DB.Exec passes a root context \(context.Background\) while ctx is in scope`
	reg.Guarded(ctx, func() { _ = db.Exec(context.Background(), "guarded") }) // want `call of DB.Exec passes a root context \(context.Background\) while ctx is in scope`

	// Twin: a kept literal that captures the caller's context and uses a
	// root instead chose the root over the context it holds.
	d.OnState(func(st int) {
		_ = ctx.Err()
		_ = db.Exec(context.Background(), "captured") // want `call of DB.Exec passes a root context \(context.Background\) while ctx is in scope`
	})
}
