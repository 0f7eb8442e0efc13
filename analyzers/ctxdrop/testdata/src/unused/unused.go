// Package unused holds roots handed to context parameters their callees
// never use, or use only on a path the call cannot take (nothing is
// lost), beside their twins that are used (reported), and receiver
// context fields that only ever hold a bare root.
package unused

import (
	"context"
	"errors"
	"os"
)

// maxFile never uses its context: it lists a folder.
func maxFile(ctx context.Context, dir string) int {
	entries, _ := os.ReadDir(dir)
	return len(entries)
}

// rollback hands its context only to maxFile, which ignores it; replay
// and rewind hand it to each other and to nothing else.
func rollback(ctx context.Context, dir string) int { return maxFile(ctx, dir) }

func replay(ctx context.Context, n int) int {
	if n == 0 {
		return 0
	}
	return rewind(ctx, n-1)
}

func rewind(ctx context.Context, n int) int { return replay(ctx, n) }

// sync reads its context: its twin of maxFile.
func sync(ctx context.Context, dir string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	_, err := os.ReadDir(dir)
	return err
}

// checkpoint hands its context to sync, which reads it.
func checkpoint(ctx context.Context, dir string) error { return sync(ctx, dir) }

// Direct calls with a root while ctx is in scope: silent where the callee
// ignores its context, reported where it uses it.
func Reopen(ctx context.Context, dir string) error {
	maxFile(context.Background(), dir)
	rollback(context.Background(), dir)
	replay(context.Background(), 3)
	statSystem(context.Background(), dir) // want `call of statSystem passes a root context \(context.Background\) while ctx is in scope`
	return checkpoint(context.Background(), dir) // want `call of checkpoint passes a root context \(context.Background\) while ctx is in scope`
}

type DB struct{ dir string }

// open makes a root for helpers that never use it: no root of its own.
func (db *DB) open() int {
	ctx := context.Background()
	n := maxFile(ctx, db.dir)
	return n + rollback(ctx, db.dir)
}

// openSync's root reaches sync: its callers are blamed.
func (db *DB) openSync() error {
	ctx := context.Background() // want `DB.openSync makes its own root context \(context.Background\) but is called with a context in scope from Open`
	maxFile(ctx, db.dir)
	return checkpoint(ctx, db.dir)
}

func Open(ctx context.Context, db *DB) error {
	db.open()
	return db.openSync()
}

type Conn struct{ addr string }

var errRefused = errors.New("refused")

func dial(ctx context.Context, addr string) (*Conn, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if addr == "" {
		return nil, errRefused
	}
	return &Conn{addr: addr}, nil
}

type Tunnel struct {
	addr string
	conn *Conn
}

// reconnect uses its context only to dial when it is given no conn.
func (t *Tunnel) reconnect(ctx context.Context, conn *Conn) error {
	var err error
	if conn == nil {
		conn, err = dial(ctx, t.addr)
	}
	if err != nil {
		return err
	}
	t.conn = conn
	return nil
}

// NewTunnel hands reconnect a root: it is used only when initial is nil.
func NewTunnel(addr string, initial *Conn) (*Tunnel, error) {
	t := &Tunnel{addr: addr}
	return t, t.reconnect(context.Background(), initial) // want `NewTunnel makes its own root context \(context.Background\) but is called with a context in scope from Untested and Nil`
}

// Dialed passes a conn whose error it checked: by Go's convention a nil
// error comes with a conn, so reconnect never dials with the root.
func Dialed(ctx context.Context, addr string) (*Tunnel, error) {
	c, err := dial(ctx, addr)
	if err != nil {
		return nil, err
	}
	return NewTunnel(addr, c)
}

// Untested passes a conn whose error it never looked at: it may be nil.
func Untested(ctx context.Context, addr string) (*Tunnel, error) {
	c, _ := dial(ctx, addr)
	return NewTunnel(addr, c)
}

// Nil passes no conn: reconnect dials with the root.
func Nil(ctx context.Context, addr string) (*Tunnel, error) {
	return NewTunnel(addr, nil)
}

// Direct: a root handed to reconnect with a conn tested not nil is never
// used; with nil it is.
func (t *Tunnel) Redial(ctx context.Context, c *Conn) error {
	if c != nil {
		t.reconnect(context.Background(), c)
	}
	return t.reconnect(context.Background(), nil) // want `call of Tunnel.reconnect passes a root context \(context.Background\) while ctx is in scope`
}

// Hook's context field only ever holds context.Background(): a method
// that makes its own root loses nothing, and passing h.ctx would pass the
// same root.
type Hook struct {
	ctx context.Context
	db  *DB
}

func (h *Hook) Init() error {
	h.ctx = context.Background()
	return checkpoint(context.Background(), h.db.dir)
}

func (h *Hook) Store() error { return checkpoint(h.ctx, h.db.dir) }

// Cache's field is also given a cancellable context: it is the
// component's lifetime, and a root beside it is reported.
type Cache struct {
	ctx    context.Context
	cancel context.CancelFunc
	dir    string
}

func NewCache(dir string) *Cache {
	c := &Cache{ctx: context.Background(), dir: dir}
	c.ctx, c.cancel = context.WithCancel(c.ctx)
	return c
}

func (c *Cache) Flush() error {
	return checkpoint(context.Background(), c.dir) // want `call of checkpoint passes a root context \(context.Background\) while c.ctx is in scope`
}

func (c *Cache) Close() { c.cancel() }

// Shared's field is exported: another package may set it.
type Shared struct {
	Ctx context.Context
	Dir string
}

func (s *Shared) Init() error {
	s.Ctx = context.Background()
	return checkpoint(context.Background(), s.Dir) // want `call of checkpoint passes a root context \(context.Background\) while s.Ctx is in scope`
}

// Store's field is set through a local that only holds a bare root: still
// only a root.
type Store struct {
	ctx context.Context
	dir string
}

func NewStore(dir string) *Store {
	ctx := context.Background()
	return &Store{ctx: ctx, dir: dir}
}

func (s *Store) Flush() error { return checkpoint(context.Background(), s.dir) }

// Pool's local is derived before it is stored: a lifetime, reported.
type Pool struct {
	ctx context.Context
	dir string
}

func NewPool(dir string) *Pool {
	ctx := context.Background()
	ctx = context.WithValue(ctx, configKey{}, dir)
	return &Pool{ctx: ctx, dir: dir}
}

type configKey struct{}

func (p *Pool) Flush() error {
	return checkpoint(context.Background(), p.dir) // want `call of checkpoint passes a root context \(context.Background\) while p.ctx is in scope`
}

// A stopper holds a lifetime: a context derived from its parent, and its
// cancel.
type stopper struct {
	ctx    context.Context
	cancel context.CancelFunc
}

func newStopper(parent context.Context) *stopper {
	ctx, cancel := context.WithCancel(parent)
	return &stopper{ctx: ctx, cancel: cancel}
}

type Relay struct {
	stop *stopper
	conn *Conn
}

// NewRelay seeds the relay's lifetime with a root, through newStopper,
// and keeps it: the component's own, like c.ctx, c.cancel =
// context.WithCancel(context.Background()); its callers lose nothing.
func NewRelay() *Relay {
	r := &Relay{}
	r.stop = newStopper(context.Background())
	return r
}

// baseContext is the module's own root maker (a returns fact).
func baseContext() context.Context { return context.Background() }

// NewBaseRelay seeds the lifetime with the root baseContext makes: kept
// the same way, the component's own.
func NewBaseRelay() *Relay {
	r := &Relay{}
	r.stop = newStopper(baseContext())
	return r
}

// NewBaseDialedRelay dials with baseContext's root and keeps no lifetime:
// its callers' contexts are dropped, as NewDialedRelay's are.
func NewBaseDialedRelay(addr string) (*Relay, error) {
	r := &Relay{}
	var err error
	r.conn, err = dial(baseContext(), addr) // want `NewBaseDialedRelay makes its own root context \(baseContext\) but is called with a context in scope from StartRelays`
	return r, err
}

// NewDialedRelay keeps a conn dialed with a root: the conn holds no
// lifetime of its own, and its callers' contexts are dropped.
func NewDialedRelay(addr string) (*Relay, error) {
	r := &Relay{}
	var err error
	r.conn, err = dial(context.Background(), addr) // want `NewDialedRelay makes its own root context \(context.Background\) but is called with a context in scope from StartRelays`
	return r, err
}

func StartRelays(ctx context.Context, addr string) {
	NewRelay()
	NewDialedRelay(addr)
	NewBaseRelay()
	NewBaseDialedRelay(addr)
}

// A connection's read loop, started on a goroutine through a recover
// wrapper by the dial that has a context: the loop is the connection's,
// and the roots it makes for the requests the server starts are not the
// dialler's.
type Remote struct{ in chan string }

func withRecover(f func()) {
	defer func() { _ = recover() }()
	f()
}

func (c *Remote) process(cmd string) error { return checkpoint(context.Background(), cmd) }

func (c *Remote) readLoop() {
	for cmd := range c.in {
		c.process(cmd)
	}
}

func (c *Remote) Connect(ctx context.Context) error {
	go withRecover(func() {
		c.readLoop()
	})
	return ctx.Err()
}

// Its twin: one-shot work handed to the same wrapper is the caller's.
func (c *Remote) once() error { return checkpoint(context.Background(), "once") } // want `Remote.once makes its own root context \(context.Background\) but is called with a context in scope from a func literal in Remote.Notify`

func (c *Remote) Notify(ctx context.Context) error {
	go withRecover(func() {
		c.once()
	})
	return ctx.Err()
}

// A value kept in a package variable serves every session of the
// process: the context it is built on is the process's, so a root there
// drops nothing of the handler that happens to build it first.
var shared *Conn

type Handler struct{ conn *Conn }

func (h *Handler) Serve(ctx context.Context, addr string) error {
	var err error
	shared, err = dial(context.Background(), addr)
	if err != nil {
		return err
	}
	// Twin: a conn the handler keeps to itself is dialed on a root while
	// its context is in scope.
	local, err := dial(context.Background(), addr) // want `call of dial passes a root context \(context.Background\) while ctx is in scope`
	_ = local
	// Twin: nor does a field of the handler make the conn the process's.
	h.conn, err = dial(context.TODO(), addr) // want `call of dial passes a root context \(context.TODO\) while ctx is in scope`
	return err
}

type valueKey struct{}

// newTraced builds a conn whose dial reads context values.
func newTraced(ctx context.Context, addr string) *Conn {
	_ = ctx.Value(valueKey{})
	return &Conn{addr: addr}
}

var traced *Conn

// Nor does the process's value lose the caller's values: they must not go
// in a value every session uses.
func (h *Handler) Trace(ctx context.Context, addr string) {
	traced = newTraced(context.Background(), addr)
	// Twin: a conn of the handler's own gets a root while ctx is in scope.
	mine := newTraced(context.Background(), addr) // want `call of newTraced passes a root context \(context.Background\) while ctx is in scope`
	_ = mine
}
