// Package dep declares wrappers and helpers that spawnctx learns about
// through facts.
package dep

import (
	"context"
	"log"
)

// SafeGo runs f on another goroutine, recovering panics: an inferred spawner.
func SafeGo(f func()) {
	go func() {
		defer func() {
			if r := recover(); r != nil {
				log.Print(r)
			}
		}()
		f()
	}()
}

// Later runs f through SafeGo: a spawner through another spawner.
func Later(name string, f func()) { SafeGo(f) }

// GoCtx hands its ctx to the work: it carries the caller's context.
func GoCtx(ctx context.Context, f func(context.Context)) {
	go f(ctx)
}

// Executor is an interface whose Submit is declared a spawner.
type Executor interface {
	//ctxbound:spawner
	Submit(task func())
}

// Store makes its own root context: a MakesRoot fact.
func Store(key string) {
	put(context.Background(), key)
}

func put(ctx context.Context, key string) { _ = ctx.Err() }

// Run does nothing with contexts.
func Run(f func()) { f() }

// Queue runs enqueued funcs on a worker goroutine: a queue spawner.
type Queue struct {
	// Jobs is exported: an importer may send on it, but its drainer is
	// this package's, so such a sender is no spawner.
	Jobs chan func()
}

// NewQueue starts the worker.
func NewQueue() *Queue {
	q := &Queue{Jobs: make(chan func(), 8)}
	go func() {
		for f := range q.Jobs {
			f()
		}
	}()
	return q
}

// Enqueue queues f for the worker.
func (q *Queue) Enqueue(f func()) { q.Jobs <- f }

type job struct {
	ctx context.Context
	run func(context.Context)
}

// CtxQueue hands each job the ctx it was enqueued with: a carrying queue
// spawner.
type CtxQueue struct{ jobs chan job }

// NewCtxQueue starts the worker.
func NewCtxQueue() *CtxQueue {
	q := &CtxQueue{jobs: make(chan job)}
	go q.work()
	return q
}

func (q *CtxQueue) work() {
	for j := range q.jobs {
		j.run(j.ctx)
	}
}

// Enqueue queues run with ctx.
func (q *CtxQueue) Enqueue(ctx context.Context, run func(context.Context)) {
	q.jobs <- job{ctx: ctx, run: run}
}

// Server's Serve is an accept loop: a background loop whose per-connection
// roots are the server's (its MakesRoot fact says Loop).
type Server struct{ conns chan string }

func (s *Server) Serve() {
	for c := range s.conns {
		go s.handle(c)
	}
}

func (s *Server) handle(c string) { put(context.Background(), c) }

// Notify is one-shot: its root is the starter's work.
func (s *Server) Notify() { put(context.Background(), "notify") }
