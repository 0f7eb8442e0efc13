// Package xnet is old code on golang.org/x/net/context: the same analysis
// as on package context.
package xnet

import "golang.org/x/net/context"

func put(ctx context.Context, v string) { _ = ctx.Err() }

func Handle(ctx context.Context) {
	c, cancel := context.WithCancel(ctx)
	defer cancel()
	put(c, "derived: fine")
	put(context.Background(), "lost") // want `call of put passes a root context \(context.Background\) while ctx is in scope`
}

func refresh() { put(context.TODO(), "x") } // want `refresh makes its own root context \(context.TODO\) but is called with a context in scope from Serve`

func Serve(ctx context.Context) { refresh() }
