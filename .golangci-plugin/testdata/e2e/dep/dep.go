// Package dep declares helpers that the checks learn about in package use
// through facts only: a wrapper that runs its argument on another goroutine
// and a function that makes its own root context.
package dep

import "context"

// SafeGo runs f on another goroutine, recovering panics: an inferred
// spawner (a spawners fact).
func SafeGo(f func()) {
	go func() {
		defer func() { _ = recover() }()
		f()
	}()
}

// Store makes its own root context: a ctxscope MakesRoot fact.
func Store(key string) { put(context.Background(), key) }

func put(ctx context.Context, key string) { _, _ = ctx, key }
