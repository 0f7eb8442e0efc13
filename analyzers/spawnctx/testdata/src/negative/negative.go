// Package negative holds correct code: spawnctx must stay silent on all of it.
package negative

import (
	"context"
	"errors"
	"net/http"
	"os"
	"runtime/pprof"
	"sync"
	"time"

	"github.com/ctxbound/ctxbound/runctx"
	"golang.org/x/sync/errgroup"
)

func store(ctx context.Context) error { _ = ctx.Err(); return nil }

func work() {}

// The caller's ctx, captured.
func captured(ctx context.Context) {
	go func() { store(ctx) }()
}

// Derived inside the closure.
func derivedInside(ctx context.Context) {
	go func() {
		c, cancel := context.WithTimeout(ctx, time.Second)
		defer cancel()
		store(c)
	}()
}

// Outliving the caller on purpose keeps identity.
func withoutCancel(ctx context.Context) {
	go store(context.WithoutCancel(ctx))
	go func() { store(context.WithoutCancel(ctx)) }()
}

// errgroup.WithContext's ctx.
func group(ctx context.Context) error {
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error { return store(gctx) })
	return g.Wait()
}

// runctx carries the caller's context by construction.
func runtime(ctx context.Context, p *runctx.Pool, g *runctx.Group) {
	runctx.Go(ctx, func(ctx context.Context) { store(ctx) })
	p.Submit(ctx, func(ctx context.Context) { store(ctx) })
	g.Go(func(ctx context.Context) error { return store(ctx) })
}

// A goroutine that does no context work.
func noContextWork(ctx context.Context, wg *sync.WaitGroup) {
	go work()
	wg.Go(func() { work() })
	go func() { time.Sleep(time.Millisecond) }()
}

// No context in scope: nothing to drop.
func noCallerContext() {
	go func() { store(context.Background()) }()
	go store(context.Background())
}

// A caller whose only context is a root of its own is no loss.
func ownRoot() {
	ctx := context.Background()
	go func() { store(context.TODO()) }()
	_ = ctx
}

// Graceful shutdown: a fresh context after the caller's is done.
type Server struct{ srv *http.Server }

func (s *Server) Run(ctx context.Context) {
	go func() {
		<-ctx.Done()
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		s.srv.Shutdown(shutdownCtx)
	}()
	go func() {
		select {
		case <-ctx.Done():
			s.srv.Shutdown(context.Background())
		}
	}()
	go func() {
		err := store(ctx)
		if errors.Is(err, context.Canceled) {
			store(context.Background()) // release after cancellation
		}
	}()
}

// A component's own lifetime context, stored in a field and cancelled by Close.
type Reader struct {
	ctx    context.Context
	cancel context.CancelFunc
}

func NewReader(ctx context.Context) *Reader {
	r := &Reader{}
	r.ctx, r.cancel = context.WithCancel(context.Background())
	go r.loop(r.ctx)
	lctx, lcancel := context.WithCancel(context.Background())
	r2 := &Reader{ctx: lctx, cancel: lcancel}
	go r2.loop(lctx)
	return r
}

func (r *Reader) loop(ctx context.Context) { store(ctx) }
func (r *Reader) Close()                   { r.cancel() }

// Resetting the goroutine's profiler labels wants an empty context.
func labels(ctx context.Context) {
	go func() {
		pprof.SetGoroutineLabels(context.Background())
		work()
	}()
}

// Cleanup in a deferred call, and a context.AfterFunc callback.
func cleanup(ctx context.Context) {
	go func() {
		defer store(context.Background())
		store(ctx)
	}()
	context.AfterFunc(ctx, func() { store(context.Background()) })
}

// Interface method calls and func values are not resolved.
type Runner interface{ Run() }

func unresolved(ctx context.Context, r Runner, f func()) {
	go r.Run()
	go f()
}

// A ctx-less helper that makes a root inside the standard library is not
// actionable: http.NewRequest uses context.Background internally.
func stdInternals(ctx context.Context, url string) {
	go func() {
		req, _ := http.NewRequest("GET", url, nil)
		req = req.WithContext(ctx)
		http.DefaultClient.Do(req)
	}()
}

// A helper whose root travels inside the value it returns: the caller
// rebinds it.
func newRequest(url string) (*http.Request, error) {
	return http.NewRequestWithContext(context.Background(), "GET", url, nil)
}

func rebinds(ctx context.Context) {
	go func() {
		req, _ := newRequest("http://x")
		http.DefaultClient.Do(req.WithContext(ctx))
	}()
}

// A helper marked detach, and a site marked detach.
//
//ctxbound:detach -- the audit flush must finish after the request
func auditFlush() { store(context.Background()) }

func detached(ctx context.Context) {
	go auditFlush()
	//ctxbound:detach -- the metrics pusher lives for the process
	go func() { store(context.Background()) }()
}

// A closure with its own context parameter is ctxdrop's, not spawnctx's.
func ownParam(ctx context.Context) {
	go func(ctx context.Context) { store(ctx) }(ctx)
}

// Environment reads of process settings are not identity.
func settings(ctx context.Context) {
	go func() { _ = os.Getenv("LOG_LEVEL"); _ = os.Getenv("HOME") }()
}

// An identity read with no caller context is envidentity's, not a drop.
func noCtxRead() {
	go func() { _ = os.Getenv("AGENT_SESSION_KEY") }()
}

// A context made and stored in a field of the receiver is the receiver's
// own lifetime, though the cancel goes back to the constructor that keeps
// it (go-libvirt's event stream: s.shutdown = s.start()).
type Stream struct {
	ctx      context.Context
	shutdown context.CancelFunc
}

func NewStream() *Stream {
	s := &Stream{}
	s.shutdown = s.start()
	return s
}

func (s *Stream) start() context.CancelFunc {
	ctx, cancel := context.WithCancel(context.Background())
	s.ctx = ctx
	go s.process(ctx)
	return cancel
}

func (s *Stream) process(ctx context.Context) { store(ctx) }
