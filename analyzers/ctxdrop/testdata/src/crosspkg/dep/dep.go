// Package dep declares helpers that ctxdrop learns about through facts.
package dep

import "context"

func put(ctx context.Context, key string) {}

// Store makes its own root context: a MakesRoot fact.
func Store(key string) { put(context.Background(), key) }

// StoreAll makes one through Store.
func StoreAll(keys []string) {
	for _, k := range keys {
		Store(k)
	}
}

// Background returns a root context: a ReturnsRoot fact.
func Background() context.Context { return context.TODO() }

// Lifetime keeps its root as a component's lifetime context: no fact.
type Worker struct{ cancel context.CancelFunc }

func Start() *Worker {
	ctx, cancel := context.WithCancel(context.Background())
	w := &Worker{cancel: cancel}
	put(ctx, "start")
	return w
}

// Flush and Sync make their own root contexts: MakesRoot facts.
func Flush() { put(context.Background(), "flush") }

func Sync() { put(context.Background(), "sync") }
