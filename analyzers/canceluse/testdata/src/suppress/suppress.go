// Package suppress holds canceluse's directives.
package suppress

import "context"

func run(ctx context.Context) error { <-ctx.Done(); return ctx.Err() }

// A shutdown meant to be cut short at once.
func Stop(parent context.Context) error {
	ctx, cancel := context.WithCancel(parent)
	cancel()
	//ctxbound:ignore canceluse -- the drain is meant to stop at once
	return run(ctx)
}

func Unused(parent context.Context) error {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	//ctxbound:ignore canceluse -- nothing here // want `//ctxbound:ignore canceluse suppressed nothing; remove it`
	return run(ctx)
}
