package a

import (
	"context"
	"sync"
	"sync/atomic"

	"dep"
)

type Run struct{ ID string }

type Binder struct {
	mu   sync.Mutex
	rw   sync.RWMutex
	run  *Run
	cur  atomic.Pointer[Run]
	val  atomic.Value
	n    atomic.Int64
	next *Run
}

func (b *Binder) Current() *Run { // want Current:"slot accessor of mutex field run$"
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.run
}

func (b *Binder) ViaLocal() *Run { // want ViaLocal:"slot accessor of mutex field run$"
	b.rw.RLock()
	r := b.run
	b.rw.RUnlock()
	return r
}

func (b *Binder) Atomic() *Run { return b.cur.Load() } // want Atomic:"slot accessor of atomic field cur"

func (b *Binder) Value() *Run { return b.val.Load().(*Run) } // want Value:"slot accessor of atomic field val"

func (b *Binder) Counter() int64 { return b.n.Load() } // want Counter:"slot accessor of numeric field n"

// A path of fields, and the function form of an atomic load.
type Thread struct {
	shared struct{ ID uint32 }
	Inner
}

type Inner struct{ run atomic.Pointer[Run] }

func (t *Thread) threadID() uint32 { return atomic.LoadUint32(&t.shared.ID) } // want threadID:"slot accessor of numeric field shared.ID"

// A promoted field is named by its full path, as the read of it is.
func (t *Thread) Run() *Run { return t.run.Load() } // want Run:"slot accessor of atomic field Inner.run"

// Not accessors.
func (b *Binder) Unlocked() *Run   { return b.run }
func (b *Binder) Param(i int) *Run { return b.cur.Load() }
func (t *Thread) Swap() uint32     { return atomic.SwapUint32(&t.shared.ID, 0) }
func (b *Binder) Mixed(x bool) *Run {
	b.mu.Lock()
	defer b.mu.Unlock()
	if x {
		return b.next
	}
	return b.run
}
func (b *Binder) Computed() *Run {
	b.mu.Lock()
	defer b.mu.Unlock()
	return &Run{ID: b.run.ID}
}
func (b *Binder) Reassigned() *Run {
	b.mu.Lock()
	defer b.mu.Unlock()
	r := b.run
	r = b.next
	return r
}
func Plain() *Run { return nil }

// StoresCancel.
type Child struct {
	cancel context.CancelFunc
	cause  context.CancelCauseFunc
	tok    *Token
	name   string
}

//ctxbound:canceltoken
type Token struct{ stop func() }

func NewChild(name string, cancel context.CancelFunc) *Child { // want NewChild:"stores cancel params 1 into a field"
	return &Child{name: name, cancel: cancel}
}

func (c *Child) SetCause(x int, f context.CancelCauseFunc) { // want SetCause:"stores cancel params 1 into a field"
	c.cause = f
}

func WithToken(t *Token, cancel context.CancelFunc) Child { // want WithToken:"stores cancel params 0 into a field"
	return Child{tok: t, cancel: forward(cancel)}
}

// Forwards to a constructor declared later in the package.
func Early(cancel context.CancelFunc) *Child { return Late(cancel) } // want Early:"stores cancel params 0 into a field"

func Late(cancel context.CancelFunc) *Child { return &Child{cancel: cancel} } // want Late:"stores cancel params 0 into a field"

// Forwards to a constructor of another package.
func Remote(cancel context.CancelFunc) *dep.Run { return dep.NewRun(cancel) } // want Remote:"stores cancel params 0 into a field"

// Not stored: called, returned, passed to a goroutine, a non-cancel param.
func Calls(cancel context.CancelFunc)                      { cancel() }
func Returns(cancel context.CancelFunc) context.CancelFunc { return cancel }
func Goroutine(cancel context.CancelFunc)                  { go func() { cancel() }() }
func Name(name string) *Child                              { return &Child{name: name} }

func forward(c context.CancelFunc) context.CancelFunc { return c }

// A guarded field that is state, not a binding: no accessor.
type State struct {
	mu     sync.Mutex
	err    error
	failed bool
}

func (s *State) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

func (s *State) Failed() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.failed
}

// SelfBound: funcs bound to the value itself.
type Conn struct { // want Conn:"self-bound fields handler \\(serve\\), hooks.process \\(Process\\), onClose \\(a closure\\)"
	hooks   hooks
	onClose func()
	handler func(int)
	other   func(int)
}

type hooks struct{ process func(int) }

func (c *Conn) Process(int) {}
func (c *Conn) serve(int)   {}
func (c *Conn) cleanup()    {}

func NewConn(peer *Conn) *Conn {
	c := &Conn{}
	c.hooks = hooks{process: c.Process}
	c.onClose = func() { c.cleanup() }
	c.other = peer.Process // another value's method: not self-bound
	return c
}

func (c *Conn) init() { c.handler = handlerFunc(c.serve) }

type handlerFunc func(int)

// Not self-bound: a func of another value, or one assigned to a value
// the function neither allocates nor receives.
type Wired struct{ f func() }

func Wire(p *Wired, c *Conn) { p.f = c.cleanup }

// InPlace: exported reference fields of a struct with a mutex, changed in
// place outside construction.
type Table struct {
	mu    sync.Mutex
	Rows  map[string]int // want Rows:"changed in place"
	Cols  []string       // want Cols:"changed in place"
	Opt   *Opt           // want Opt:"changed in place: Limit"
	Acc   *Locked
	Fresh map[string]int
	Grown []string
	rows  map[string]int
}

type Opt struct{ Limit, Name int }

type Locked struct {
	mu sync.Mutex
	N  int
}

func NewTable() *Table {
	t := &Table{Fresh: map[string]int{}}
	t.Fresh["a"] = 1 // construction
	return t
}

func (t *Table) Set(k string, i int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.Rows[k] = i
	t.rows[k] = i // unexported: no fact
	t.Cols = append(t.Cols[:i], t.Cols[i+1:]...)
	t.Opt.Limit = i
	t.Acc.N = i // a value with its own lock
	t.Grown = append(t.Grown, k)
}

// Atomic types by behaviour: a project's own wrappers.

// atomicBool is an int32 handled by sync/atomic through a pointer
// conversion of the receiver.
type atomicBool int32

func (b *atomicBool) isSet() bool { return atomic.LoadInt32((*int32)(b)) != 0 } // want isSet:"atomic Load of Bool"

func (b *atomicBool) setTrue() { atomic.StoreInt32((*int32)(b), 1) } // want setTrue:"atomic Store of Bool \\(a constant\\)"

// state wraps an atomic.Int32.
type state struct{ v atomic.Int32 }

func (s *state) get() int32 { return s.v.Load() } // want get:"atomic Load of Int32"

func (s *state) set(n int32) { s.v.Store(n) } // want set:"atomic Store of Int32"

// Not atomic types: two locations; a load alone (an accessor); a method
// with two operations.

type twoFields struct{ a, b atomic.Int64 }

func (p *twoFields) Load() int64 { return p.a.Load() } // want Load:"slot accessor of numeric field a"

func (p *twoFields) Store(v int64) { p.a.Store(v) }

type flag struct{ done atomic.Bool }

func (f *flag) Done() bool { return f.done.Load() }

type twice struct{ n atomic.Int64 }

func (c *twice) get() int64 { return c.n.Load() } // want get:"slot accessor of numeric field n"

func (c *twice) bump() { c.n.Add(1); c.n.Add(1) }

// Binder's run is rebound: its accessors' facts do not say once.
func (b *Binder) Bind(r *Run) {
	b.mu.Lock()
	b.run = r
	b.mu.Unlock()
}

// A field bound only while it is nil, under the mutex: the fact says it is
// bound once.
type Lazy struct {
	mu  sync.Mutex
	run *Run
}

func (l *Lazy) Current() *Run { // want Current:"slot accessor of mutex field run, bound once$"
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.run == nil {
		l.run = &Run{}
	}
	return l.run
}

