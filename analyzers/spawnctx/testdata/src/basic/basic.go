// Package basic holds the shapes spawnctx reports.
package basic

import (
	"context"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/gammazero/workerpool"
	"github.com/panjf2000/ants/v2"
	"github.com/sourcegraph/conc/pool"
	"golang.org/x/sync/errgroup"
)

func approve(ctx context.Context, cmd string) error { _ = ctx.Err(); return nil }

func store(ctx context.Context) { _ = ctx.Err() }

// A closure that makes a root context although the caller has one.
func closure(ctx context.Context) {
	go func() {
		approve(context.Background(), "rm -rf /") // want `goroutine drops the caller's context: it calls approve with a root context \(context.Background\) while ctx is in scope; pass ctx, or context.WithoutCancel\(ctx\) to outlive the caller`
	}()
}

// The incumbent accepts a closure that merely mentions ctx.
func mentionsCtx(ctx context.Context) {
	go func() {
		_ = ctx.Value("k")
		store(context.TODO()) // want `goroutine drops the caller's context: it calls store with a root context \(context.TODO\)`
	}()
}

// Through a local made before the goroutine.
func local(ctx context.Context) {
	bg := context.Background()
	go func() {
		store(bg) // want `goroutine drops the caller's context: it calls store with a root context \(context.Background\)`
	}()
}

var processCtx = context.Background()

// Through a package-level root context.
func packageVar(ctx context.Context) {
	go func() {
		store(processCtx) // want `goroutine drops the caller's context: it calls store with a root context \(context.Background\)`
	}()
}

// A derivation of a root is still a root.
func derived(ctx context.Context) {
	go func() {
		c, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		store(c) // want `goroutine drops the caller's context: it calls store with a root context \(context.Background\)`
	}()
}

// go f(args) with a root argument.
func startedWith(ctx context.Context) {
	go store(context.Background()) // want `goroutine drops the caller's context: it is started with a root context \(context.Background\)`
}

func helperBackground() context.Context { return context.Background() }

// A helper that returns a root context.
func returnsRoot(ctx context.Context) {
	go func() {
		store(helperBackground()) // want `goroutine drops the caller's context: it calls store with a root context \(helperBackground, which returns context.Background\)`
	}()
}

// flush has no context and makes its own.
func flush() {
	store(context.Background())
}

func flushAll() { flush() }

type Cache struct{}

func (c *Cache) refresh() { flush() }

// Three calls down in this package: ctxdrop reports the root, at the root.
func (c *Cache) deep() { flushAll() }

// A named function, a method value and a chain of helpers.
func named(ctx context.Context, c *Cache) {
	go flush()     // ctxdrop reports the helper once, at its root
	go c.refresh() // ctxdrop reports the helper once, at its root
	go c.deep()    // ctxdrop reports the helper once, at its root
	go func() {    // ctxdrop reports the helper once, at its root
		flushAll()
	}()
}

// The built-in spawners.
func builtins(ctx context.Context, g *errgroup.Group, wg *sync.WaitGroup, p *pool.Pool, ap *ants.Pool, wp *workerpool.WorkerPool) {
	g.Go(func() error {
		return approve(context.Background(), "x") // want `func run by errgroup.Group.Go drops the caller's context: it calls approve with a root context`
	})
	g.TryGo(func() error {
		return approve(context.TODO(), "x") // want `func run by errgroup.Group.TryGo drops the caller's context`
	})
	wg.Go(func() {
		store(context.Background()) // want `func run by sync.WaitGroup.Go drops the caller's context`
	})
	p.Go(func() {
		store(context.Background()) // want `func run by pool.Pool.Go drops the caller's context`
	})
	ap.Submit(func() {
		store(context.Background()) // want `func run by ants.Pool.Submit drops the caller's context`
	})
	ants.Submit(func() {
		store(context.Background()) // want `func run by ants.Submit drops the caller's context`
	})
	wp.Submit(flush) // ctxdrop reports the helper once, at its root
	time.AfterFunc(time.Second, func() {
		store(context.Background()) // want `func run by time.AfterFunc drops the caller's context`
	})
}

// r.Context() of a request is the caller's context.
func handler(w http.ResponseWriter, r *http.Request) {
	go func() {
		store(context.Background()) // want `goroutine drops the caller's context: it calls store with a root context \(context.Background\) while r.Context\(\) is in scope`
	}()
}

type Server struct {
	ctx context.Context
}

// A context field of the receiver is in scope.
func (s *Server) loop() {
	go func() {
		store(context.Background()) // want `goroutine drops the caller's context: it calls store with a root context \(context.Background\) while s.ctx is in scope`
	}()
}

// Only the component's lifetime is in scope, and the goroutine bounds its
// last work with a deadline of its own while that work reads no values: a
// deregistration after the stop cancelled s.ctx, which s.ctx would cut
// short (gubernator's etcd pool; ctxdrop's rule too).
func (s *Server) deregister(stop chan struct{}) {
	go func() {
		<-stop
		c, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		store(c)
	}()
}

// Twin: the same deadline root handed to work that reads context values
// loses them (the lifetime may carry some): reported.
func traced(ctx context.Context) { _ = ctx.Value(traceKey{}) }

type traceKey struct{}

func (s *Server) deregisterTraced(stop chan struct{}) {
	go func() {
		<-stop
		c, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		traced(c) // want `goroutine drops the caller's context: it calls traced with a root context \(context.Background\) while s.ctx is in scope`
	}()
}

// Twins: a root without a deadline, and the same deadline root while a
// caller's context is in scope, are reported.
func (s *Server) deregisterNoDeadline(stop chan struct{}) {
	go func() {
		<-stop
		store(context.Background()) // want `goroutine drops the caller's context: it calls store with a root context \(context.Background\) while s.ctx is in scope`
	}()
}

func (s *Server) deregisterFor(ctx context.Context, stop chan struct{}) {
	go func() {
		<-stop
		c, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		store(c) // want `goroutine drops the caller's context: it calls store with a root context \(context.Background\) while ctx is in scope`
	}()
}

// A watcher of the caller's context held in a local (done :=
// ctx.Done(), lib/pq's and database/sql's shape): the work after <-done
// runs once ctx is cancelled, and must not use it.
func watchCancel(ctx context.Context, finished chan struct{}) {
	if done := ctx.Done(); done != nil {
		go func() {
			select {
			case <-done:
				c, cancel := context.WithTimeout(context.Background(), time.Second)
				defer cancel()
				store(c)
			case <-finished:
			}
		}()
	}
}

// Twins: a local channel of another kind, and one assigned from another
// call, are no sign that ctx is done.
func watchStop(ctx context.Context, stop chan struct{}) {
	quit := stop
	go func() {
		<-quit
		store(context.Background()) // want `goroutine drops the caller's context: it calls store with a root context \(context.Background\) while ctx is in scope`
	}()
}

func closed() <-chan struct{} { return nil }

func watchClosed(ctx context.Context) {
	done := closed()
	go func() {
		<-done
		store(context.Background()) // want `goroutine drops the caller's context: it calls store with a root context \(context.Background\) while ctx is in scope`
	}()
}

// Nested goroutines: each is reported at its own site, once.
func nested(ctx context.Context) {
	go func() {
		go func() {
			store(context.Background()) // want `goroutine drops the caller's context: it calls store with a root context`
		}()
	}()
}

// A go statement with a call nested in a goroutine: reported once, at the
// inner go statement, not again as a call of the outer work.
func nestedCall(ctx context.Context) {
	go func() {
		go store(context.Background()) // want `goroutine drops the caller's context: it is started with a root context \(context.Background\)`
	}()
}

// Its twin: a plain call of the work with a root is the outer work's.
func nestedPlain(ctx context.Context) {
	go func() {
		store(context.Background()) // want `goroutine drops the caller's context: it calls store with a root context`
		go store(ctx)
	}()
}

// Closures several levels deep inside the work.
func deep(ctx context.Context) {
	go func() {
		func() {
			func() {
				store(context.Background()) // want `goroutine drops the caller's context: it calls store with a root context`
			}()
		}()
	}()
}

// Deferred closure inside the work: the root is in the body, not deferred.
func deferredInside(ctx context.Context) {
	go func() {
		defer func() { recover() }()
		store(context.Background()) // want `goroutine drops the caller's context`
	}()
}

// Generics.
func process[T any](ctx context.Context, items []T, f func(context.Context, T)) {
	for _, it := range items {
		go f(context.Background(), it) // want `goroutine drops the caller's context: it is started with a root context`
	}
}

// Range-over-func iterators.
func each(yield func(int) bool) {
	for i := range 3 {
		if !yield(i) {
			return
		}
	}
}

func iter(ctx context.Context) {
	for i := range each {
		go func() {
			_ = i
			store(context.Background()) // want `goroutine drops the caller's context`
		}()
	}
}

// The seed: the worker falls back to the process environment for the
// session key.
func sessionKey(ctx context.Context) string {
	if v, ok := ctx.Value(sessionKeyCtx{}).(string); ok {
		return v
	}
	return os.Getenv("AGENT_SESSION_KEY")
}

type sessionKeyCtx struct{}

func currentSession() string { return os.Getenv("AGENT_SESSION_KEY") }

func routeApproval(session, cmd string) {}

func tools(ctx context.Context, p *ants.Pool) {
	p.Submit(func() {
		routeApproval(os.Getenv("AGENT_SESSION_KEY"), "rm -rf /") // want `func run by ants.Pool.Submit drops the caller's context: it reads identity key AGENT_SESSION_KEY from the process environment \(os.Getenv\("AGENT_SESSION_KEY"\)\), shared by every session, while ctx is in scope; pass ctx and take the identity from it`
	})
	go func() {
		routeApproval(currentSession(), "x") // want `goroutine drops the caller's context: it calls currentSession, which reads identity key AGENT_SESSION_KEY from the process environment, shared by every session, while ctx is in scope`
	}()
	go routeWorker() // want `goroutine drops the caller's context: it runs routeWorker, which reads identity key AGENT_SESSION_KEY`
}

func routeWorker() { routeApproval(currentSession(), "y") }

// A method value handed to a spawner.
func methodValue(ctx context.Context, c *Cache, p *pool.Pool) {
	p.Go(c.refresh) // ctxdrop reports the helper once, at its root
}

// The twins of a context stored in the receiver: a root the method keeps
// nowhere, and one it stores in a value it was handed (a job), are no
// lifetime of the receiver's: reported.
type Streamer struct{ ctx context.Context }

type job struct{ ctx context.Context }

func (s *Streamer) start() context.CancelFunc {
	ctx, cancel := context.WithCancel(context.Background())
	go store(ctx) // want `goroutine drops the caller's context: it is started with a root context \(context.Background\) while s.ctx is in scope`
	return cancel
}

func (s *Streamer) startJob(j *job) context.CancelFunc {
	ctx, cancel := context.WithCancel(context.Background())
	j.ctx = ctx
	go store(ctx) // want `goroutine drops the caller's context: it is started with a root context \(context.Background\) while s.ctx is in scope`
	return cancel
}
