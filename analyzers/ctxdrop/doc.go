// Package ctxdrop defines an Analyzer that reports calls that drop the
// caller's context synchronously.
//
// # Analyzer ctxdrop
//
// ctxdrop: report calls that pass a root context while the caller has a context
//
// In a function that has the caller's context in scope (a context
// parameter, named or not, of a type that implements context.Context,
// decided by the type checker: context.Context, a defined interface over
// it, a type parameter constrained by it, a framework's request context,
// but not a type that merely has methods of those names, such as
// urfave/cli v2's *cli.Context, whose Value takes a string; r.Context() of
// an *http.Request parameter, or x.Context() of any
// parameter x whose type has that method, such as a gRPC server stream or
// a *tls.ClientHelloInfo, and c.Request().Context() of one that hands out
// its request, such as echo.Context (not the testing types, not a
// parameter of a function that returns its type, which builds or wraps
// it, not a long-lived handle, whose operations take a context of their
// own, a go-redis v8 client's Get(ctx, key), so that its Context() is the
// client's default; and not in a test helper, one with a testing parameter, whose other
// parameters are fixtures); a context field of the receiver; or any of these captured by a
// closure that the function runs), ctxdrop reports
//
//   - a call that passes a root context to a context parameter:
//     context.Background or context.TODO, directly, through a variable
//     last assigned one (in program order), or as returned by a helper
//     that returns one. Under an unnamed _ parameter the advice is to name
//     it and pass it. A context another call made from the root in the
//     statement that makes it (c, cancel :=
//     context.WithTimeout(context.Background(), d), or ctx, task :=
//     trace.NewTask(context.Background(), "t"), then trace.Log(ctx, ...))
//     is fixed at that call: the message names it and says to make it
//     from ctx, since passing ctx at the use would lose what it adds (a
//     deadline, a trace task). Roots made in one statement are one finding, and so
//     is one root used again in the literals of the function that makes
//     it: reported once, at its first use;
//   - a function of this package with no context parameter that makes its
//     own root context and is called from code that has one: once, at its
//     root, with every such call (and the helper chain) as related
//     positions, since the helper is where the fix goes (a method that
//     an exported interface of its package or of one it imports requires,
//     a Namer's NameOf, io.Closer's Close, cannot take a ctx parameter:
//     the message says to give it a variant that takes ctx; an unexported
//     interface of the package changes with it); a function that
//     reaches two roots (two helpers that each make one) is reported for
//     each. A root the helper makes only when one of its parameters is
//     its zero value (if name == "" { ... }, if opts == nil, an early
//     return on the opposite test) is blamed only on callers that can meet
//     that: they pass the zero value, or a value they have not tested; a
//     non-empty constant, &T{...} or a checked value cannot. A call of such a
//     helper of another package is reported once in the calling package,
//     at its first call from code with a context, with the other calls as
//     related positions (the fix is the helper's ctx parameter); a call of
//     a helper with a Context variant is reported at each call (call
//     SyncContext with ctx instead of Sync; in the helper's own package,
//     an exported function that wraps its unexported namesake with a
//     root, Close calling close(context.Background()), has the namesake:
//     call close with ctx instead of Close);
//   - a task struct that carries a root context in a context field
//     (task{ctx: context.Background()}, or t.ctx = ... field by field) and
//     leaves for other work: sent on a channel, queued in a slice or
//     stored in a map held by a long-lived owner. The worker that takes it
//     runs without the caller's context;
//   - a context handed back with the work it came with and thrown away:
//     _, req, ok := q.Read() (a queue's Read, a middleware's FromRequest),
//     when the work then uses a root context; also from a call that takes
//     a context to wait on and hands back another (a HandsBack fact:
//     _, req, ok := q.Read(context.Background()), where Read returns the
//     context the work was queued with). Kept (ctx, req, ok :=
//     q.Read()), it is the function's caller context from there on;
//   - work on a fresh root that rightly outlives the caller's cancellation
//     (a lifetime context made here, a shutdown context made once ctx is
//     done, a deferred cleanup) or the receiver's own lifetime context,
//     when the work reads context values (ctx.Value, directly or through
//     the functions it calls, across packages: a trace span, a logger, an
//     identity; through an interface method, when an implementation in
//     the module reads them, named in the message and as a related
//     position): the caller's values are lost. Fix with
//     context.WithoutCancel(ctx), or WithTimeout over it. A receiver's
//     field that only ever holds a context parameter of the function that
//     writes it (&store{ctx: ctx} in Manifests(ctx)) is no lifetime: it is
//     the context the receiver was made with, and the message says so
//     ("uses s.ctx, the context its receiver was made with").
//
// This is the synchronous form of spawnctx: the work does not cross a
// goroutine, but it still runs without the identity, deadline and
// cancellation of the operation that called it. In the incident behind
// these checks, work that lost its context fell back to process-global
// state and acted for another user's session.
//
// Not reported (each is correct code): a fresh context made after the
// function observed ctx.Done() or ctx.Err() (graceful shutdown; a case
// <-ctx.Done(): exempts its own body, not its sibling cases; the channel
// may be held in a local, done := ctx.Done(), then <-done) or called its
// own cancel (a release), not a cancel or Done of a context it derived
// from a root of its own (tctx, cancel :=
// context.WithTimeout(context.Background(), d); ...; cancel(): its own
// timer, after which the caller's context is as live as before), unless
// it goes on to use the context it has just cancelled (c, cancel :=
// context.WithCancel(context.Background()); cancel(); conn.Close(c): a
// hard close on purpose); a root made in a deferred call, a t.Cleanup
// callback (also through a project's own TB interface that *testing.T
// implements, tb.Cleanup), a context.AfterFunc callback, or a callback the garbage collector runs
// (runtime.AddCleanup, runtime.SetFinalizer); a component's lifetime context, its cancel
// kept by a long-lived owner (a field, a map or slice element of one, a
// write through a pointer, a closure stored or returned as a closer, a
// package-level context, or a value holding a cancel of its own built
// from it, s.stop = newStop(context.Background()); not a task value that carries its own cancel and
// is handed off for one piece of work, sent on a channel, queued or handed
// to a goroutine: its context is reported as a root the task carries); a
// root whose derivation is cancelled once the caller's ctx is done
// (wctx, cancel := context.WithCancel(context.Background()), then
// context.AfterFunc(ctx, cancel), or a function literal that waits on
// <-ctx.Done() and then calls cancel: a transport closed only after the
// pages on it, its cancellation following ctx's on purpose, a little
// later); all four only while the work reads no context values. Also pprof.SetGoroutineLabels(context.Background()), which resets
// labels; a context carried inside another value
// (http.NewRequestWithContext, then req.WithContext(ctx)); a root seeded
// with the caller's values; a root handed to a parameter the callee
// ignores (func f(_ context.Context), or one its body never mentions, of
// this package or, by an Ignores fact, of another); helpers that make a root context
// inside the standard library or another module, where there is no
// context to pass; main, init and tests, which have no caller context; a
// command-line action (cobra's cmd.Context(), urfave/cli's c.Context)
// whose package does not run its commands with a context it gives
// (ExecuteContext, ExecuteContextC, SetContext, RunContext): under Execute
// or Run the framework makes it with context.Background, and the action
// is a root function, like main; a literal the function returns or
// stores, or registers with a function that keeps it for later and does
// not run it (d.OnState(func(s State) {...}), whose callee appends it to
// its hooks: a Keeps fact, across packages that use contexts), that
// captures none of its context, which belongs to whoever runs it (one
// that captures the context and uses a root instead is checked against
// it; a literal handed to a function that may run it at once stays the
// caller's); a root a value kept in a package variable is built on
// (client = oauth2.NewClient(context.Background(), ts) in a handler: the
// value serves every session of the process: neither the caller's
// cancellation nor its values belong in it); spawned work, which spawnctx reports; a ctx-less
// background loop of this package started on a goroutine of its own (go
// p.redial(), or a func() handed to the function a go statement calls,
// go withRecover(func() { c.readLoop() }), whose body runs for { ... } until its component closes,
// ranges over a channel or a ticker, loops waiting on channels, or loops
// while its component's state says so (for atomic.LoadUint32(&c.state) !=
// closed, a condition that reads a field and no variable of the function
// body: a connection's reader), or
// runs such a loop: calls a function of this package that is one, or
// pprof.Do with a callback that does): the component's worker, which the
// starting call's context would cancel; a single-flight background job
// started on a goroutine (at most one runs, serving every caller: the job
// clears a flag when done, s.flushing = false or s.running.Store(false),
// that the starter tests or sets before go s.flush(); the flag a field or
// a package-level variable, the job a function or a literal: if
// !pending.CompareAndSwap(false, true) { return }; go func() {
// pending.Store(false); ... }(), a debounced broadcast), which no one
// caller owns. The callback of pprof.Do given a root
// (pprof.Do(context.Background(), labels, func(ctx context.Context) {
// ... })) has no caller's context: its parameter, named or not, is that
// root with labels. A root handed to pprof.Do whose callback ignores its
// context (unnamed, _ or unused: pebble's flush and compact) reaches
// nothing but the labels, and is no drop; the roots the callback's work
// makes are its function's, reported where they are made. The
// context parameter of an unexported function that every call in the
// package hands a root or a lifetime context (a sweeper started by its
// constructor) is not its caller's context: roots made there drop nothing.
// A context detached by a module's own helper (a Detaches fact: it returns
// context.WithoutCancel of its parameter, or a root seeded with its values)
// counts as context.WithoutCancel's, and so does a root seeded by hand with
// a value read from the caller's context, also through a type assertion
// (tc, ok := ctx.Value(k).(*T)). if ctx.Err() == nil { ... } guards live
// work: only its else branch runs once the context is done.
//
// A root handed to a context parameter that its function (of the package
// being checked) never uses drops nothing: no Done, Err, Value or
// Deadline, not stored or captured, and handed on only to such parameters
// (maxFile(ctx, dir) that lists a folder, a recover(ctx) whose helpers
// ignore it). Nor does one handed to a parameter used only where another
// parameter is zero (if conn == nil { conn, err = dial(ctx) }) by a call
// that cannot pass zero there: a non-zero constant, a value tested not
// zero, or a result whose error was found nil on the way (c, err :=
// dial(ctx); if err != nil { return }: by Go's convention a nil error
// comes with a valid conn). A function of a file built only for some
// systems (cpu_linux.go, a //go:build line) is taken to use its context:
// its variant for another system may. A receiver context field that this package
// only ever sets to context.Background() or context.TODO(), directly or
// through a local that holds nothing else (unexported, or of package main,
// which nobody imports; its address never taken), is no caller's context:
// passing it would pass the same root.
//
// Limits: variables assigned in a closure or through a pointer are not
// followed (their provenance is unknown); func values held in variables,
// fields or interfaces are not resolved; a root made more than one helper
// below the called function is an implementation detail of that API and is
// not reported (within one package, where the caller and every helper are
// the same code and one change threads the context through them, the
// bound is two helpers: Reconcile(ctx) calling reconcileExperiment, which
// reaches createTrials through reconcileTrials), nor are the background
// loops a helper starts (its one-shot goroutines, a hook run once, a
// cleanup, are its work and are reported like any): a goroutine whose
// body is a loop, or a func literal that a repeater runs over and over on
// a goroutine (a function that calls a func parameter in a loop until its
// component says so: wait.Until's f under a go statement, holster's
// WaitGroup.Until callback that waits on its channels, a helper a watcher
// calls on every event; a literal retried until it succeeds is one piece
// of work, reported) or a root with a deadline of its own whose work reads
// no context values (the helper bounds its own work). So is such a root
// in a method whose only context in scope is its component's lifetime
// field (a last flush that runs after Close cancelled it); with a caller's
// context in scope it is reported. Nor is a root handed to a log call (a
// function or method of log/slog that takes a context, slog.Logger.Enabled
// and Log among them, a printf-style log call, or a function of the
// package that uses its context only that way), directly or through
// helpers whose every root is one, where the only context in scope is the
// component's lifetime: a context field of the receiver, or a context
// parameter the function keeps in one (p.ctx = ctx in Start(ctx)) or uses
// only to stop a background loop (<-ctx.Done()). A log call does not wait
// on cancellation, and the lifetime carries no session's values for the
// handler to read (nebula's if f.l.Enabled(context.Background(),
// slog.LevelDebug) guards). With a caller's context in scope, a parameter
// the function hands on, the same call is reported: the handler may read
// the session or the trace from it. A fix passes the
// caller's context only where a value of its type fits (a parameter or
// field it is assignable to, or a variable of the same type), and
// context.WithoutCancel only in files of go1.21 or later. The context-less variant of an API that delegates
// to its Context or WithContext variant (Query calling
// QueryContext(context.Background(), ...)), or an exported function that
// only delegates to its unexported namesake (DialUDP calling
// dialUDP(context.Background(), ...); nothing else in its body but the
// contexts made for the call and deferred calls), is not reported itself: it is
// documented to use a root context, and a new parameter would break the
// API. A caller of the module being checked that has a context and calls
// it is, at the call (call QueryContext with ctx instead; in the
// namesake's own package, call dialUDP with ctx instead); a function without a context that calls it makes no root
// of its own for its callers. A variant in another module (database/sql's
// DB.Query in your module) is not reported: the chain ends outside the
// code you can change, as for other helpers. A function that returns a
// context makes no root for its callers either: they get the context it
// returns. A helper whose roots only reach printf-style log calls (a name
// ending in f, a context, a format string and variadic arguments:
// Logger.Printf(context.Background(), ...), directly or through functions
// of its package that only log with their context) is reported in its own
// package, at the root, but not to callers in other packages: a
// constructor that logs a warning (redis.NewClient) is no reason to change
// its API. A printf-style call known to read the context's values (it
// stamps the line with a trace id), and a structured log call
// (slog.InfoContext, whose handler may read the session from the context),
// count as any other use.
//
// # Examples
//
// Wrong:
//
//	func (s *Store) Save(ctx context.Context, rec Record) error {
//		return s.db.Exec(context.Background(), insert, rec) // want: call of DB.Exec passes a root context
//	}
//
//	func (s *Store) Get(ctx context.Context, id string) (Record, error) {
//		s.refresh()
//		...
//	}
//
//	func (s *Store) refresh() {
//		s.db.Exec(context.Background(), reload) // want: Store.refresh makes its own root context (context.Background) but is called with a context in scope from Store.Get
//	}
//
//	func (s *Server) Stop(ctx context.Context) {
//		<-ctx.Done()
//		s.audit.Record(context.Background(), "stopped") // want: call of Audit.Record gets a fresh root context (context.Background, made once ctx is done or cancelled) while ctx is in scope, and Audit.Record reads context values
//	}
//
// Right:
//
//	func (s *Store) Save(ctx context.Context, rec Record) error {
//		return s.db.Exec(ctx, insert, rec)
//	}
//
//	func (s *Server) Run(ctx context.Context) error {
//		<-ctx.Done()
//		shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
//		defer cancel()
//		return s.srv.Shutdown(shutdownCtx) // fine: the caller's context is done, and Shutdown reads no values
//	}
//
//	func (s *Server) Stop(ctx context.Context) {
//		<-ctx.Done()
//		s.audit.Record(context.WithoutCancel(ctx), "stopped") // keeps the trace and session
//	}
//
// # Directives
//
// //ctxbound:detach -- <reason> in a function's doc comment, or on the line
// of the call (or the line above), accepts the root context as intended; on
// a ctx-less helper it silences the finding for every caller.
// //ctxbound:ignore ctxdrop -- <reason> silences one finding; on a call of
// another package's helper that is reported once for the package, it
// silences that call: the call is left out of the finding, and the next
// call, if any, carries it.
//
// # Options
//
// None.
package ctxdrop
