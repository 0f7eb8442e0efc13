// Package carriers: a parameter whose type has a method Context()
// returning a context hands the function its caller's context, as an
// *http.Request does: a gRPC server stream, a TLS handshake's
// *tls.ClientHelloInfo. The testing types do not, and neither does a
// parameter of a function that returns its type.
package carriers

import (
	"context"
	"crypto/tls"
	"net/http"
	"testing"

	"echo"
)

type DB struct{}

func (DB) Exec(ctx context.Context, q string) error { _ = ctx.Err(); return nil }

// ServerStream is the shape of grpc.ServerStream and the generated
// Service_MethodServer interfaces that embed it.
type ServerStream interface {
	Context() context.Context
	SendMsg(m any) error
}

type Watch_EventsServer interface {
	ServerStream
	Send(string) error
}

type Server struct{ db DB }

// A server-streaming handler has no ctx parameter: stream.Context() is
// its caller's context.
func (s *Server) Events(req string, stream Watch_EventsServer) error {
	return s.db.Exec(context.Background(), req) // want `call of DB.Exec passes a root context \(context.Background\) while stream.Context\(\) is in scope; pass stream.Context\(\), or context.WithoutCancel\(stream.Context\(\)\) to outlive the caller`
}

func (s *Server) EventsRight(req string, stream Watch_EventsServer) error {
	return s.db.Exec(stream.Context(), req)
}

// A certificate callback runs inside a handshake with its own context.
func (s *Server) GetCertificate(hello *tls.ClientHelloInfo) (*tls.Certificate, error) {
	return nil, s.db.Exec(context.TODO(), hello.ServerName) // want `call of DB.Exec passes a root context \(context.TODO\) while hello.Context\(\) is in scope`
}

// A test helper that takes t makes its own context: a test is a root.
func Setup(t *testing.T, db DB) {
	if err := db.Exec(context.Background(), "create"); err != nil {
		t.Fatal(err)
	}
}

func SetupTB(tb testing.TB, db DB) {
	_ = db.Exec(context.Background(), "create")
}

// A function that returns the carrier's type builds or wraps it: its
// parameter is input, not its caller's context.
type wrapped struct {
	Watch_EventsServer
	ctx context.Context
}

func (w wrapped) Context() context.Context { return w.ctx }

func Wrap(stream Watch_EventsServer, db DB) Watch_EventsServer {
	_ = db.Exec(context.Background(), "wrap")
	return wrapped{stream, context.Background()}
}

// A Context method that takes arguments, or is unexported, is no carrier.
type Registry struct{}

func (Registry) Context(name string) context.Context { return context.Background() }

type local struct{}

func (local) context() context.Context { return context.Background() }

func Lookup(reg Registry, l local, db DB) error {
	return db.Exec(context.Background(), "lookup")
}

// The receiver's Context method is the component's own, not a caller's.
type Component struct {
	lifetime func() context.Context
	db       DB
}

func (c *Component) Context() context.Context { return c.lifetime() }

func (c *Component) Flush() error {
	return c.db.Exec(context.Background(), "flush")
}

// A framework's context that hands out the request carries its context.
func (s *Server) Get(c echo.Context) error {
	if err := s.db.Exec(context.Background(), "get"); err != nil { // want `call of DB.Exec passes a root context \(context.Background\) while c.Request\(\).Context\(\) is in scope; pass c.Request\(\).Context\(\), or context.WithoutCancel\(c.Request\(\).Context\(\)\) to outlive the caller`
		return err
	}
	return s.db.Exec(c.Request().Context(), "get")
}

// A request held in a field is not followed: an *http.Response's Request
// may be nil (a response made by hand, in a test).
func (s *Server) Post(c *echo.BeegoContext) error {
	ctx := context.Background()
	return s.db.Exec(ctx, "post")
}

func (s *Server) Decode(resp *http.Response) error {
	return s.db.Exec(context.Background(), "decode")
}

// A test helper's carrier parameters are the test's fixtures: the test is
// the root. A request is still the request's.
func PublishFixture(t *testing.T, stream Watch_EventsServer, db DB) {
	_ = db.Exec(context.Background(), "fixture")
}

func ServeFixture(t testing.TB, r *http.Request, db DB) {
	_ = db.Exec(context.Background(), "fixture") // want `call of DB.Exec passes a root context \(context.Background\) while r.Context\(\) is in scope`
}

// Client is a long-lived handle (go-redis v8's shape): its operations take
// a context of their own, and its Context() is the client's default, a
// root. A function given one has no caller's context from it.
type Client struct{ ctx context.Context }

func NewClient() *Client { return &Client{ctx: context.Background()} }

func (c *Client) Context() context.Context                { return c.ctx }
func (c *Client) WithContext(ctx context.Context) *Client { return &Client{ctx: ctx} }
func (c *Client) Get(ctx context.Context, key string) string {
	_ = ctx.Err()
	return key
}

func LookupKey(client *Client, key string) string {
	return client.Get(context.Background(), key)
}

// Req carries one operation's context: its only method that takes a
// context rebinds it (WithContext returns a Req), as *http.Request's do.
type Req struct{ ctx context.Context }

func (r *Req) Context() context.Context             { return r.ctx }
func (r *Req) WithContext(ctx context.Context) *Req { return &Req{ctx: ctx} }

func HandleReq(db DB, r *Req) error {
	return db.Exec(context.Background(), "x") // want `call of DB.Exec passes a root context \(context.Background\) while r.Context\(\) is in scope`
}
