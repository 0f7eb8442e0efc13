// Package semaphore is a stand-in for golang.org/x/sync/semaphore.
package semaphore

import "context"

type Weighted struct{ n int64 }

func NewWeighted(n int64) *Weighted { return &Weighted{n: n} }

func (s *Weighted) Acquire(ctx context.Context, n int64) error { return ctx.Err() }

func (s *Weighted) Release(n int64) {}
