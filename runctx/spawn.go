package runctx

import (
	"context"
	"errors"
	"sync"
)

// Go runs f(ctx) on a new goroutine and returns at once. f receives the
// caller's context itself: its values (session, task, run), deadline and
// cancellation.
//
// It is the correct form of `go f()` in a function that has a context:
// spawnctx accepts runctx.Go as a spawner that carries ctx, and checks that
// f uses the ctx it is given (not context.Background, not the process
// environment). To let f outlive the caller, pass [Detach](ctx).
func Go(ctx context.Context, f func(ctx context.Context)) {
	go f(ctx)
}

// Detach returns a context that keeps ctx's values (identity, trace) but is
// never cancelled and has no deadline: context.WithoutCancel(ctx). Use it
// for work that must outlive its caller (an audit write after the request
// returns, a background process's completion event) and must still belong
// to the caller's session.
//
// spawnctx and ctxdrop accept it where a fresh context.Background would be
// reported: Background loses the identity, Detach keeps it.
func Detach(ctx context.Context) context.Context {
	return context.WithoutCancel(ctx)
}

// A Group runs tasks on goroutines with a context derived from its parent,
// like golang.org/x/sync/errgroup. The first task to fail cancels the
// group's context, so its siblings stop; the parent context is never
// cancelled by anything the group does. The zero Group is not usable: call
// [NewGroup].
//
// spawnctx accepts Group.Go as a spawner that carries ctx.
type Group struct {
	ctx    context.Context
	cancel context.CancelCauseFunc
	wg     sync.WaitGroup
	sem    chan struct{}

	errOnce sync.Once
	err     error
}

// NewGroup returns a Group whose tasks run with a context derived from ctx:
// cancelled when ctx is, when a task fails, or when Wait returns.
func NewGroup(ctx context.Context) *Group {
	gctx, cancel := context.WithCancelCause(ctx)
	return &Group{ctx: gctx, cancel: cancel}
}

// Context returns the context the group's tasks receive.
func (g *Group) Context() context.Context { return g.ctx }

// SetLimit limits the number of tasks running at once to n; a negative n
// removes the limit. Go blocks while the limit is reached. SetLimit must
// not be called while tasks are running; it panics if it is.
func (g *Group) SetLimit(n int) {
	if len(g.sem) != 0 {
		panic("runctx: Group.SetLimit called while tasks are running")
	}
	if n < 0 {
		g.sem = nil
		return
	}
	g.sem = make(chan struct{}, n)
}

// Go runs f on a new goroutine with the group's context, waiting first for
// a free slot if a limit is set. If f returns a non-nil error, the first
// such error cancels the group's context (never its parent's) and is
// returned by Wait.
func (g *Group) Go(f func(ctx context.Context) error) {
	if g.sem != nil {
		g.sem <- struct{}{}
	}
	g.wg.Add(1)
	go func() {
		defer g.done()
		if err := f(g.ctx); err != nil {
			g.errOnce.Do(func() {
				g.err = err
				g.cancel(err)
			})
		}
	}()
}

func (g *Group) done() {
	if g.sem != nil {
		<-g.sem
	}
	g.wg.Done()
}

// Wait blocks until every task has returned, cancels the group's context
// and returns the first error a task returned, if any.
func (g *Group) Wait() error {
	g.wg.Wait()
	g.cancel(g.err)
	return g.err
}

// ErrClosed is returned by [Pool.Submit] after [Pool.Close].
var ErrClosed = errors.New("runctx: pool closed")

// A Pool runs submitted tasks on a fixed number of worker goroutines. Each
// task runs with the context its submitter passed to Submit: a worker has no
// identity of its own, so a task never sees another task's session, and
// never falls back to the process's.
//
// This is the correct form of the seed-000 and seed-001 executors, which
// took a bare func() and ran it on a worker thread that had no session, so
// that the tool fell back to the process environment and its approval went
// to another session. spawnctx accepts Pool.Submit as a spawner that
// carries ctx.
type Pool struct {
	tasks chan task
	quit  chan struct{} // closed by Close: blocked Submits give up
	wg    sync.WaitGroup

	mu        sync.Mutex
	closed    bool
	submits   sync.WaitGroup // Submits between their closed check and their return
	closeOnce sync.Once
}

type task struct {
	ctx context.Context
	f   func(ctx context.Context)
}

// NewPool starts a Pool of size workers (at least 1) with a queue of size
// tasks.
func NewPool(size int) *Pool {
	size = max(size, 1)
	p := &Pool{tasks: make(chan task, size), quit: make(chan struct{})}
	for range size {
		p.wg.Go(p.work)
	}
	return p
}

func (p *Pool) work() {
	for t := range p.tasks {
		t.f(t.ctx)
	}
}

// Submit queues f to run as f(ctx) on one of the pool's workers. It blocks
// while the queue is full. It returns ctx's error, without running f, if ctx
// is done before f is queued, and ErrClosed once Close has begun. A queued
// task runs even if ctx is cancelled meanwhile: f sees that through ctx.
func (p *Pool) Submit(ctx context.Context, f func(ctx context.Context)) error {
	if f == nil {
		panic("runctx: Pool.Submit of a nil func")
	}
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return ErrClosed
	}
	p.submits.Add(1)
	p.mu.Unlock()
	defer p.submits.Done()

	if err := ctx.Err(); err != nil {
		return err
	}
	select {
	case p.tasks <- task{ctx: ctx, f: f}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-p.quit:
		return ErrClosed
	}
}

// Close stops accepting tasks (a Submit blocked on a full queue returns
// ErrClosed), waits for every queued and running task to finish, and stops
// the workers. It is safe to call more than once and from several
// goroutines, but not from one of the pool's own tasks.
func (p *Pool) Close() {
	p.mu.Lock()
	if !p.closed {
		p.closed = true
		close(p.quit)
	}
	p.mu.Unlock()
	p.submits.Wait()
	p.closeOnce.Do(func() { close(p.tasks) })
	p.wg.Wait()
}
