// Package fixes has the suggested fixes of ctxdrop.
package fixes

import "context"

func put(ctx context.Context, v string) {}

func direct(ctx context.Context) {
	put(context.Background(), "a") // want `call of put passes a root context`
}

func todo(ctx context.Context) {
	put(context.TODO(), "b") // want `call of put passes a root context`
}
