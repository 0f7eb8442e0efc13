// Package basic holds the shapes ctxdrop reports.
package basic

import (
	"context"
	"net/http"
	"time"
)

type DB struct{}

func (db *DB) Exec(ctx context.Context, q string) error { _ = ctx.Err(); return nil }

type Store struct {
	db *DB
}

// A root context passed although the caller has one.
func (s *Store) Save(ctx context.Context) error {
	return s.db.Exec(context.Background(), "insert") // want `call of DB.Exec passes a root context \(context.Background\) while ctx is in scope; pass ctx, or context.WithoutCancel\(ctx\) to outlive the caller`
}

// Through a derivation and a local.
func (s *Store) Timeout(ctx context.Context) error {
	c, cancel := context.WithTimeout(context.TODO(), time.Second)
	defer cancel()
	return s.db.Exec(c, "select") // want `call of DB.Exec passes a context that context\.WithTimeout made from a root context \(context.TODO\) while ctx is in scope`
}

var background = context.Background()

// Through a package variable.
func (s *Store) Global(ctx context.Context) error {
	return s.db.Exec(background, "select") // want `call of DB.Exec passes a root context \(context.Background\)`
}

func rootOf() context.Context { return context.TODO() }

// Through a helper that returns a root.
func (s *Store) Helper(ctx context.Context) error {
	return s.db.Exec(rootOf(), "select") // want `call of DB.Exec passes a root context \(rootOf, which returns context.TODO\)`
}

// refresh has no context and makes its own.
func (s *Store) refresh() {
	s.db.Exec(context.Background(), "reload") // want `Store.refresh makes its own root context \(context.Background\) but is called with a context in scope from Store.Get; give Store.refresh a ctx parameter and pass ctx, or context.WithoutCancel\(ctx\) to outlive the caller`
}

func (s *Store) refreshAll() { s.refresh() }

// Calls of a ctx-less helper that makes a root context: one finding, at
// the root, with the calls as related positions.
func (s *Store) Get(ctx context.Context) {
	s.refresh()
	s.refreshAll()
}

// r.Context() is in scope in a handler.
func (s *Store) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.db.Exec(context.Background(), "x") // want `call of DB.Exec passes a root context \(context.Background\) while r.Context\(\) is in scope`
}

// A closure that captures ctx.
func (s *Store) Each(ctx context.Context, ids []string) {
	for range ids {
		func() {
			s.db.Exec(context.TODO(), "x") // want `call of DB.Exec passes a root context \(context.TODO\) while ctx is in scope`
		}()
	}
}

// An interface method: the parameter is known from the interface.
type Handler interface {
	Handle(ctx context.Context, msg string) error
}

func dispatch(ctx context.Context, h Handler) error {
	return h.Handle(context.Background(), "m") // want `call of Handler.Handle passes a root context \(context.Background\)`
}

// A func value parameter.
func apply(ctx context.Context, f func(context.Context) error) error {
	return f(context.Background()) // want `call of f passes a root context \(context.Background\)`
}

// The caller's ctx checked early does not excuse a drop later.
func (s *Store) Early(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return s.db.Exec(context.Background(), "x") // want `call of DB.Exec passes a root context`
}

// Generics.
func Map[T any](ctx context.Context, xs []T, f func(context.Context, T)) {
	for _, x := range xs {
		f(context.TODO(), x) // want `call of f passes a root context \(context.TODO\)`
	}
}

func level0() { (&DB{}).Exec(context.Background(), "x") } // want `level0 makes its own root context \(context.Background\) but is called with a context in scope from Store.Level \(through level1\)`
func level1() { level0() }
func (s *Store) Level(ctx context.Context) {
	level1()
}

type traceKey struct{}

// Traced reads the trace id its context carries.
func (db *DB) Traced(ctx context.Context, q string) error {
	_ = ctx.Value(traceKey{})
	return nil
}

// A helper that returns the error of a call made with its own root context
// (an error carries no context back), with a deadline of its own, whose
// work reads context values: the callers' trace is lost.
func (s *Store) reload() error {
	c, cancel := context.WithTimeout(context.Background(), time.Second) // want `Store.reload makes its own root context \(context.Background\) but is called with a context in scope from Store.Reload`
	defer cancel()
	return s.db.Traced(c, "reload")
}

func (s *Store) load() error { return s.db.Exec(context.TODO(), "load") } // want `Store.load makes its own root context \(context.TODO\) but is called with a context in scope from Store.Reload`

func (s *Store) Reload(ctx context.Context) error {
	if err := s.load(); err != nil {
		return err
	}
	return s.reload()
}

// A helper with a Context variant: call it instead.
func (s *Store) Sync() error { return s.sync(context.Background()) }

func (s *Store) SyncContext(ctx context.Context) error { return s.sync(ctx) }

func (s *Store) sync(ctx context.Context) error { return s.db.Exec(ctx, "sync") }

func (s *Store) Flush(ctx context.Context) error {
	return s.Sync() // want `call of Store.Sync drops the caller's context: Store.Sync makes its own root context \(context.Background\) while ctx is in scope; call Store.SyncContext with ctx instead`
}

// A one-shot helper started on a goroutine is the starting call's work:
// reported once, at the helper's root.
type Notifier struct{ db *DB }

func (n *Notifier) send(id string) {
	_ = n.db.Exec(context.Background(), id) // want `Notifier.send makes its own root context \(context.Background\) but is called with a context in scope from Notifier.Notify`
}

func (n *Notifier) Notify(ctx context.Context, ids []string) {
	for _, id := range ids {
		go n.send(id)
	}
}

// The one-shot goroutine of a ctx-less helper (a hook run once, a cleanup)
// is the helper's work done on another goroutine: its root is blamed on
// the callers that have a context, once, at the root.
type Conn struct {
	db     *DB
	onDone func(context.Context)
}

func (c *Conn) asyncClose() {
	go func() {
		c.db.Exec(context.Background(), "terminate") // want `Conn.asyncClose makes its own root context \(context.Background\) but is called with a context in scope from Conn.Fail`
	}()
}

func (c *Conn) Fail(ctx context.Context) { c.asyncClose() }

// A hook run once on a goroutine: the same.
func (c *Conn) finish() {
	go c.onDone(context.TODO()) // want `Conn.finish makes its own root context \(context.TODO\) but is called with a context in scope from Conn.Close`
}

func (c *Conn) Close(ctx context.Context) { c.finish() }

// A read loop until its connection closes is the connection's background
// loop (a client's reader, which reconnects on an error): its roots are
// not the dialing call's.
type Link struct {
	state uint32
	db    *DB
}

func (l *Link) reconnect() { l.db.Exec(context.Background(), "reconnect") } // want `Link.reconnect makes its own root context \(context.Background\) but is called with a context in scope from Link.Redial \(through Link.retry\)`

func (l *Link) reader() {
	for l.state != 2 {
		l.reconnect()
	}
}

func (l *Link) Dial(ctx context.Context) { go l.reader() }

// The twin: a loop on a counter of its own is one-shot work, its roots
// blamed on the starter's callers.
func (l *Link) retry() {
	n := 0
	for n < 3 {
		l.reconnect()
		n++
	}
}

func (l *Link) Redial(ctx context.Context) { go l.retry() }

// A ctx-less function that reaches two roots, through two helpers, has two
// root causes: each is reported at its root, and a detach on one leaves
// the other.
func (c *Conn) flushA() { c.db.Exec(context.Background(), "a") } // want `Conn.flushA makes its own root context \(context.Background\) but is called with a context in scope from Conn.Sync \(through Conn.flushBoth\)`

func (c *Conn) flushB() { c.db.Exec(context.TODO(), "b") } // want `Conn.flushB makes its own root context \(context.TODO\) but is called with a context in scope from Conn.Sync \(through Conn.flushBoth\)`

func (c *Conn) flushBoth() {
	c.flushA()
	c.flushB()
}

func (c *Conn) Sync(ctx context.Context) { c.flushBoth() }

// A chain of helpers of this package, in any order of declaration: the
// caller and every helper are this package's code, and one change threads
// the context through them (a controller's Reconcile that reconciles the
// experiment, which reconciles its trials, which creates them with
// context.TODO()). Each root is reported once, at the root.
type Controller struct{ db *DB }

func (c *Controller) Reconcile(ctx context.Context) { c.reconcileExperiment() }

func (c *Controller) reconcileExperiment() {
	c.db.Exec(context.TODO(), "list") // want `Controller.reconcileExperiment makes its own root context \(context.TODO\) but is called with a context in scope from Controller.Reconcile;`
	c.reconcileTrials()
}

func (c *Controller) reconcileTrials() { c.createTrials() }

func (c *Controller) createTrials() {
	c.db.Exec(context.TODO(), "create") // want `Controller.createTrials makes its own root context \(context.TODO\) but is called with a context in scope from Controller.Reconcile \(through Controller.reconcileExperiment\)`
}

// A helper declared below the one that calls it, which makes a root of
// its own too: both roots are the caller's, whatever the order.
func (c *Controller) Requeue(ctx context.Context) { c.requeue() }

func (c *Controller) requeue() {
	c.db.Exec(context.TODO(), "requeue") // want `Controller.requeue makes its own root context \(context.TODO\) but is called with a context in scope from Controller.Requeue;`
	c.mark()
}

func (c *Controller) mark() {
	c.db.Exec(context.TODO(), "mark") // want `Controller.mark makes its own root context \(context.TODO\) but is called with a context in scope from Controller.Requeue \(through Controller.requeue\)`
}

// Three helpers between the function called and the root is past the
// bound, in one package too: the root is not blamed on Replay.
func (c *Controller) Replay(ctx context.Context) { c.replay1() }

func (c *Controller) replay1() { c.replay2() }
func (c *Controller) replay2() { c.replay3() }
func (c *Controller) replay3() { c.replay4() }
func (c *Controller) replay4() { c.db.Exec(context.TODO(), "replay") }

// ctxbound:detach on the first maker brings out the second.
//
//ctxbound:detach -- a best-effort write, meant to outlive every caller
func (c *Conn) logA() { c.db.Exec(context.Background(), "log a") }

func (c *Conn) logB() { c.db.Exec(context.TODO(), "log b") } // want `Conn.logB makes its own root context \(context.TODO\) but is called with a context in scope from Conn.Log \(through Conn.logBoth\)`

func (c *Conn) logBoth() {
	c.logA()
	c.logB()
}

func (c *Conn) Log(ctx context.Context) { c.logBoth() }

// A root made behind a condition on the helper's own parameter is blamed
// only on callers that can meet it: they pass the zero value, or a value
// they have not tested.
type Registry struct{ db *DB }

func (g *Registry) lookup(name string) error {
	if name == "" {
		return g.db.Exec(context.Background(), "default") // want `Registry.lookup makes its own root context \(context.Background\) but is called with a context in scope from Registry.Default and Registry.Untested`
	}
	return nil
}

func (g *Registry) Named(ctx context.Context) error { return g.lookup("orders") } // a non-empty constant: never the root

func (g *Registry) Checked(ctx context.Context, name string) error {
	if name == "" {
		return nil
	}
	return g.lookup(name) // tested before: never the root
}

func (g *Registry) CheckedIf(ctx context.Context, name string) error {
	if len(name) > 0 {
		return g.lookup(name) // tested around: never the root
	}
	return nil
}

func (g *Registry) Default(ctx context.Context) error { return g.lookup("") } // the zero value: the root

func (g *Registry) Untested(ctx context.Context, name string) error { return g.lookup(name) } // may be empty: the root

// The condition is the early return's: the root is made only when opts
// is nil.
type Opts struct{ Name string }

func (g *Registry) open(opts *Opts) error {
	if opts != nil {
		return nil
	}
	return g.db.Exec(context.TODO(), "defaults") // want `Registry.open makes its own root context \(context.TODO\) but is called with a context in scope from Registry.OpenMaybe`
}

func (g *Registry) Open(ctx context.Context) error { return g.open(&Opts{Name: "x"}) } // never nil

func (g *Registry) OpenMaybe(ctx context.Context, o *Opts) error { _ = ctx.Err(); return g.open(o) }

// Through a helper that forwards its parameter, the guard is the helper's
// too.
func (g *Registry) get(name string) error { return g.lookup(name) }

func (g *Registry) GetNamed(ctx context.Context) error { _ = ctx.Err(); return g.get("orders") }

// A condition of another form guards nothing: the root is blamed.
func (g *Registry) maybe(n int) error {
	if n > 3 {
		return g.db.Exec(context.Background(), "big") // want `Registry.maybe makes its own root context \(context.Background\) but is called with a context in scope from Registry.Maybe`
	}
	return nil
}

func (g *Registry) Maybe(ctx context.Context) error { _ = ctx.Err(); return g.maybe(1) }

// Started on a goroutine with a non-empty constant: never the root.
func (g *Registry) Async(ctx context.Context) { go g.lookup("orders") }

// The twins: a context parameter that one call hands a caller's context
// (or that is exported, or used as a value) keeps the rule that it is the
// caller's.
type Sweeper struct{ db *DB }

func (s *Sweeper) cleanup() { s.db.Exec(context.Background(), "sweep") } // want `Sweeper.cleanup makes its own root context \(context.Background\) but is called with a context in scope from Sweeper.sweep, Sweeper.SweepExported and 1 more`

func NewSweeper() *Sweeper {
	s := &Sweeper{}
	s.sweep(context.Background())
	s.SweepExported(context.Background())
	run(s.sweepValue)
	return s
}

func (s *Sweeper) sweep(ctx context.Context) { s.cleanup() }

func (s *Sweeper) Restart(ctx context.Context) { s.sweep(ctx) }

func (s *Sweeper) SweepExported(ctx context.Context) { s.cleanup() }

func (s *Sweeper) sweepValue(ctx context.Context) { s.cleanup() }

func run(f func(context.Context)) { f(context.Background()) }
