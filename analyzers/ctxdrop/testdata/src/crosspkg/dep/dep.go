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

// Lookup is the context-less variant of LookupContext: a MakesRoot fact
// marked as such. Its callers with a context are told to call the variant.
func Lookup(key string) { LookupContext(context.Background(), key) }

func LookupContext(ctx context.Context, key string) { put(ctx, key) }

// Resolve calls another API's context-less variant: no fact of its own.
func Resolve(key string) { Lookup(key) }

// Request hands out its user context, made lazily from a root: no
// MakesRoot fact, since the caller gets the context it returns.
type Request struct{ values map[string]any }

func (r *Request) SetUserContext(ctx context.Context) { r.values["user"] = ctx }

func (r *Request) UserContext() context.Context {
	ctx, ok := r.values["user"].(context.Context)
	if !ok {
		ctx = context.Background()
		r.SetUserContext(ctx)
	}
	return ctx
}
