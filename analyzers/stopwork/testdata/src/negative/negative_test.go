package negative

import (
	"context"
	"testing"
)

// A component of a test: tests make their own roots.
type fakeServer struct{ client *Client }

func (f *fakeServer) Serve() {
	go func() { _ = f.client.Send(context.Background(), nil) }()
}

func (f *fakeServer) Close() error { return nil }

func TestFake(t *testing.T) {
	f := &fakeServer{client: &Client{}}
	f.Serve()
	_ = f.Close()
}
