package negative

import (
	"context"
	"os"
	"sync"

	"golang.org/x/sync/singleflight"
)

type sessionKey struct{}

func session(ctx context.Context) string { s, _ := ctx.Value(sessionKey{}).(string); return s }

var (
	once      sync.Once
	logLevel  string
	perTenant = map[string]string{}
	smap      sync.Map
	group     singleflight.Group
	sessions  []string
)

// Process-level settings from behaviour keys.
var home = os.Getenv("HOME")

var defaultTask = os.Getenv("APP_DEFAULT_TASK")

func settings() string {
	once.Do(func() { logLevel = os.Getenv("LOG_LEVEL") })
	return logLevel
}

var maxProcs = sync.OnceValue(func() string { return os.Getenv("GOMAXPROCS") })

// Caches keyed by the identity are per-run keyed.
func keyed(ctx context.Context) {
	perTenant[session(ctx)] = session(ctx) + "-answer"
	id := session(ctx)
	smap.Store(id, ctx.Value(sessionKey{}))
	group.Do(session(ctx), func() (any, error) { return session(ctx), nil })
}

// A registry of sessions collects them; it memoises no single answer.
func register(ctx context.Context) { sessions = append(sessions, session(ctx)) }

// A per-instance memo is not process-wide.
type client struct {
	once sync.Once
	sess string
}

func (c *client) get(ctx context.Context) string {
	c.once.Do(func() { c.sess = session(ctx) })
	return c.sess
}

// A local memo is per call.
func local(ctx context.Context) string {
	get := sync.OnceValue(func() string { return session(ctx) })
	return get()
}

// A function that takes ctx but returns no per-run value.
func deadline(ctx context.Context) bool { _, ok := ctx.Deadline(); return ok }

var hasDeadline bool

func store(ctx context.Context) { hasDeadline = deadline(ctx) }

// The values of an empty root are nobody's: the same for every session,
// asked directly or through a local accessor.
var (
	emptyValue, _ = context.Background().Value(sessionKey{}).(string)
	emptyAnswer   = session(context.TODO())
)
