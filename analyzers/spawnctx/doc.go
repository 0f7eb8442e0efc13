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
// //ctxbound:spawner or configured with -config.spawners, and any wrapper
// that runs one of its func parameters on another goroutine (inferred, also
// across packages: safeGo(f) is a spawner wherever it is imported).
//
// At a spawn site in a function that has the caller's context in scope (a
// context.Context parameter, r.Context() of an *http.Request parameter, a
// context field of the receiver, or any of these captured by a closure),
// spawnctx reports the spawned work when it
//
//   - passes a root context (context.Background or context.TODO, directly,
//     through a local or package variable, or the result of a helper that
//     returns one) to a function that takes a context;
//   - is started with a root context: go f(context.Background());
//   - calls a function of the module with no context parameter that makes
//     its own root context, directly or through one such helper, across
//     packages, so the caller's context cannot reach it;
//   - reads an identity key (AGENT_SESSION_KEY, SESSION_ID, ...) from the
//     process environment, directly or through a helper: the environment is
//     one per process and holds whichever session wrote it last. The
//     envidentity finding for the read is given as a related position.
//
// The check is about the context actually passed, not whether the name ctx
// appears in the closure. A goroutine that does no context work is silent.
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
// values; the ctx of errgroup.WithContext(ctx); runctx.Go, runctx.Group.Go
// and runctx.Pool.Submit, which hand the caller's context to the work; a
// root made after the work observed ctx.Done() or ctx.Err() (graceful
// shutdown), in a deferred call, or in a context.AfterFunc callback; a root
// kept as a component's lifetime context (stored in a field, cancelled by
// Close); pprof.SetGoroutineLabels(context.Background()).
//
// Limits: func values held in variables, fields or interfaces are not
// resolved, so work started through them is not checked. A root made more
// than one helper below the called function is an implementation detail of
// that API, not a parameter its caller can add, and is not reported. A helper that makes
// a root context inside the standard library or another module is not
// reported: there is no context to pass. The analysis is flow-insensitive:
// a variable is a root context when every value assigned to it is one.
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
// -spawnctx.fix=ctx|detach chooses the suggested fix listed first, which
// -fix applies: pass the caller's ctx (default), or
// context.WithoutCancel(ctx). Spawners are configured with -config.spawners.
package spawnctx
