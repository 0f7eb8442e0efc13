// Package fixes has the suggested fixes of ctxdrop.
package fixes

import (
	"context"
	"time"
)

func put(ctx context.Context, v string) { _ = ctx.Err() }

type key struct{}

func traced(ctx context.Context) { _ = ctx.Value(key{}) }

func direct(ctx context.Context) {
	put(context.Background(), "a") // want `call of put passes a root context`
}

func todo(ctx context.Context) {
	put(context.TODO(), "b") // want `call of put passes a root context`
}

// A deadline of its own: context.WithoutCancel(ctx) is offered first.
func deadline(ctx context.Context) {
	c, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	put(c, "c") // want `call of put passes a context that context\.WithTimeout made from a root context`
}

// A fresh root that loses the caller's values: only WithoutCancel, which
// adds no cancellation.
func shutdown(ctx context.Context) {
	<-ctx.Done()
	traced(context.Background()) // want `call of traced gets a fresh root context`
}

// An unnamed context parameter: named ctx, then passed.
func Unnamed(_ context.Context, v string) {
	put(context.TODO(), v) // want `call of put passes a root context \(context.TODO\) while the caller's context is in scope as an unnamed parameter`
}

// The look-alike: the body declares ctx itself (a root kept in a local):
// naming the parameter ctx would clash with it (ctx := ctx does not
// compile): the finding, no fix.
func Lookup(_ context.Context, v string) {
	ctx := context.Background()
	put(ctx, v) // want `call of put passes a root context \(context.Background\) while the caller's context is in scope as an unnamed parameter`
}

func rpcContext(ctx context.Context, retry string) (context.Context, context.CancelFunc) {
	return context.WithCancel(ctx)
}

func retryPolicy(ctx context.Context) string { _ = ctx.Err(); return "" }

// Two roots made in one statement are one decision: one finding, whose
// fixes replace both.
func respond(ctx context.Context) {
	c, cancel := rpcContext(context.Background(), retryPolicy(context.Background())) // want `call of retryPolicy passes a root context`
	defer cancel()
	put(c, "respond")
}
