// Package provenance holds the shapes of the flow-sensitive context
// provenance: where each context value comes from decides the verdict.
package provenance

import (
	"context"
	"net/http"
	"testing"
	"time"
)

type DB struct{}

func (db *DB) Exec(ctx context.Context, q string) error { _ = ctx.Err(); return nil }

type traceKey struct{}

// Traced reads the trace id of its context: a value reader.
func (db *DB) Traced(ctx context.Context, q string) error {
	_ = ctx.Value(traceKey{})
	return nil
}

// logged hands its context to a reader: a reader too, through it.
func logged(ctx context.Context, db *DB) { db.Traced(ctx, "log") }

// Assignments are followed in order: only the uses after
// ctx = context.Background() are roots.
func reassigned(ctx context.Context, db *DB) {
	db.Exec(ctx, "before")
	ctx = context.Background()
	db.Exec(ctx, "after") // want `call of DB.Exec passes a root context \(context.Background\) while ctx is in scope`
}

// A shadowing declaration in an inner block is a new variable, a root;
// the parameter outside the block is still the caller's.
func shadowed(ctx context.Context, db *DB, retry bool) {
	if retry {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		db.Exec(ctx, "retry") // want `call of DB.Exec passes a context that context\.WithCancel made from a root context \(context.Background\)`
	}
	db.Exec(ctx, "once")
}

// Re-derivation in place keeps the provenance of the previous value.
func rederived(ctx context.Context, db *DB) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	ctx = context.WithValue(ctx, traceKey{}, "t")
	db.Exec(ctx, "caller's")

	bg := context.Background()
	bg, cancel2 := context.WithTimeout(bg, time.Second)
	defer cancel2()
	bg = context.WithValue(bg, traceKey{}, "t")
	db.Exec(bg, "root's") // want `call of DB.Exec passes a root context \(context.Background\)`
}

// Loops: a root assigned at the end of an iteration reaches the next one.
func loop(ctx context.Context, db *DB, n int) {
	c := ctx
	for range n {
		db.Exec(c, "x") // no finding: c is the caller's on the first iteration, a root later: unknown
		c = context.Background()
	}
}

// An unnamed context parameter is still the caller's for the body's own
// calls.
func Handle(_ context.Context, db *DB) {
	db.Exec(context.Background(), "x") // want `call of DB.Exec passes a root context \(context.Background\) while the caller's context is in scope as an unnamed parameter; name the parameter ctx and pass it`
}

// A variable that is a root on one path and the caller's on another is not
// known to be a root.
func mixed(ctx context.Context, db *DB, useCaller bool) {
	var c context.Context
	if useCaller {
		c = ctx
	} else {
		c = context.Background()
	}
	db.Exec(c, "x")
}

// A closure sees a captured variable as it is where the closure is made,
// joined with every later assignment.
func captured(ctx context.Context, db *DB) {
	bg := context.Background()
	func() {
		db.Exec(bg, "x") // want `call of DB.Exec passes a root context \(context.Background\)`
	}()
	c := ctx
	f := func() { db.Exec(c, "later") } // c is reassigned after: unknown
	c = context.Background()
	f()
}

// A select case is not after its sibling cases: case <-ctx.Done(): exempts
// its own body only.
func selected(ctx context.Context, db *DB, work <-chan string) {
	select {
	case <-ctx.Done():
		db.Exec(context.Background(), "shutdown")
	case q := <-work:
		db.Exec(context.Background(), q) // want `call of DB.Exec passes a root context \(context.Background\)`
	}
}

// After a select whose done case returns, the context is not done.
func selectReturns(ctx context.Context, db *DB, work <-chan string) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-work:
	}
	return db.Exec(context.Background(), "x") // want `call of DB.Exec passes a root context \(context.Background\)`
}

// After a select whose done case falls through, it may be: a shutdown.
func selectFalls(ctx context.Context, db *DB, errc <-chan error) error {
	select {
	case <-ctx.Done():
	case <-errc:
	}
	return db.Exec(context.Background(), "stop")
}

// A component's lifetime context: its cancel is kept by a long-lived owner,
// so work on it does not drop the caller's context. Each of these is a
// lifetime context; none of the work reads context values.
type Component struct {
	cancel   context.CancelFunc
	cancels  map[string]context.CancelFunc
	stops    []func()
	onClose  func()
	shutdown *context.CancelFunc
}

var serverCtx, serverCancel = context.WithCancel(context.Background())

func (c *Component) Start(ctx context.Context, db *DB) (stop func()) {
	l1, cancel1 := context.WithCancel(context.Background())
	c.cancel = cancel1
	db.Exec(l1, "field")

	l2, cancel2 := context.WithCancel(context.Background())
	c.cancels["a"] = cancel2
	db.Exec(l2, "map element of a field")

	l3, cancel3 := context.WithCancel(context.Background())
	p := &c.cancel
	*p = cancel3
	db.Exec(l3, "through a pointer")

	l4, cancel4 := context.WithCancel(context.Background())
	c.onClose = func() { cancel4() }
	db.Exec(l4, "closure stored in a field")

	l5, cancel5 := context.WithCancel(context.Background())
	c.stops = append(c.stops, cancel5)
	db.Exec(l5, "appended to a field")

	db.Exec(serverCtx, "package-level lifetime context")

	l6, cancel6 := context.WithCancel(context.Background())
	db.Exec(l6, "returned as a closer")
	return func() { cancel6() }
}

// A root whose cancel is only deferred is no lifetime context.
func (c *Component) Query(ctx context.Context, db *DB) {
	l, cancel := context.WithCancel(context.Background())
	defer cancel()
	db.Exec(l, "x") // want `call of DB.Exec passes a context that context\.WithCancel made from a root context \(context.Background\)`
}

// Value loss: work on a fresh root (a lifetime context made here, a
// shutdown context, a deferred cleanup) that reads context values loses
// the caller's.
func (c *Component) Serve(ctx context.Context, db *DB) {
	l, cancel := context.WithCancel(context.Background())
	c.cancel = cancel
	db.Traced(l, "loop") // want `call of DB.Traced gets a fresh root context \(context.Background, a lifetime context, its cancel kept by a long-lived owner\) while ctx is in scope, and DB.Traced reads context values \(ctx.Value\): the caller's values are lost; pass context.WithoutCancel\(ctx\)`
	logged(l, db)        // the same root: one finding

	l2, cancel2 := context.WithCancel(context.Background())
	c.onClose = cancel2
	logged(l2, db) // want `call of logged gets a fresh root context .* and logged reads context values \(provenance.DB.Traced\)`
}

func (c *Component) Stop(ctx context.Context, db *DB, srv *http.Server) {
	<-ctx.Done()
	sctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	srv.Shutdown(sctx) // waits only: silent
	db.Traced(context.Background(), "audit") // want `call of DB.Traced gets a fresh root context \(context.Background, made once ctx is done or cancelled\)`
}

// Cancelling a context the function derived from a root of its own, or
// seeing it done, is its own timer running out: the caller's context is
// not cancelled, and the roots after it are no shutdown work (t4's
// promotion, kinds-24: three timed steps on context.Background() in a row,
// of which only the first was reported).
func timedSteps(ctx context.Context, db *DB) error {
	t1, cancel1 := context.WithTimeout(context.Background(), time.Second)
	err := db.Exec(t1, "upload") // want `call of DB.Exec passes a context that context\.WithTimeout made from a root context \(context.Background\) while ctx is in scope`
	cancel1()
	if err != nil {
		return err
	}
	t2, cancel2 := context.WithTimeout(context.Background(), time.Minute)
	if err := db.Exec(t2, "restore"); err != nil { // want `call of DB.Exec passes a context that context\.WithTimeout made from a root context \(context.Background\) while ctx is in scope`
		cancel2()
		return err
	}
	cancel2()
	t3, cancel3 := context.WithTimeout(context.Background(), time.Minute)
	defer cancel3()
	<-t3.Done()
	return db.Exec(context.Background(), "replay") // want `call of DB.Exec passes a root context \(context.Background\) while ctx is in scope`
}

// Its look-alike: a function that cancels the context it made and then
// uses it cuts that work short on purpose (pgx's Conn.die: a hard close
// with a cancelled context): a shutdown of its own, blamed on no caller.
func hardClose(db *DB) {
	c, cancel := context.WithCancel(context.Background())
	cancel()
	db.Exec(c, "terminate")
}

func rollback(ctx context.Context, db *DB) {
	if db.Exec(ctx, "rollback") != nil {
		hardClose(db)
	}
}

// The twin: cancelling a context derived from the caller's is the
// caller's work cancelled, as <-ctx.Done() is: what follows is shutdown.
func cancelledOwn(ctx context.Context, db *DB) {
	c, cancel := context.WithCancel(ctx)
	db.Exec(c, "work")
	cancel()
	db.Exec(context.Background(), "cleanup")
	db.Traced(context.Background(), "audit") // want `call of DB.Traced gets a fresh root context \(context.Background, made once ctx is done or cancelled\)`
}

func (c *Component) Cleanup(ctx context.Context, db *DB) {
	defer db.Exec(context.Background(), "unlock")
	defer db.Traced(context.Background(), "audit") // want `call of DB.Traced gets a fresh root context \(context.Background, in a deferred call\)`
}

// The component's own lifetime context, used while the caller's is in
// scope, loses the caller's values when the work reads them.
type Worker struct {
	ctx context.Context
	db  *DB
}

func (w *Worker) Do(ctx context.Context) {
	w.db.Exec(w.ctx, "no values read")
	w.db.Traced(w.ctx, "x") // want `call of DB.Traced uses the component's lifetime context w.ctx while ctx is in scope, and DB.Traced reads context values`
}

// A store that holds the context it was made with (its creator's, a
// parameter of the function that makes it: &store{ctx: ctx}) has no
// lifetime of its own; the message says whose it is (distribution's
// manifestStore: kinds-10's first look).
type store struct {
	ctx context.Context
	db  *DB
}

func (w *Worker) Store(ctx context.Context) *store { return &store{ctx: ctx, db: w.db} }

func (s *store) Get(ctx context.Context) {
	s.db.Traced(s.ctx, "get") // want `call of DB.Traced uses s\.ctx, the context its receiver was made with, while ctx is in scope, and DB\.Traced reads context values \(.*\): the values of ctx are lost; derive its context from ctx$`
}

// The twin: a field also set from a root is a lifetime of its own.
type daemon struct {
	ctx context.Context
	db  *DB
}

func newDaemon(ctx context.Context, db *DB) *daemon { return &daemon{ctx: ctx, db: db} }

func (d *daemon) reset() { d.ctx = context.Background() }

func (d *daemon) Get(ctx context.Context) {
	d.db.Traced(d.ctx, "get") // want `call of DB.Traced uses the component's lifetime context d\.ctx while ctx is in scope`
}

// A generic type's field is one field across its instantiations: a root
// written through one keeps the lifetime words for all.
type gstore[T any] struct {
	ctx context.Context
	db  *DB
}

func newGstore(ctx context.Context, db *DB) *gstore[int] { return &gstore[int]{ctx: ctx, db: db} }

func resetGstore(g *gstore[string]) { g.ctx = context.Background() }

func (g *gstore[T]) Get(ctx context.Context) {
	g.db.Traced(g.ctx, "get") // want `call of DB.Traced uses the component's lifetime context g\.ctx while ctx is in scope`
}

// Without a context of its own, the method's context is the component's.
func (w *Worker) loop() { w.db.Traced(w.ctx, "x") }

// A root seeded with the caller's values is detached: it keeps them.
func seeded(ctx context.Context, db *DB) {
	id := ctx.Value(traceKey{})
	d := context.WithValue(context.Background(), traceKey{}, id)
	db.Traced(d, "x")
	db.Traced(context.WithValue(context.Background(), traceKey{}, ctx.Value(traceKey{})), "y")
	db.Traced(context.WithoutCancel(ctx), "z")
}

// t.Cleanup callbacks are like deferred calls.
func helper(t *testing.T, ctx context.Context, db *DB) {
	t.Cleanup(func() { db.Exec(context.Background(), "drop tables") })
}

// A project's own TB interface, which *testing.T implements (the type
// checker says so): its Cleanup is the test's, and the callback runs once
// the test is over (FerretDB's testtb.TB: kinds-10's first look).
type TB interface {
	Cleanup(func())
	Helper()
	Failed() bool
}

func setupDB(tb TB, ctx context.Context, db *DB) {
	db.Exec(ctx, "create database")
	tb.Cleanup(func() { db.Exec(context.Background(), "drop database") })
}

// The twin: an interface with a Cleanup method that *testing.T does not
// implement (it lacks Acquire) registers no test's cleanup; the root in
// its callback is reported.
type Resources interface {
	Cleanup(func())
	Acquire() error
}

func usePool(p Resources, ctx context.Context, db *DB) {
	p.Cleanup(func() { db.Exec(context.Background(), "release") }) // want `call of DB.Exec passes a root context \(context.Background\) while ctx is in scope`
}

// A literal returned or stored belongs to whoever runs it: the enclosing
// function's context is not its caller's.
func (w *Worker) Handler(ctx context.Context, hooks *Hooks) func() {
	hooks.done = func() { w.db.Exec(context.Background(), "stored") }
	return func() { w.db.Exec(context.Background(), "returned") }
}

type Hooks struct{ done func() }

// A literal returned or stored whose own signature has no context, but
// that captures its maker's context and uses a root instead, chose the
// root over the context it holds: checked against the context it captures.
func (w *Worker) Later(ctx context.Context, hooks *Hooks) func() {
	hooks.done = func() {
		w.db.Exec(context.Background(), "stored") // want `call of DB.Exec passes a root context \(context.Background\) while ctx is in scope`
		w.db.Exec(ctx, "stored, with the caller's")
	}
	return func() {
		w.db.Exec(context.TODO(), "returned") // want `call of DB.Exec passes a root context \(context.TODO\) while ctx is in scope`
		_ = ctx
	}
}

// A request captured is a context captured.
func (w *Worker) LaterReq(r *http.Request, hooks *Hooks) {
	hooks.done = func() {
		_ = r.URL
		w.db.Exec(context.Background(), "stored") // want `call of DB.Exec passes a root context \(context.Background\) while r.Context\(\) is in scope`
	}
}

// A literal with a context parameter of its own is run with its runner's
// context: the maker's is not in scope there.
func (w *Worker) Runner(ctx context.Context, hooks *RunHooks) {
	hooks.run = func(rctx context.Context) {
		w.db.Exec(context.Background(), "runner's") // want `call of DB.Exec passes a root context \(context.Background\) while rctx is in scope`
	}
}

type RunHooks struct{ run func(context.Context) }

// A literal handed to a callee runs for the function (sort.Slice,
// sync.Once.Do): its drops are the function's.
func (w *Worker) Each(ctx context.Context, items []string) {
	each(items, func(s string) {
		w.db.Exec(context.Background(), s) // want `call of DB.Exec passes a root context \(context.Background\) while ctx is in scope`
	})
}

func each(items []string, f func(string)) {
	for _, it := range items {
		f(it)
	}
}

// A callee that ignores its context parameter loses nothing.
func ignore(_ context.Context) {}

func ignored(ctx context.Context) { ignore(context.Background()) }

// A root made by a function without a caller context (a test's, main's)
// and captured by a literal that is called with a context: the code chose
// it; the literal's caller gave it nothing that is dropped.
func serve(f func(context.Context)) {}

func TestCapture(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	db := &DB{}
	serve(func(_ context.Context) { db.Exec(ctx, "test's own") })
	serve(func(c context.Context) { db.Exec(ctx, "test's own") })
}

// Made where a caller context is in scope, the same capture drops it.
func (w *Worker) Capture(ctx context.Context) {
	bg := context.Background()
	serve(func(c context.Context) {
		w.db.Exec(bg, "x") // want `call of DB.Exec passes a root context \(context.Background\) while c is in scope`
	})
}

// A call that hands back the context of the work it returns gives the
// function its caller's context from there on; discarding it loses it.
type Request struct{ ID string }

type Queue struct{}

func (q *Queue) Read() (context.Context, *Request, bool) { return nil, nil, false }

func consume(db *DB, q *Queue) {
	db.Exec(context.Background(), "before: no context yet")
	ctx, req, ok := q.Read()
	if !ok {
		return
	}
	db.Exec(ctx, req.ID)
	db.Exec(context.Background(), req.ID) // want `call of DB.Exec passes a root context \(context.Background\) while ctx is in scope`
}

func discard(db *DB, q *Queue) {
	_, req, ok := q.Read() // want `the context that Queue.Read hands back with the work is discarded, and the work then calls DB.Exec with a root context \(context.Background\); keep it and pass it`
	if ok {
		db.Exec(context.Background(), req.ID)
	}
}

// Contexts carried in values: a task built with a root context and sent
// to a worker, or queued, loses the caller's context at the hand-off.
type task struct {
	ctx context.Context
	run func(context.Context)
}

type Pool struct {
	work    chan task
	pending []*task
}

func (p *Pool) Submit(ctx context.Context, f func(context.Context)) {
	p.work <- task{ctx: context.Background(), run: f} // want `task sent on a channel carries a root context \(context.Background\) in field ctx while ctx is in scope; set it to ctx, or context.WithoutCancel\(ctx\) to outlive the caller`
	var t task
	t.ctx = context.TODO() // want `task queued carries a root context \(context.TODO\) in field ctx while ctx is in scope`
	t.run = f
	p.pending = append(p.pending, &t)
}

// A task that carries the caller's context, or a detached one, is fine.
func (p *Pool) SubmitRight(ctx context.Context, f func(context.Context)) {
	p.work <- task{ctx: ctx, run: f}
	p.work <- task{ctx: context.WithoutCancel(ctx), run: f}
	t := &task{run: f}
	t.ctx = ctx
	p.pending = append(p.pending, t)
}

// A worker that takes the task's context and passes it on.
func (p *Pool) worker() {
	for t := range p.work {
		t.run(t.ctx)
	}
}

// A helper that returns a root with its cancel and an error gives no
// caller context.
type handlerError struct{}

func (*handlerError) Error() string { return "" }

func newTaskContext() (context.Context, context.CancelFunc, *handlerError) {
	ctx, cancel := context.WithCancel(context.Background())
	return ctx, cancel, nil
}

func runTask(db *DB) {
	ctx, cancel, herr := newTaskContext()
	if herr != nil {
		return
	}
	defer cancel()
	db.Exec(ctx, "task")
}

// A test that the context is not done yet guards live work; the else
// branch runs once it is done.
func (w *Worker) IfLive(ctx context.Context) {
	if ctx.Err() == nil {
		w.db.Exec(context.Background(), "live") // want `call of DB.Exec passes a root context \(context.Background\) while ctx is in scope`
	} else {
		w.db.Exec(context.Background(), "done: a shutdown")
	}
	if err := ctx.Err(); err != nil {
		w.db.Exec(context.Background(), "done: a shutdown")
	}
}

// A root seeded by hand with a value read from the caller's context,
// through a type assertion or a field of it, is detached: it keeps it.
type traceCtx struct{ ID string }

func seededAsserted(ctx context.Context, db *DB) {
	if tc, ok := ctx.Value(traceKey{}).(*traceCtx); ok {
		db.Traced(context.WithValue(context.Background(), traceKey{}, tc), "x")
	}
	tc, _ := ctx.Value(traceKey{}).(*traceCtx)
	id := tc.ID
	db.Traced(context.WithValue(context.Background(), traceKey{}, id), "y")
}

// The twin: a root seeded with a value that does not come from the
// caller's context keeps nothing of it.
func seededOther(ctx context.Context, db *DB, tc *traceCtx) {
	db.Traced(context.WithValue(context.Background(), traceKey{}, tc), "x") // want `call of DB.Traced passes a context that context\.WithValue made from a root context \(context.Background\) while ctx is in scope`
}

// A task that carries its own cancel is handed off for one piece of work:
// its root is no component's lifetime context, and the caller's trace and
// identity are lost with it (the tenant copied by hand keeps only that).
type ownTask struct {
	ctx    context.Context
	cancel context.CancelFunc
	tenant string
}

type TaskPool struct {
	tasks   chan *ownTask
	pending []*ownTask
	current *ownTask
}

func (p *TaskPool) Handle(ctx context.Context, tenant string) {
	local, cancel := context.WithTimeout(context.Background(), time.Minute)
	p.tasks <- &ownTask{ctx: local, cancel: cancel, tenant: tenant} // want `ownTask sent on a channel carries a root context \(context.Background\) in field ctx while ctx is in scope`
}

func (p *TaskPool) HandleVar(ctx context.Context, tenant string) {
	local, cancel := context.WithCancel(context.Background())
	t := &ownTask{ctx: local, cancel: cancel, tenant: tenant} // want `ownTask queued carries a root context \(context.Background\) in field ctx while ctx is in scope`
	p.pending = append(p.pending, t)
}

// The twins that own their cancel for long: a component built with its
// lifetime context, kept in a field or returned.
func (p *TaskPool) Keep(ctx context.Context) {
	local, cancel := context.WithCancel(context.Background())
	p.current = &ownTask{ctx: local, cancel: cancel}
}

func NewTask() *ownTask {
	local, cancel := context.WithCancel(context.Background())
	return &ownTask{ctx: local, cancel: cancel}
}

// A task passed to a call may be kept by the callee: its cancel is owned.
func (p *TaskPool) Register(ctx context.Context) {
	local, cancel := context.WithCancel(context.Background())
	t := &ownTask{ctx: local, cancel: cancel}
	p.keep(t)
	p.tasks <- t
}

func (p *TaskPool) keep(t *ownTask) { p.current = t }

// A queue whose Read blocks on the context it is given and hands back the
// one the work was queued with (a HandsBack fact).
type queued struct {
	ctx context.Context
	id  string
}

type WorkQueue struct{ ch chan queued }

func (q *WorkQueue) Read(ctx context.Context) (context.Context, string, bool) {
	select {
	case it := <-q.ch:
		return it.ctx, it.id, true
	case <-ctx.Done():
		return nil, "", false
	}
}

// The consumer discards the work's context and goes on with a root: the
// caller's trace and identity are lost at the hand-back.
type Consumer struct{ db *DB }

func (w *Consumer) consume(q *WorkQueue) {
	for {
		_, id, ok := q.Read(context.Background()) // want `the context that WorkQueue.Read hands back with the work is discarded, and the work then calls DB.Exec with a root context \(context.Background\); keep it and pass it`
		if !ok {
			return
		}
		w.db.Exec(context.Background(), id)
	}
}

// Kept, it is the work's context: passing it is right, and a root beside
// it drops it.
func (w *Consumer) consumeKept(q *WorkQueue) {
	for {
		wctx, id, ok := q.Read(context.Background())
		if !ok {
			return
		}
		w.db.Exec(wctx, id)
		w.db.Exec(context.TODO(), id) // want `call of DB.Exec passes a root context \(context.TODO\) while wctx is in scope`
	}
}

// Values lost through an interface: the work after ctx is done runs on a
// fresh root through Updater.Update, whose implementation in this package
// reads the request's values (its fact).
type Updater interface {
	Update(ctx context.Context, pct int)
}

type logUpdater struct{}

func (logUpdater) Update(ctx context.Context, pct int) { _ = ctx.Value(traceKey{}) }

func progress(ctx context.Context, u Updater) {
	<-ctx.Done()
	c, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	u.Update(c, 100) // want `call of Updater.Update gets a fresh root context \(context.Background, made once ctx is done or cancelled\) while ctx is in scope, and Updater.Update reads context values \(logUpdater.Update\)`
}

// The twin: no implementation reads values (as far as the facts show):
// the shutdown loses nothing.
type Closer interface {
	Close(ctx context.Context) error
}

type quietCloser struct{}

func (quietCloser) Close(ctx context.Context) error { <-ctx.Done(); return nil }

func closeAll(ctx context.Context, c Closer) {
	<-ctx.Done()
	sc, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	c.Close(sc)
}

// A look-alike: a method of the same name that reads values, on a type
// that does not implement the interface (another signature), is not one
// of its implementations.
type Ticker interface {
	Tick(ctx context.Context)
}

type tickReader struct{}

func (tickReader) Tick(ctx context.Context, n int) { _ = ctx.Value(traceKey{}) }

func tickAll(ctx context.Context, t Ticker) {
	<-ctx.Done()
	c, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	t.Tick(c)
}
