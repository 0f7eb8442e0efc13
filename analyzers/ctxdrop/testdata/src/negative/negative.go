// Package negative holds correct code: ctxdrop must stay silent on all of it.
package negative

import (
	"context"
	"net/http"
	"runtime"
	"runtime/pprof"
	"time"

	"golang.org/x/sync/errgroup"
)

type DB struct{}

func (db *DB) Exec(ctx context.Context, q string) error { _ = ctx.Err(); return nil }

// Shape 1: a component's own lifetime context, cancelled by Close.
type Conn struct {
	ctx    context.Context
	cancel context.CancelFunc
	db     *DB
}

func Dial(ctx context.Context, db *DB) *Conn {
	c := &Conn{db: db}
	c.ctx, c.cancel = context.WithCancel(context.Background())
	go c.loop()
	return c
}

func Open(ctx context.Context, db *DB) *Conn {
	lctx, cancel := context.WithCancel(context.Background())
	c := &Conn{ctx: lctx, cancel: cancel, db: db}
	c.db.Exec(lctx, "hello")
	return c
}

func (c *Conn) loop()  { c.db.Exec(c.ctx, "poll") }
func (c *Conn) Close() { c.cancel() }

// Shape 2: a context carried inside another value.
func fetch(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		return nil, err
	}
	return http.DefaultClient.Do(req)
}

func rebind(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		return nil, err
	}
	req = req.WithContext(ctx)
	return http.DefaultClient.Do(req)
}

func newRequest(url string) (*http.Request, error) {
	return http.NewRequestWithContext(context.Background(), "GET", url, nil)
}

func viaHelper(ctx context.Context, url string) (*http.Response, error) {
	req, err := newRequest(url)
	if err != nil {
		return nil, err
	}
	return http.DefaultClient.Do(req.WithContext(ctx))
}

// Shape 3: standard-library internals with no ctx-taking alternative.
func internals(ctx context.Context) {
	_, _ = http.Get("http://example.com") // http.Get makes its own context inside net/http
	time.Sleep(0)
}

// Shape 4: context.Background as the correct argument.
func resetLabels(ctx context.Context) {
	pprof.SetGoroutineLabels(context.Background())
}

type Server struct {
	srv *http.Server
	db  *DB
}

func (s *Server) Run(ctx context.Context) error {
	<-ctx.Done()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return s.srv.Shutdown(shutdownCtx)
}

func (s *Server) Serve(ctx context.Context) error {
	for {
		select {
		case <-ctx.Done():
			return s.srv.Shutdown(context.Background())
		default:
		}
		if err := ctx.Err(); err != nil {
			return s.db.Exec(context.Background(), "mark stopped")
		}
	}
}

func (s *Server) Release(ctx context.Context) {
	c, cancel := context.WithCancel(ctx)
	s.db.Exec(c, "work")
	cancel()
	s.db.Exec(context.Background(), "release lock") // after the function's own cancel
}

// Cleanup in defer and context.AfterFunc.
func (s *Server) Cleanup(ctx context.Context) {
	defer s.db.Exec(context.Background(), "unlock")
	defer func() { s.db.Exec(context.Background(), "unlock") }()
	context.AfterFunc(ctx, func() { s.db.Exec(context.Background(), "cleanup") })
}

// A callback the garbage collector runs once a value is unreachable
// (runtime.AddCleanup, runtime.SetFinalizer) runs long after any caller:
// cleanup of its own, on a root.
type pooled struct{ id string }

func (s *Server) Pool(ctx context.Context) *pooled {
	p := &pooled{id: "x"}
	runtime.AddCleanup(p, func(id string) { s.db.Exec(context.Background(), "close "+id) }, p.id)
	runtime.SetFinalizer(p, func(*pooled) { s.db.Exec(context.TODO(), "finalize") })
	return p
}

// The caller's context, derived values, WithoutCancel, errgroup.
func (s *Server) Good(ctx context.Context) error {
	c, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	s.db.Exec(c, "a")
	s.db.Exec(context.WithoutCancel(ctx), "b")
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error { return s.db.Exec(gctx, "c") })
	return g.Wait()
}

// No caller context: main-like code and helpers.
func main() {
	db := &DB{}
	db.Exec(context.Background(), "x")
}

func init() {
	(&DB{}).Exec(context.TODO(), "x")
}

// A variable that is a root on one path and the caller's on another is not
// known to be a root.
func mixed(ctx context.Context, db *DB, useCaller bool) {
	c := context.Background()
	if useCaller {
		c = ctx
	}
	db.Exec(c, "x")
}

// A detached function and a detached line.
//
//ctxbound:detach -- runs the audit flush after the request is gone
func (s *Server) audit(ctx context.Context) {
	s.db.Exec(context.Background(), "flush")
}

func (s *Server) line(ctx context.Context) {
	//ctxbound:detach -- the cache warm-up belongs to the process
	s.db.Exec(context.Background(), "warm")
}

// A ctx-less helper whose root is returned inside a value.
func (s *Server) usesNewRequest(ctx context.Context) {
	req, _ := newRequest("http://x")
	_ = req
}

// The context-less variant of an API delegates to its Context variant with
// a root context, as documented.
func (db *DB) Query(q string) error { return db.QueryContext(context.Background(), q) }

func (db *DB) QueryContext(ctx context.Context, q string) error { _ = ctx.Err(); return nil }

type Tx struct {
	ctx context.Context
	db  *DB
}

func (tx *Tx) Query(q string) error { return tx.db.QueryContext(context.Background(), q) }

// A function that rewrites requests: its request parameter is input, not
// its caller's context.
func detachRequest(req *http.Request) *http.Request {
	return req.WithContext(context.Background())
}

// go f(root): the goroutine is spawnctx's finding, not a second one here.
func (s *Server) startedWith(ctx context.Context) {
	go s.db.Exec(context.Background(), "x")
}

// A ctx-less helper with a deadline of its own whose work reads no context
// values bounds its work on purpose (a shutdown, a cleanup): its callers
// lose nothing through it.
func (s *Server) stopWithin() error {
	c, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return s.srv.Shutdown(c)
}

func (s *Server) Stop(ctx context.Context) error { _ = ctx.Err(); return s.stopWithin() }

// The background loops a ctx-less helper starts are work of their own: a
// server's per-connection loop, a pool's reaper on a ticker, a listener
// that waits on channels until it is closed. The context of the call that
// happened to start them would cancel them.
func (s *Server) startLoops(conns chan string, tick *time.Ticker, quit chan struct{}) {
	go func() {
		for c := range conns {
			s.db.Exec(context.Background(), c)
		}
	}()
	go func() {
		for range tick.C {
			s.db.Exec(context.Background(), "reap")
		}
	}()
	go func() {
		for len(quit) == 0 {
			select {
			case <-quit:
				return
			case c := <-conns:
				s.db.Exec(context.Background(), c)
			}
		}
	}()
	go s.acceptLoop(conns)
}

func (s *Server) acceptLoop(conns chan string) {
	for {
		s.db.Exec(context.Background(), <-conns)
	}
}

func (s *Server) Start(ctx context.Context) { s.startLoops(nil, nil, nil) }

// A one-shot cleanup with a deadline of its own that reads no values
// bounds its work on purpose (pgx's asyncClose): its callers lose nothing.
func (s *Server) asyncClose() {
	go func() {
		c, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		s.db.Exec(c, "terminate")
	}()
}

func (s *Server) Fail(ctx context.Context) { s.asyncClose() }

// A callee that ignores its context parameter loses nothing.
func dialWith(_ context.Context, addr string) error { return nil }

func dialIgnored(ctx context.Context) error { _ = ctx.Err(); return dialWith(context.Background(), "x") }

// A function implemented in assembly has no body to check (repro 27: it
// used to panic).
func add(ctx context.Context, a, b int) int

// A receiver with several context fields records contexts (a test server
// keeping the context of each call): none is the component's own.
type recorder struct {
	lastQuery context.Context
	lastExec  context.Context
	db        *DB
}

func (r *recorder) probe() { r.db.Exec(context.Background(), "ping") }

// A ctx-less helper marked detach silences every caller.
//
//ctxbound:detach -- the cache warm-up belongs to the process, not to a request
func (s *Server) warm() { s.db.Exec(context.Background(), "warm") } // silenced by the directive

func (s *Server) Handle(ctx context.Context) { s.warm() }

// A background loop of a component, started on its own goroutine by the
// call that needs it (a pool's redial probe after failed dials, a
// subscription's listener): the component's worker, not that call's work.
type Pool struct {
	db     *DB
	closed chan struct{}
	events chan string
}

func (p *Pool) isClosed() bool {
	select {
	case <-p.closed:
		return true
	default:
		return false
	}
}

func (p *Pool) redial() {
	for {
		if p.isClosed() {
			return
		}
		if p.db.Exec(context.Background(), "ping") == nil {
			return
		}
	}
}

func (p *Pool) listen() {
	ctx := context.TODO()
	for ev := range p.events {
		p.db.Exec(ctx, ev)
	}
}

func (p *Pool) Dial(ctx context.Context) error {
	if err := p.db.Exec(ctx, "dial"); err != nil {
		go p.redial()
		return err
	}
	go p.listen()
	return nil
}

// An unexported function's context parameter that every call in the
// package hands a root or a lifetime context is no caller's context: the
// ctx-less cleanup its sweeper calls drops nothing.
type Cache struct {
	db     *DB
	cancel context.CancelFunc
}

func NewCache(db *DB) *Cache {
	c := &Cache{db: db}
	ctx, cancel := context.WithCancel(context.Background())
	c.cancel = cancel
	c.startSweeper(ctx)
	return c
}

func (c *Cache) startSweeper(ctx context.Context) {
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case <-time.After(time.Minute):
				c.cleanup()
			}
		}
	}()
	c.cleanup()
}

func (c *Cache) cleanup() { c.db.Exec(context.Background(), "sweep") }

// Passed on from another such parameter, it is one too.
func (c *Cache) startAll() { c.startVia(context.Background()) }

func (c *Cache) startVia(ctx context.Context) { c.startTwo(ctx) }

func (c *Cache) startTwo(ctx context.Context) { c.cleanup() }
