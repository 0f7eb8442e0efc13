// Package dep has helpers whose facts stopwork reads in package use.
package dep

import "context"

// Background returns a root: a ReturnsRoot fact.
func Background() context.Context { return context.Background() }

// Go runs f on another goroutine: a Spawner fact.
func Go(f func()) { go f() }

type Client struct{}

func (c *Client) Send(ctx context.Context, v any) error { <-ctx.Done(); return nil }

// Flush makes its own root: a MakesRoot fact. stopwork does not follow a
// helper of another package (its fact does not say whether the root has a
// deadline of its own).
func Flush(c *Client) { _ = c.Send(context.Background(), nil) }
