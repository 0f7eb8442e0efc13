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

func put(ctx context.Context, key string) {}

// Run does nothing with contexts.
func Run(f func()) { f() }
