// Command rootmain holds a test runner whose exported, embedded context
// field is only ever set to main's context.Background(), through a local:
// a package main has no importers, so no other package sets it, and its
// methods that make a root lose nothing. Its twin's field is given a
// cancellable context: the component's lifetime, reported beside a root.
package main

import (
	"context"
	"fmt"
)

type Client struct{}

func (*Client) Put(ctx context.Context, bucket string) error { return ctx.Err() }

// Runner's Context is only main's background.
type Runner struct {
	context.Context
	client *Client
}

func (r *Runner) Ensure(bucket string) error {
	return r.client.Put(context.TODO(), bucket)
}

// Canceller's Context is cancellable: a lifetime context.
type Canceller struct {
	context.Context
	client *Client
}

func (c *Canceller) Ensure(bucket string) error {
	return c.client.Put(context.TODO(), bucket) // want `call of Client.Put passes a root context \(context.TODO\) while c.Context is in scope`
}

func main() {
	ctx := context.Background()
	r := &Runner{Context: ctx, client: &Client{}}
	fmt.Println(r.Ensure("a"))

	cctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := &Canceller{Context: cctx, client: &Client{}}
	fmt.Println(c.Ensure("b"))
}
