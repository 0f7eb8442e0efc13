// Package ctxdrop defines an Analyzer that reports calls that drop the
// caller's context synchronously.
//
// # Analyzer ctxdrop
//
// ctxdrop: report calls that pass a root context while the caller has a context
//
// In a function that has the caller's context in scope (a context.Context
// parameter, r.Context() of an *http.Request parameter, a context field of
// the receiver, or any of these captured by a closure), ctxdrop reports
//
//   - a call that passes a root context to a context parameter:
//     context.Background or context.TODO, directly, through a local or
//     package variable, or as returned by a helper that returns one;
//   - a call of a function of the module that has no context parameter and
//     makes its own root context (directly or through one such helper,
//     across packages): the caller's context cannot reach it, so the helper
//     needs a ctx parameter.
//
// This is the synchronous form of spawnctx: the work does not cross a
// goroutine, but it still runs without the identity, deadline and
// cancellation of the operation that called it. In the incident behind
// these checks, work that lost its context fell back to process-global
// state and acted for another user's session.
//
// Not reported (each is correct code): a fresh context made after the
// function observed ctx.Done() or ctx.Err() (graceful shutdown) or called its
// own cancel (a release); a root made in a deferred call or a
// context.AfterFunc callback; a component's own lifetime context, made in a
// constructor or Start and stored in a field to be cancelled by Close;
// pprof.SetGoroutineLabels(context.Background()), which resets labels; a
// context carried inside another value (http.NewRequestWithContext, then
// req.WithContext(ctx)); helpers that make a root context inside the
// standard library or another module, where there is no context to pass;
// main, init and tests, which have no caller context; spawned work, which
// spawnctx reports.
//
// Limits: the analysis is flow-insensitive (a variable is a root context when
// every value assigned to it is one); func values held in variables, fields
// or interfaces are not resolved; a root made more than one helper below the
// called function is an implementation detail of that API and is not
// reported. The context-less variant of an API that delegates to its
// Context variant (Query calling QueryContext(context.Background(), ...)) is
// not reported either: it is documented to use a root context.
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
//		s.refresh() // want: call of Store.refresh drops the caller's context
//		...
//	}
//
//	func (s *Store) refresh() {
//		s.db.Exec(context.Background(), reload)
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
//		return s.srv.Shutdown(shutdownCtx) // fine: the caller's context is done
//	}
//
// # Directives
//
// //ctxbound:detach -- <reason> in a function's doc comment, or on the line
// of the call (or the line above), accepts the root context as intended.
// //ctxbound:ignore ctxdrop -- <reason> silences one finding.
//
// # Options
//
// None.
package ctxdrop
