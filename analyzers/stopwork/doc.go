// Package stopwork defines an Analyzer that reports work a component starts
// on a root context that its stop method cannot end.
//
// # Analyzer stopwork
//
// stopwork: report work a component starts on a root context that its stop method cannot end (opt-in)
//
// A component is a struct type with a stop method: Stop, Shutdown, Close or
// Down, declared on it or promoted from an embedded field. These are the
// names Go gives the end of a value's lifetime (io.Closer's Close,
// http.Server's Shutdown, time.Timer's and grpc.Server's Stop, Down as the
// other half of a lifecycle's Up); the language has no other contract for
// it, so a type with none of them is not known to be ended, and its work is
// left to spawnctx and ctxdrop.
//
// Reported: a method of a component (not a stop method, not in a _test.go
// file) starts a goroutine, or hands work to a spawner (errgroup, a pool,
// an inferred wrapper), whose work runs on a root context and waits on it,
// while the component has no lifetime context. The work waits on a root
// when it
//
//   - passes context.Background or context.TODO (directly, through a
//     variable, or as the result of a helper that returns one) to a call
//     that takes a context and is no log line, or is started with one
//     (go s.handle(context.Background(), ev), or in a struct field);
//   - calls, or runs, a function of the package that does (go s.loop(),
//     loop calling s.flush, flush making the root), up to three calls deep;
//   - waits on the Done channel of a root context, or loops until its Err,
//     which never comes.
//
// The component has a lifetime context when it, or a struct it embeds, has
// a context field, or when its stop method calls a cancel func kept in it
// (a context.CancelFunc field, a map or slice of them, a func field the
// package assigns a cancel func to): the work can be run on that context,
// and when it is not, spawnctx and ctxdrop say so.
//
// Nothing ties such work to the component's lifetime: the component is
// stopped, and its goroutines go on calling out, retrying and writing on a
// context nobody can cancel, after the owner has moved on or the process
// has begun to shut down. In the field this was a type with a Stop method
// that started a goroutine per event on context.Background(); the fixes
// gave the component a ctx and cancel of its own (made in the constructor
// with context.WithCancel, cancelled by Stop) and ran the goroutines on it.
//
// Not reported, because the stop reaches the work in another way or the
// work does not wait:
//
//   - the stop method closes, sends on or receives from a channel the work
//     uses (a quit channel it selects on; an events channel its loop
//     ranges over; a done channel it closes for the stop to wait on);
//   - the stop method calls the stop method of a field the work uses (a
//     listener, a connection or a client it releases, a ticker it stops),
//     or the stop method is promoted from an embedded value the work uses;
//   - the stop method waits for the work (sync.WaitGroup.Wait, an
//     errgroup's Wait on a group the work belongs to), broadcasts a
//     sync.Cond, or sets a flag the work reads (an assignment to a field of
//     a basic type, a sync/atomic Store, Swap or CompareAndSwap; not
//     s.events = nil, which tidies up);
//   - the work's root has a deadline of its own
//     (context.WithTimeout(context.Background(), d)): it is bounded;
//   - the root only reaches log lines (printf-style loggers, log/slog);
//   - the root is made once a context was done, in a deferred call or
//     another place ctxscope takes a fresh root to be right;
//   - the spawning method has the caller's context in scope: spawnctx
//     reports that work, with the caller's context as the fix;
//   - tests, and generated files.
//
// The stop method is followed through the functions and methods of the
// package it calls (Close calling s.shutdown, s.pool.stopAll), and the
// work through those it calls; a field counts wherever it is used, so a
// component whose stop method reaches some field its work uses is taken
// to end that work. Outside the component's own methods only a close, a
// field's stop method and a cancel func count: a helper that both the
// stop and the work call (a logger, a metrics counter) writes its fields
// for reasons of its own.
//
// No fix is offered: the right edit is several (two fields, the
// constructor or Start that makes the context, the stop method that
// cancels it, each goroutine that uses it), and it adds a cancellation the
// code did not have.
//
// Limits: work started by a constructor function (not a method), and a
// component whose stop method calls a cancel func but keeps no context
// for its other goroutines to use, are not reported; a helper of another
// package that makes its own root is not followed (its fact does not say
// whether the root has a deadline); the stop method is not followed into
// the methods of other packages' types, beyond their own stop methods.
//
// stopwork is opt-in: it runs only when named (ctxbound -stopwork ./...,
// or in the golangci-lint plugin's checks), until its first-look
// precision on the corpus reaches the suite's bar.
//
// # Examples
//
//	type Notifier struct {
//		client *Client
//		quit   chan struct{}
//	}
//
//	func (n *Notifier) Notify(ev Event) {
//		go func() {
//			n.client.Send(context.Background(), ev) // want: goroutine runs on a root context that Notifier.Stop cannot cancel: it calls Client.Send with a root context (context.Background), and runs on after the stop; give Notifier a lifetime context (a ctx and cancel kept in it, cancelled by Stop) and run the goroutine on it
//		}()
//	}
//
//	func (n *Notifier) Stop() { close(n.quit) }
//
// Right:
//
//	type Notifier struct {
//		client *Client
//		ctx    context.Context
//		cancel context.CancelFunc
//	}
//
//	func NewNotifier(c *Client) *Notifier {
//		ctx, cancel := context.WithCancel(context.Background())
//		return &Notifier{client: c, ctx: ctx, cancel: cancel}
//	}
//
//	func (n *Notifier) Notify(ev Event) {
//		go func() { n.client.Send(n.ctx, ev) }()
//	}
//
//	func (n *Notifier) Stop() { n.cancel() }
//
// # Directives
//
// //ctxbound:ignore stopwork -- <reason> on the go statement or spawner
// call (or on the line of the reported call in the work, or the line
// above either) silences one finding.
//
// # Options
//
// None. The check is off unless named: ctxbound -stopwork, go vet
// -vettool=... -stopwork, or stopwork in the golangci-lint plugin's
// checks.
package stopwork
