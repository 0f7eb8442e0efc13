// Package errgroup is a look-alike of golang.org/x/sync/errgroup by names:
// its Group runs each task at once, on the caller's goroutine.
package errgroup

import "context"

type Group struct{ err error }

func WithContext(ctx context.Context) (*Group, context.Context) { return &Group{}, ctx }

func (g *Group) Go(f func() error) {
	if err := f(); err != nil && g.err == nil {
		g.err = err
	}
}

func (g *Group) Wait() error { return g.err }
