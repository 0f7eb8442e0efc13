// Package suppress shows the directives stopwork honours and those it
// reports.
package suppress

import "context"

type Client struct{}

func (c *Client) Send(ctx context.Context, v any) error { <-ctx.Done(); return nil }

type Notifier struct{ client *Client }

func (n *Notifier) OnSite(v any) {
	//ctxbound:ignore stopwork -- the send is bounded by the client's own timeout
	go func() {
		_ = n.client.Send(context.Background(), v)
	}()
}

func (n *Notifier) OnCall(v any) {
	go func() {
		//ctxbound:ignore stopwork -- the send is bounded by the client's own timeout
		_ = n.client.Send(context.Background(), v)
	}()
}

func (n *Notifier) Unused(v any) {
	//ctxbound:ignore stopwork -- nothing here // want `//ctxbound:ignore stopwork suppressed nothing; remove it`
	_ = v
}

func (n *Notifier) Other(v any) {
	//ctxbound:ignore spawnctx -- another check
	go func() {
		_ = n.client.Send(context.Background(), v) // want `goroutine runs on a root context that Notifier\.Stop cannot cancel`
	}()
}

// An ignore without a reason is malformed (the directive analyzer reports
// it) and silences nothing.
func (n *Notifier) Malformed(v any) {
	go func() {
		//ctxbound:ignore stopwork
		_ = n.client.Send(context.Background(), v) // want `goroutine runs on a root context that Notifier\.Stop cannot cancel`
	}()
}

func (n *Notifier) Stop() {}
