// Package selfdep declares a type whose constructor binds a field to the
// value: a fact for importers.
package selfdep

type Client struct {
	Retry   func() error
	Timeout int
}

func New() *Client {
	c := &Client{}
	c.Retry = c.retry
	return c
}

func (c *Client) retry() error { return nil }
