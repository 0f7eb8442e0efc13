// Package bounded holds components whose only context in scope is their
// own lifetime: a method that bounds its work with a deadline of its own,
// on a root, while the work reads no context values, means it (its last
// flush runs after Close cancelled the lifetime); without a deadline, or
// with work that reads values, the root is reported.
package bounded

import (
	"context"
	"time"
)

type Client struct{}

func (Client) Send(ctx context.Context, data string) error { return ctx.Err() }

type traceKey struct{}

// Traced reads a trace out of its context.
func (Client) Traced(ctx context.Context, data string) error {
	_ = ctx.Value(traceKey{})
	return ctx.Err()
}

type Dispatcher struct {
	ctx    context.Context
	cancel context.CancelFunc
	cli    Client
}

func NewDispatcher() *Dispatcher {
	d := &Dispatcher{}
	d.ctx, d.cancel = context.WithCancel(context.Background())
	return d
}

func (d *Dispatcher) Close() { d.cancel() }

// flush bounds its send with a deadline of its own.
func (d *Dispatcher) flush(data string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return d.cli.Send(ctx, data)
}

// send has no deadline of its own: the lifetime would end it, the root
// never does.
func (d *Dispatcher) send(data string) error {
	return d.cli.Send(context.Background(), data) // want `call of Client.Send passes a root context \(context.Background\) while d.ctx is in scope`
}

// flushTraced bounds its work but the work reads values: reported.
func (d *Dispatcher) flushTraced(data string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return d.cli.Traced(ctx, data) // want `call of Client.Traced passes a context that context\.WithTimeout made from a root context \(context.Background\) while d.ctx is in scope`
}

// Handle has a caller's context: a bounded root still drops it.
func (d *Dispatcher) Handle(ctx context.Context, data string) error {
	tctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return d.cli.Send(tctx, data) // want `call of Client.Send passes a context that context\.WithTimeout made from a root context \(context.Background\) while ctx is in scope`
}
