// Package component has a component whose goroutines run on a root
// context that its Stop cannot cancel: a finding of stopwork, which runs
// only when named (-stopwork).
package component

import "context"

type Client struct{}

func (c *Client) Send(ctx context.Context, v any) error {
	<-ctx.Done()
	return ctx.Err()
}

// Notifier starts a goroutine per event.
type Notifier struct{ client *Client }

func (n *Notifier) Notify(v any) {
	go n.client.Send(context.Background(), v)
}

func (n *Notifier) Stop() {}
