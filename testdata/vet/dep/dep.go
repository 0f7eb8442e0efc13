// Package dep holds helpers whose contracts reach package use only through
// facts: an inferred spawner, a ctx-less helper that makes a root context,
// and an annotated spawner.
package dep

import "context"

// SafeGo runs f on a new goroutine and swallows its panic. It takes no
// context: spawnctx infers that it is a spawner (a fact).
func SafeGo(f func()) {
	go func() {
		defer func() { _ = recover() }()
		f()
	}()
}

// Refresh reloads with a context of its own making: a ctx-less helper that
// makes a root context (a fact).
func Refresh() {
	_ = load(context.Background())
}

func load(ctx context.Context) error { return ctx.Err() }

// Queue holds work to run later.
type Queue struct{ work chan func() }

// Later queues f; another goroutine runs it. Nothing here shows that, so
// it is a spawner only when configured: -config.spawners=(*example.com/vet/dep.Queue).Later
func (q *Queue) Later(f func()) { q.work <- f }

// Drain runs the queued work.
func (q *Queue) Drain() {
	for f := range q.work {
		f()
	}
}

// Submit runs f on a new goroutine, declared by annotation.
//
//ctxbound:spawner
func Submit(f func()) { go f() }
