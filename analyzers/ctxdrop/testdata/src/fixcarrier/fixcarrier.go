// Package fixcarrier: the fixes pass the context a carrier parameter
// hands out, spelled the way the function can reach it.
package fixcarrier

import (
	"context"

	"echo"
)

func put(ctx context.Context, v string) error { _ = ctx.Err(); return nil }

type Stream interface {
	Context() context.Context
	Send(string) error
}

func Events(req string, stream Stream) error {
	return put(context.Background(), req) // want `call of put passes a root context \(context.Background\) while stream.Context\(\) is in scope`
}

func Get(c echo.Context) error {
	return put(context.TODO(), "get") // want `call of put passes a root context \(context.TODO\) while c.Request\(\).Context\(\) is in scope`
}
