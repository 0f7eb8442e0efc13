// Package realbugs holds, in small, the shape of fixed bugs of public Go
// projects where a call dropped the caller's context, each before its fix
// (reported) and after it (silent). The code is written for the test; the
// comment of each case names the public change it follows.
package realbugs

import (
	"context"
	"net/http"
)

type key struct{}

func traceOf(ctx context.Context) string { s, _ := ctx.Value(key{}).(string); return s }

// honeycombio/beeline-go#20: events were built with context.Background()
// in functions given a context, which disconnected their spans from the
// parent's.
type Client struct{}

func (Client) NewEvent(ctx context.Context) string { return traceOf(ctx) }

func Query(ctx context.Context, c Client) string {
	return c.NewEvent(context.Background()) // want `call of Client.NewEvent passes a root context \(context.Background\) while ctx is in scope`
}

func QueryFixed(ctx context.Context, c Client) string { return c.NewEvent(ctx) }

// ubclaunchpad/pinpoint#101: HTTP gateway handlers called the gRPC
// backend with context.Background() instead of r.Context().
type Backend struct{}

func (Backend) Get(ctx context.Context, id string) error { _ = ctx.Err(); return nil }

func Handler(b Backend) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		_ = b.Get(context.Background(), r.URL.Query().Get("id")) // want `call of Backend.Get passes a root context \(context.Background\) while r.Context\(\) is in scope`
	}
}

func HandlerFixed(b Backend) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		_ = b.Get(r.Context(), r.URL.Query().Get("id"))
	}
}

// stacklok/toolhive#3285: helpers reached from request handlers made
// their own context.Background() where the request's context was at hand.
type Store struct{}

func (Store) Load(ctx context.Context, name string) error { _ = traceOf(ctx); return nil }

type Server struct{ st Store }

func (s *Server) lookup(name string) error {
	return s.st.Load(context.Background(), name) // want `Server.lookup makes its own root context \(context.Background\) but is called with a context in scope from Server.ServeHTTP`
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { _ = s.lookup(r.URL.Path) }

func (s *Server) lookupFixed(ctx context.Context, name string) error { return s.st.Load(ctx, name) }

func (s *Server) ServeFixed(w http.ResponseWriter, r *http.Request) {
	_ = s.lookupFixed(r.Context(), r.URL.Path)
}
