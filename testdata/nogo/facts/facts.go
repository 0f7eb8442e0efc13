// Package facts has a declaration for every fact type of ctxbound's passes.
package facts

import (
	"context"
	"os"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/singleflight"
)

// Go runs f on another goroutine: spawners.Spawner (inferred).
func Go(f func()) { go f() }

// Until runs f over and over until stop is closed: spawners.Repeater.
func Until(f func(), stop <-chan struct{}) {
	for {
		select {
		case <-stop:
			return
		default:
		}
		f()
	}
}

// Submit is a spawner by annotation: directives.Annotations.
//
//ctxbound:spawner
func Submit(f func()) { go f() }

// Background returns a root context: ctxscope.ReturnsRoot.
func Background() context.Context { return context.Background() }

// Refresh makes a root context and uses it: ctxscope.MakesRoot.
func Refresh() { use(context.TODO()) }

func use(ctx context.Context) { _ = ctx }

// Getenv hands its key to the environment: identity.Forwards.
func Getenv(k string) string { return os.Getenv(k) }

// SessionID reads an identity key: identity.EnvRead and identity.PerRun.
func SessionID() string { return os.Getenv("AGENT_SESSION_ID") }

type key struct{}

// Tenant returns a value of the context: identity.PerRun.
func Tenant(ctx context.Context) any { return ctx.Value(key{}) }

// A Run is one run.
type Run struct{ ID string }

// A Holder holds the current run.
type Holder struct {
	run    atomic.Pointer[Run]
	mu     sync.Mutex
	name   string
	cancel context.CancelFunc
}

// Run reads the run slot atomically: slots.Accessor.
func (h *Holder) Run() *Run { return h.run.Load() }

// Name reads a guarded field: slots.Accessor.
func (h *Holder) Name() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.name
}

// SetCancel stores its cancel parameter: slots.StoresCancel.
func (h *Holder) SetCancel(c context.CancelFunc) { h.cancel = c }

// A Registry's Items map is changed in place under its mutex:
// slots.InPlace on the field.
type Registry struct {
	mu    sync.Mutex
	Items map[string]int
}

// Put changes Items in place.
func (r *Registry) Put(k string, v int) {
	r.mu.Lock()
	r.Items[k] = v
	r.mu.Unlock()
}

// A Conn's onClose is bound to the value itself: slots.SelfBound.
type Conn struct{ onClose func() }

// NewConn binds onClose to the new value's close method.
func NewConn() *Conn {
	c := &Conn{}
	c.onClose = c.close
	return c
}

func (c *Conn) close() {}

// Shared runs f once for every caller of key: a Sharer fact.
func Shared(g *singleflight.Group, key string, f func() (any, error)) (any, error) {
	v, err, _ := g.Do(key, f)
	return v, err
}

// Flag is one atomic location whose methods load and store through
// sync/atomic: slots.AtomicMethod.
type Flag int32

// Set stores into the flag.
func (f *Flag) Set() { atomic.StoreInt32((*int32)(f), 1) }

// IsSet loads the flag.
func (f *Flag) IsSet() bool { return atomic.LoadInt32((*int32)(f)) != 0 }

// A detach helper (ctxscope.Detaches).
func Detach(ctx context.Context) context.Context { return context.WithoutCancel(ctx) }

// A queue that hands back the context its work was queued with
// (ctxscope.HandsBack).
type Item struct {
	Ctx context.Context
	ID  string
}

type Queue struct{ C chan Item }

func (q *Queue) Read(ctx context.Context) (context.Context, string, bool) {
	select {
	case it := <-q.C:
		return it.Ctx, it.ID, true
	case <-ctx.Done():
		return nil, "", false
	}
}

// Decode never mentions its context: ctxscope.Ignores.
func Decode(ctx context.Context, s string) string { return s }
