// Package spawnctx defines an Analyzer that reports goroutines and other
// spawned work that drop the caller's context.
//
// # Analyzer spawnctx
//
// spawnctx: report goroutines and spawned work that drop the caller's context
//
// A spawn site is a go statement or a call that runs a func value on another
// goroutine: errgroup.Group.Go and TryGo, sync.WaitGroup.Go, sourcegraph/conc
// and ants pools, gammazero/workerpool, time.AfterFunc, a function annotated
// //ctxbound:spawner or configured with -config.spawners, any wrapper
// that runs one of its func parameters on another goroutine (inferred, also
// across packages: safeGo(f) is a spawner wherever it is imported), and any
// queue: a function that puts a func parameter on a channel or slice (a
// struct field or package variable; bare, in a func literal, or in a task
// struct) that a worker goroutine started in the same package takes off
// and calls, as in the executor whose submit puts a tool call on a work
// queue (inferred too, named "queue <F>" in messages). A queue whose task
// carries the submitter's ctx to the func, by a literal that calls it with
// ctx or by a worker that passes the task's ctx (or one derived from it),
// hands the caller's context on and is accepted like runctx.
//
// go x.M() (and g.Go(x.M)) on a local variable of interface type checks
// the concrete method when every assignment to x in the function gives it
// the same concrete type (a composite literal, a constructor that returns
// that type); a parameter, a variable whose address is taken, or one given
// an interface value or two types stays unresolved.
//
// At a spawn site in a function that has the caller's context in scope (a
// context parameter of a type that implements context.Context, decided by
// the type checker (a defined interface over it and a constrained type
// parameter included, a look-alike with methods of those names not), an
// *http.Request parameter's r.Context() or x.Context() of another parameter
// whose type has that method (a gRPC server stream) or hands out its
// request (echo.Context), a context field of the receiver,
// or any of these captured by a closure; not an unnamed _ parameter, which
// a framework may pass only for the call), spawnctx reports, each at its
// own position with its own fix, every place where the spawned work
//
//   - passes a root context (context.Background or context.TODO, directly,
//     through a variable last assigned one, or the result of a helper that
//     returns one) to a function that takes a context;
//   - is started with a root context: go f(context.Background()), or go
//     work(task{ctx: context.Background()}) (a root carried in a field);
//   - calls a function of another package of the module with no context
//     parameter that makes its own root context, directly or through one
//     such helper, so the caller's context cannot reach it (a helper of
//     this package is reported once, at its root, by ctxdrop);
//   - runs on a fresh root that rightly outlives the caller (a component's
//     lifetime context, a shutdown context made once ctx is done) but calls
//     a function that reads context values (ctx.Value, or a trace span, a
//     logger, an identity looked up in the context, across packages): the
//     caller's values are lost ("goroutine loses the caller's values");
//   - reads an identity key (AGENT_SESSION_KEY, SESSION_ID, ...) from the
//     process environment, directly or through a helper: the environment is
//     one per process and holds whichever session wrote it last. The
//     envidentity finding for the read is given as a related position.
//
// Shared work is checked too: the func of singleflight.Group.Do or DoChan
// (or of a wrapper of them, inferred across packages: a Sharer fact) runs
// once for every caller of the same key, so work there that uses the
// calling request's context binds them all to that one caller's
// cancellation ("work shared by singleflight.Group.Do runs with the
// calling request's context ctx"); the fix detaches it with
// context.WithoutCancel(ctx), and the work should have a timeout of its
// own. A function of the package that uses the context it is handed only
// to look values up in it (a configuration, a logger: ctx.Value, or
// helpers that do no more), or not at all, cannot be failed by the
// caller's cancellation: handing it the caller's context there is silent.
// So is work shared through a group held in a local variable that never
// leaves its function (used only as the receiver of Do, DoChan, Forget):
// every caller of a key is that one invocation's own work (a loop that
// never runs two pings at once), not another request.
//
// Nested spawned work is reported once, at its own site: go f(root) inside
// a goroutine is the inner go statement's finding, not also a call of the
// outer work.
//
// Where each context value comes from is followed in program order (see
// passes/ctxscope): ctx = context.Background() changes only the later uses,
// a shadowing ctx, cancel := context.WithCancel(context.Background()) is a
// root, and re-deriving a value in place keeps its provenance. The check is
// about the context actually passed, not whether the name ctx appears in
// the closure. A goroutine that does no context work is silent. The
// context parameter of an unexported function that every call in the
// package hands a root or a lifetime context is no caller's context, and a
// command-line action whose package runs its commands without a context
// (cobra's Execute, urfave/cli's Run) is a root function (see ctxdrop).
//
// spawnctx also reports a group context that is discarded,
// g, _ := errgroup.WithContext(ctx): it is the only context that a failing
// task cancels, so the other tasks run on to completion. It is silent when
// no task can fail (every task a func literal of this function that returns
// only nil, the group used only to call its methods), and when the
// function goes on with the parent's context after Wait (outside the
// tasks): that discard is the fix of g, ctx := errgroup.WithContext(ctx),
// whose group context, cancelled when Wait returns, shadowed the parent's.
// Two fixes: a plain
// errgroup.Group, g := new(errgroup.Group), listed first because it keeps
// the behaviour (it is offered only where dropping the context argument
// leaves no variable or import unused); and binding the context,
// g, gctx := errgroup.WithContext(ctx) with gctx in place of ctx in the task
// literals (offered only for a := or var declaration of a group assigned
// once, when some task uses ctx and the name is free). Of the built-in
// table only errgroup returns the group's context: sourcegraph/conc's
// ContextPool hands it to each task as a parameter, and runctx.Group keeps
// its own.
//
// Why: the work runs for one session, one request, one run. Without the
// caller's context it loses that identity and its cancellation. In the
// incident behind this check, tool calls submitted to a worker pool without
// the caller's context fell back to a process-global session key, and a
// dangerous-command approval meant for chat session A was shown in session B
// while A waited forever.
//
// Accepted: the caller's ctx or anything derived from it inside the work;
// context.WithoutCancel(ctx), the way to outlive the caller and keep its
// values, a module's own detach helper that does the same (a Detaches
// fact: it returns WithoutCancel of its context, or a root seeded with its
// values), and a root seeded with the caller's values
// (context.WithValue(context.Background(), k, ctx.Value(k)), also through
// a type assertion or a field of a value read from ctx); the ctx of
// errgroup.WithContext(ctx); runctx.Go, runctx.Group.Go and
// runctx.Pool.Submit, which hand the caller's context to the work; a root
// made after the work observed ctx.Done() or ctx.Err() (graceful shutdown;
// a case <-ctx.Done(): exempts its own body, not its sibling cases; the
// channel may be held in a local, done := ctx.Done(), then <-done), in a
// deferred call, in a t.Cleanup (or a project's own TB interface's, one
// *testing.T implements) or context.AfterFunc callback or one the
// garbage collector runs (runtime.AddCleanup, runtime.SetFinalizer), or kept as
// a component's lifetime context (its cancel stored in a field, a map or
// slice of a field, through a pointer, in a closure stored or returned as a
// closer; the context itself stored in a field of the method's receiver,
// s.ctx = ctx, whoever keeps the cancel; a package-level context), or cancelled once the caller's ctx is
// done (context.AfterFunc(ctx, cancel) of its derivation, or a literal
// that waits on <-ctx.Done() and then cancels it), as long as the work
// reads no context values; a root with a deadline of its own, whose work reads no context
// values, where the only context in scope is the component's lifetime
// field (s.ctx: no caller's values): the component bounds that work on
// purpose, a deregistration or last flush after its stop cancelled s.ctx,
// which s.ctx would cut short (ctxdrop's rule too);
// pprof.SetGoroutineLabels(context.Background()); a root handed to
// a function that ignores its context parameter (func f(_
// context.Context)). A goroutine started inside a deferred call is checked
// like any other.
//
// Limits: func values held in variables, fields or interfaces are not
// resolved (beyond the known dynamic type above), so work started through
// them is not checked. A queue is a spawner only when its worker is started
// in its own package (a go statement or a spawner, reaching the drain
// through the package's calls); a slice counts only when it is popped in a
// loop (q = q[1:], or tasks := q; q = nil), not a list of callbacks ranged
// over and reset once. A func sent on a queue directly, not through a
// submitting function, is not a spawn site. A root made more
// than one helper below the called function is an implementation detail of
// that API, not a parameter its caller can add, and is not reported
// (within one package, two helpers: ctxdrop reports such a root, at the
// root). A
// helper that makes a root context inside the standard library or another
// module is not reported: there is no context to pass. A helper's own
// background loops (a per-connection serve loop, a reaper on a ticker),
// and a root with a deadline of its own whose work reads no context values,
// are the helper's, not its callers'; its one-shot goroutines are its work
// (ctxdrop reports a root there at the root, blamed on the callers). A
// background loop of another package started on a goroutine (go
// srv.Serve(lis), an accept loop: its MakesRoot fact says so) is its
// component's, and not reported either. A variable assigned in a closure, or through a pointer, is not followed.
// A fix passes the caller's context only where a value of its type fits,
// and context.WithoutCancel only in files of go1.21 or later.
//
// # Examples
//
// Wrong:
//
//	func (g *Gateway) Handle(ctx context.Context, call ToolCall) {
//		g.pool.Submit(func() {
//			g.approve(context.Background(), call) // want: func run by ants.Pool.Submit drops the caller's context
//		})
//	}
//
// Right:
//
//	func (g *Gateway) Handle(ctx context.Context, call ToolCall) {
//		g.pool.Submit(func() {
//			g.approve(ctx, call)
//		})
//	}
//
// Work that must outlive the request keeps its identity with
// context.WithoutCancel:
//
//	go audit.Record(context.WithoutCancel(ctx), event)
//
// Wrappers are spawners too:
//
//	func safeGo(f func()) { go func() { defer recoverPanic(); f() }() }
//
//	safeGo(func() { flush(context.TODO()) }) // want: func run by wrapper safeGo drops the caller's context
//
// So are queues that a worker goroutine drains:
//
//	func (e *Executor) worker()            { for call := range e.work { call() } }
//	func (e *Executor) submit(call func()) { e.work <- call }
//
//	e.submit(func() { approve(context.Background(), cmd) }) // want: func run by queue Executor.submit drops the caller's context
//
// A discarded group context:
//
//	g, _ := errgroup.WithContext(ctx) // want: context of errgroup.WithContext is discarded
//	g.Go(func() error { return fetch(ctx, a) })
//
// Right, when a failure should cancel the other tasks:
//
//	g, gctx := errgroup.WithContext(ctx)
//	g.Go(func() error { return fetch(gctx, a) })
//
// # Directives
//
// //ctxbound:detach -- <reason> in the doc comment of the spawning function,
// of the spawned function, or on the line of the spawn site (or the line
// above) accepts the work as intentionally detached. //ctxbound:spawner on a
// function or interface method declares a spawner. //ctxbound:ignore
// spawnctx -- <reason> silences one finding.
//
// # Options
//
// -spawnctx.fix=auto|ctx|detach chooses the suggested fix listed first,
// which -fix applies. auto (the default): context.WithoutCancel(ctx) where
// the work means to outlive the caller (a root with a deadline of its own,
// a fresh root), which adds no cancellation the code did not have, and the
// caller's ctx elsewhere; ctx or detach put that fix first everywhere
// (where both are offered). Where the work loses values on a fresh root,
// only context.WithoutCancel(ctx) is offered. Spawners are configured with
// -config.spawners.
package spawnctx
