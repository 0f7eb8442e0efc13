// Package queues checks the Spawner facts of queue-based spawners: a
// function that puts a func parameter on a queue that a worker goroutine of
// the package drains and calls.
package queues

import (
	"context"
	"sync"
	"time"

	"queues/dep"
)

// Executor is the seed-000 executor: submit puts a callable on a work
// queue, a worker goroutine takes it.
type Executor struct{ work chan func() }

func NewExecutor(n int) *Executor {
	e := &Executor{work: make(chan func(), n)}
	for range n {
		go e.worker()
	}
	return e
}

func (e *Executor) worker() {
	for f := range e.work {
		f()
	}
}

func (e *Executor) submit(f func()) { e.work <- f } // want submit:"spawner\\(0\\) queued"

// A wrapper of a queue spawner is a plain inferred spawner.
func later(e *Executor, f func()) { e.submit(f) } // want later:"spawner\\(1\\)"

// A select receive, the worker started through a chain of calls.
type Loop struct{ jobs chan func() }

func (l *Loop) Start() { go l.run() }

func (l *Loop) run() { l.loop() }

func (l *Loop) loop() {
	for {
		select {
		case f, ok := <-l.jobs:
			if !ok {
				return
			}
			f()
		case <-time.After(time.Second):
		}
	}
}

func (l *Loop) Post(f func()) { // want Post:"spawner\\(0\\) queued"
	select {
	case l.jobs <- f:
	default:
	}
}

// A task struct sent by pointer; the worker calls its func field.
type task struct {
	name string
	run  func()
	done func()
}

type Pool struct {
	tasks chan *task
	wg    sync.WaitGroup
}

func NewPool() *Pool {
	p := &Pool{tasks: make(chan *task)}
	p.wg.Go(p.worker) // a worker started by a spawner
	return p
}

func (p *Pool) worker() {
	for t := range p.tasks {
		t.run()
	}
}

// Only run is called by the worker: done is not spawned here.
func (p *Pool) Submit(name string, run, done func()) { // want Submit:"spawner\\(1\\) queued"
	p.tasks <- &task{name: name, run: run, done: done}
}

// Field by field.
func (p *Pool) SubmitLater(run func()) { // want SubmitLater:"spawner\\(0\\) queued"
	t := new(task)
	t.run = run
	p.tasks <- t
}

// A literal that calls the parameter.
func (p *Pool) SubmitSafe(run func()) { // want SubmitSafe:"spawner\\(0\\) queued"
	p.tasks <- &task{run: func() {
		defer func() { recover() }()
		run()
	}}
}

// The task carries the submitter's ctx and the worker hands it to the func:
// a carrying spawner.
type ctxTask struct {
	ctx context.Context
	fn  func(context.Context)
}

type CtxPool struct{ q chan ctxTask }

func (p *CtxPool) Start(n int) {
	for range n {
		go func() {
			for t := range p.q {
				t.fn(t.ctx)
			}
		}()
	}
}

func (p *CtxPool) Submit(ctx context.Context, fn func(context.Context)) { // want Submit:"spawner\\(1\\) queued carries ctx 0"
	p.q <- ctxTask{ctx: ctx, fn: fn}
}

// The worker re-derives from the task's ctx: still carried.
type DerivePool struct{ q chan ctxTask }

func (p *DerivePool) Start() { go p.loop() }

func (p *DerivePool) loop() {
	for t := range p.q {
		ctx, cancel := context.WithTimeout(t.ctx, time.Second)
		t.fn(ctx)
		cancel()
	}
}

func (p *DerivePool) Submit(ctx context.Context, fn func(context.Context)) { // want Submit:"spawner\\(1\\) queued carries ctx 0"
	p.q <- ctxTask{ctx, fn}
}

// The worker passes its own lifetime ctx, not the task's: not carried.
type OwnCtxPool struct {
	ctx context.Context
	q   chan ctxTask
}

func (p *OwnCtxPool) Start() {
	go func() {
		for t := range p.q {
			t.fn(p.ctx)
		}
	}()
}

func (p *OwnCtxPool) Submit(ctx context.Context, fn func(context.Context)) { // want Submit:"spawner\\(1\\) queued"
	p.q <- ctxTask{ctx: ctx, fn: fn}
}

// The task holds the ctx but the func takes none: the work cannot receive
// it, so it is not carried.
type holdTask struct {
	ctx context.Context
	fn  func()
}

type HoldPool struct{ q chan holdTask }

func (p *HoldPool) Start() {
	go func() {
		for t := range p.q {
			if t.ctx.Err() == nil {
				t.fn()
			}
		}
	}()
}

func (p *HoldPool) Submit(ctx context.Context, fn func()) { // want Submit:"spawner\\(1\\) queued"
	p.q <- holdTask{ctx: ctx, fn: fn}
}

// A method of the task calls its func with its ctx; the element is handed
// to a helper.
func (t *ctxTask) exec() { t.fn(t.ctx) }

type MethodPool struct{ q chan *ctxTask }

func (p *MethodPool) Start() { go p.loop() }

func (p *MethodPool) loop() {
	for t := range p.q {
		p.handle(t)
	}
}

func (p *MethodPool) handle(t *ctxTask) { t.exec() }

func (p *MethodPool) Submit(ctx context.Context, fn func(context.Context)) { // want Submit:"spawner\\(1\\) queued carries ctx 0"
	p.q <- &ctxTask{ctx: ctx, fn: fn}
}

// The literal passes the submitter's ctx itself.
type FuncPool struct{ q chan func() }

func (p *FuncPool) Start() {
	go func() {
		for f := range p.q {
			f()
		}
	}()
}

func (p *FuncPool) Go(ctx context.Context, fn func(context.Context)) { // want Go:"spawner\\(1\\) queued carries ctx 0"
	p.q <- func() { fn(ctx) }
}

// A slice popped under a mutex by a worker goroutine.
type SliceQueue struct {
	mu      sync.Mutex
	cond    *sync.Cond
	pending []func()
}

func (q *SliceQueue) Start() { go q.drain() }

func (q *SliceQueue) drain() {
	for {
		q.mu.Lock()
		for len(q.pending) == 0 {
			q.cond.Wait()
		}
		f := q.pending[0]
		q.pending = q.pending[1:]
		q.mu.Unlock()
		f()
	}
}

func (q *SliceQueue) Add(f func()) { // want Add:"spawner\\(0\\) queued"
	q.mu.Lock()
	q.pending = append(q.pending, f)
	q.mu.Unlock()
	q.cond.Signal()
}

// The swap pattern: take the whole slice, reset it, run the taken tasks.
type Batch struct {
	mu    sync.Mutex
	queue []func()
}

func (b *Batch) Start() {
	go func() {
		for range time.Tick(time.Second) {
			b.mu.Lock()
			tasks := b.queue
			b.queue = nil
			b.mu.Unlock()
			for _, t := range tasks {
				t()
			}
		}
	}()
}

func (b *Batch) Defer(f func()) { // want Defer:"spawner\\(0\\) queued"
	b.mu.Lock()
	b.queue = append(b.queue, f)
	b.mu.Unlock()
}

// The worker takes the channel as a parameter.
type ParamPool struct{ ch chan func() }

func (p *ParamPool) Start() { go consume(p.ch) }

func consume(ch <-chan func()) {
	for f := range ch {
		f()
	}
}

func (p *ParamPool) Do(f func()) { p.ch <- f } // want Do:"spawner\\(0\\) queued"

// A package-level queue and a named func type.
type Job func()

var jobs = make(chan Job, 16)

func init() {
	go func() {
		for j := range jobs {
			j()
		}
	}()
}

func Enqueue(f func()) { jobs <- Job(f) } // want Enqueue:"spawner\\(0\\) queued"

// The swap in a helper that a worker calls in a loop.
type Flusher struct {
	mu      sync.Mutex
	pending []func()
}

func (f *Flusher) Start() {
	go func() {
		for range time.Tick(time.Second) {
			f.flush()
		}
	}()
}

func (f *Flusher) flush() {
	f.mu.Lock()
	tasks := f.pending
	f.pending = nil
	f.mu.Unlock()
	for _, t := range tasks {
		t()
	}
}

func (f *Flusher) Later(fn func()) { // want Later:"spawner\\(0\\) queued"
	f.mu.Lock()
	f.pending = append(f.pending, fn)
	f.mu.Unlock()
}

// Through another package's queue spawner: a wrapper.
func viaDep(p *dep.Pool, f func()) { p.Submit(f) } // want viaDep:"spawner\\(1\\)"

// No fact below.

// Sent on another package's channel: its drainer is not this package's.
func toDep(p *dep.Pool, f func()) { p.Tasks <- f }

// A channel handed in by the caller: whoever drains it is unknown.
func send(ch chan<- func(), f func()) { ch <- f }

// Drained only synchronously, by whoever calls RunPending.
type Sync struct{ q chan func() }

func (s *Sync) Post(f func()) { s.q <- f }

func (s *Sync) RunPending() {
	for {
		select {
		case f := <-s.q:
			f()
		default:
			return
		}
	}
}

// Hooks: a slice iterated by a goroutine but never popped is a list of
// callbacks kept for later, not a queue.
type Hooks struct{ onStop []func() }

func (h *Hooks) OnStop(f func()) { h.onStop = append(h.onStop, f) }

func (h *Hooks) Start() {
	go func() {
		for _, f := range h.onStop {
			f()
		}
	}()
}

// Elements taken off the queue but never called.
type Store struct {
	in    chan func()
	saved []func()
}

func (s *Store) Start() {
	go func() {
		for f := range s.in {
			s.saved = append(s.saved, f)
		}
	}()
}

func (s *Store) Keep(f func()) { s.in <- f }

// Cleanups run once and reset, possibly by a goroutine that watches for
// cancellation (grpc's clientStream replay buffer): callbacks kept for the
// end, not a queue that a worker serves.
type op struct {
	run     func() error
	cleanup func()
}

type Stream struct {
	done   chan struct{}
	replay []op
}

func (s *Stream) Start() {
	go func() {
		<-s.done
		s.commit()
	}()
}

func (s *Stream) commit() {
	for _, o := range s.replay {
		if o.cleanup != nil {
			o.cleanup()
		}
	}
	s.replay = nil
}

func (s *Stream) buffer(run func() error, cleanup func()) {
	s.replay = append(s.replay, op{run: run, cleanup: cleanup})
}
