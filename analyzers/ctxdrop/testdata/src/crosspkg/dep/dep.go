// Package dep declares helpers that ctxdrop learns about through facts.
package dep

import (
	"context"
	"log/slog"
)

func put(ctx context.Context, key string) { _ = ctx.Err() }

// Store makes its own root context: a MakesRoot fact.
func Store(key string) { put(context.Background(), key) }

// StoreAll makes one through Store.
func StoreAll(keys []string) {
	for _, k := range keys {
		Store(k)
	}
}

// Open wraps its unexported namesake with a root: the context-less
// variant of an API, whose variant other packages cannot call.
func Open(key string) { open(context.Background(), key) }

func open(ctx context.Context, key string) { put(ctx, key) }

// StoreDeep makes one two helpers down: an implementation detail of this
// package, no fact for other packages.
func StoreDeep(keys []string) { StoreAll(keys) }

// Background returns a root context: a ReturnsRoot fact.
func Background() context.Context { return context.TODO() }

// Lifetime keeps its root as a component's lifetime context: no fact.
type Worker struct{ cancel context.CancelFunc }

func Start() *Worker {
	ctx, cancel := context.WithCancel(context.Background())
	w := &Worker{cancel: cancel}
	put(ctx, "start")
	return w
}

// Flush and Sync make their own root contexts: MakesRoot facts.
func Flush() { put(context.Background(), "flush") }

func Sync() { put(context.Background(), "sync") }

// Lookup is the context-less variant of LookupContext: a MakesRoot fact
// marked as such. Its callers with a context are told to call the variant.
func Lookup(key string) { LookupContext(context.Background(), key) }

func LookupContext(ctx context.Context, key string) { put(ctx, key) }

// Resolve calls another API's context-less variant: no fact of its own.
func Resolve(key string) { Lookup(key) }

// Request hands out its user context, made lazily from a root: no
// MakesRoot fact, since the caller gets the context it returns.
type Request struct{ values map[string]any }

func (r *Request) SetUserContext(ctx context.Context) { r.values["user"] = ctx }

func (r *Request) UserContext() context.Context {
	ctx, ok := r.values["user"].(context.Context)
	if !ok {
		ctx = context.Background()
		r.SetUserContext(ctx)
	}
	return ctx
}

// Logger logs printf-style with a context (go-redis's internal.Logger).
type Logger interface {
	Printf(ctx context.Context, format string, v ...any)
}

var logger Logger

// Client is made by NewClient, whose only root reaches a log line: a
// LogOnly fact. Callers in other packages are not told to give it a ctx
// parameter.
type Client struct{ addr string }

func NewClient(addr string) *Client {
	c := &Client{addr: addr}
	c.init()
	return c
}

func (c *Client) init() {
	if c.addr == "" {
		ctx := context.Background()
		c.warn(ctx, "no address")
	}
}

// warn uses its context only to log.
func (c *Client) warn(ctx context.Context, msg string) {
	logger.Printf(ctx, "client %s: %s", c.addr, msg)
}

// Audit logs through a structured logger, whose handler may read the
// session from the context: no log-only root.
func Audit(msg string) {
	slog.InfoContext(context.Background(), msg)
}

type traceKey struct{}

// Tracef stamps the line with the trace the context carries: it reads the
// context's values, so a root handed to it is no log-only use.
func Tracef(ctx context.Context, format string, v ...any) {
	_ = ctx.Value(traceKey{})
	logger.Printf(ctx, format, v...)
}

// Report logs through Tracef with a root: a MakesRoot fact of its own.
func Report(msg string) { Tracef(context.Background(), "report: %s", msg) }

// Decode takes a context it never mentions: an Ignores fact.
func Decode(ctx context.Context, body string) (string, error) { return body, nil }

// Fetch uses its context.
func Fetch(ctx context.Context, key string) error { return ctx.Err() }
