// Package lookalike: a value is a context when its type implements
// context.Context, decided by the type checker, not by method names.
package lookalike

import (
	"context"
	"time"

	"github.com/urfave/cli/v2"
)

func query(ctx context.Context, q string) error { _ = ctx.Err(); return nil }

// A CLI action: *cli.Context has methods named Deadline, Done, Err and
// Value, but its Value takes a string: it is not a context.Context, so no
// caller's context is in scope, and "pass c" would not compile.
func action(c *cli.Context) error {
	return query(context.Background(), c.String("q"))
}

// A look-alike by name only: the right names, other signatures.
type fakeCtx struct{}

func (fakeCtx) Deadline() time.Duration  { return 0 }
func (fakeCtx) Done() chan struct{}      { return nil }
func (fakeCtx) Err() string              { return "" }
func (fakeCtx) Value(key any) any        { return nil }
func (fakeCtx) Other(a, b, c, d int) int { return 0 }

func lookalike(c fakeCtx) error {
	return query(context.Background(), "q")
}

// A request context of a framework that implements context.Context (its
// methods delegate to the request's): it is the caller's context, and a
// value of it fits a context.Context parameter.
type reqCtx struct{ ctx context.Context }

func (c *reqCtx) Deadline() (time.Time, bool) { return c.ctx.Deadline() }
func (c *reqCtx) Done() <-chan struct{}       { return c.ctx.Done() }
func (c *reqCtx) Err() error                  { return c.ctx.Err() }
func (c *reqCtx) Value(key any) any           { return c.ctx.Value(key) }

func handle(c *reqCtx) error {
	return query(context.Background(), "q") // want `call of query passes a root context \(context.Background\) while c is in scope; pass c`
}

// The fix passes c only where a *reqCtx fits: bg would change type, and
// the assignment of a context.Context to it would not compile; the root
// made for it is reported without that fix.
type key struct{}

func handleVar(c *reqCtx) error {
	bg := context.Background()
	bg = context.WithValue(bg, key{}, "v")
	return query(bg, "q") // want `call of query passes a root context \(context.Background\) while c is in scope`
}

// The value of a reqCtx is no context.Context: a method with the value
// receiver's method set lacks the four methods.
func byValue(c reqCtx) error {
	return query(context.Background(), "q")
}

// A defined interface type over context.Context is a context.
type MyCtx context.Context

func named(ctx MyCtx) error {
	return query(context.TODO(), "q") // want `call of query passes a root context \(context.TODO\) while ctx is in scope; pass ctx`
}

// An interface that embeds context.Context and adds to it is one too.
type Ctx interface {
	context.Context
	Logger() any
}

func embedding(ctx Ctx) error {
	return query(context.TODO(), "q") // want `call of query passes a root context \(context.TODO\) while ctx is in scope; pass ctx`
}

// A type parameter constrained by context.Context is a context.
func generic[C context.Context](ctx C) error {
	return query(context.TODO(), "q") // want `call of query passes a root context \(context.TODO\) while ctx is in scope; pass ctx`
}

// A type parameter constrained by an interface of the same method names,
// other signatures, is not.
type named4 interface {
	Deadline() time.Duration
	Done() chan struct{}
	Err() string
	Value(key any) any
}

func genericLookalike[C named4](c C) error {
	return query(context.TODO(), "q")
}

// A request by its name: a type Request with a method named Context that
// returns no context carries none, so no caller's context is in scope.
type Request struct{}

func (Request) Context() string { return "" }

func serveLookalike(r *Request) error {
	return query(context.Background(), "q")
}

// The testing types by their package: a type T with a Cleanup method of
// another package is no test, and its callback no cleanup region.
type T struct{}

func (t *T) Cleanup(f func()) { f() }

func notATest(t *T, ctx context.Context) {
	t.Cleanup(func() {
		query(context.Background(), "q") // want `call of query passes a root context \(context.Background\) while ctx is in scope`
	})
}
