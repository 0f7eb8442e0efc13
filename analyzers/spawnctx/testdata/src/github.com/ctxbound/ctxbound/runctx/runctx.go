// Package runctx is a stub of the reference runtime.
package runctx

import "context"

func Go(ctx context.Context, f func(ctx context.Context)) { go f(ctx) }

type Pool struct{}

func (p *Pool) Submit(ctx context.Context, f func(ctx context.Context)) error { go f(ctx); return nil }

type Group struct{ ctx context.Context }

func (g *Group) Go(f func(ctx context.Context) error) { go f(g.ctx) }
