// Package canceluse defines an Analyzer that reports contexts used for
// work after their cancellation fired.
//
// # Analyzer canceluse
//
// canceluse: report contexts used for work after their cancellation fired (opt-in)
//
// A context that has been cancelled cuts short whatever it is given: a
// call returns context.Canceled at once, a select on its Done channel takes
// that case. Work handed a context after its cancel ran is lost: a
// completion goroutine that calls the shared cancel() and then sends its
// done event with the same context loses the event (the send sees the
// cancellation), and end-of-run work (a final flush, a last status write)
// that uses the loop's own context after the loop saw it done never
// happens.
//
// Reported, in one function (a function literal is one of its own; test
// files are not analysed: a test cancels and then checks what the code
// does, on purpose):
//
//   - a call that hands ctx (or a context derived from it) to work after
//     cancel() ran on every path between: cancel is the func that
//     context.WithCancel (WithTimeout, WithDeadline, and their Cause forms)
//     returned with ctx in this function, or a field of a component filled
//     with a field for its context by one such call (s.ctx, s.cancel =
//     context.WithCancel(...); s.cancel() cancels s.ctx);
//   - after cancel(), a send in a select that also waits on ctx.Done(): the
//     select may take the Done case and the value is never sent;
//   - a call that hands ctx to work after the function saw it done: after
//     <-ctx.Done(), in a select clause case <-ctx.Done():, or inside if
//     ctx.Err() != nil { ... }. When ctx is a field of a component whose
//     cancel field is called elsewhere in the package (a Stop that cancels
//     the context the loop waits on), the finding shows that call;
//   - g, ctx := errgroup.WithContext(ctx), which puts the group's context in
//     place of the parent's: a call of the function itself (not of a task
//     of the group) that hands ctx to work before g.Wait() and returns the
//     call's error fails with context.Canceled when a task fails, and the
//     function returns that instead of the task's error. Only where a task
//     may have started: a g.Go (or g.TryGo) reaches the call, in this
//     iteration or a later one; not a call made before the first task, nor
//     one on the other branch of an if whose condition cannot change while
//     the function runs (if e.Parallel { g.Go(...) } else { run(ctx) } in a
//     loop: it calls and receives nothing, and nothing in the function
//     assigns what it names; a field a called function changes is not
//     seen).
//
// Not reported (accepted): uses that only observe the cancellation or read
// the context's values (ctx.Err(), ctx.Done(), ctx.Value, context.Cause,
// context.WithoutCancel(ctx), the other functions of package context,
// whose results are followed instead; log and log/slog calls, which write
// their line whatever the context; functions of other packages that
// return no error, which take a context for its values: a tracer's Start,
// a metric's Add, a logger of the context, also when held in a package
// variable of theirs (var G = GetLogger, called log.G(ctx)); functions of the package that
// only read or observe their context: Value, Err, Deadline, or such
// functions; not Done, on which blocking work waits);
// deferred calls, which are cleanup at the
// end of the function and are meant to be cut short with it; a use after
// ctx (or the cancel func) is assigned again; calls in function literals,
// which run when their caller decides.
//
// Limits: per function, on syntax and the control-flow graph (go/cfg): a
// cancel called through a helper, or a context handed to a helper that
// cancels it, is not followed; a component's pairing of cancel and context
// fields is learnt from an assignment of both from one call.
//
// canceluse is opt-in: it runs only when named (ctxbound -canceluse
// ./..., or in the golangci-lint plugin's checks), until its first-look
// precision on the corpus reaches the suite's bar. Its first look on the
// modules nobody here had read (docs/precision.md) found one true finding
// in eight (a Shutdown given the context whose Done case it is in); two
// were intended (a disconnect hook told that the caller cancelled), and
// the others work meant to be cut short or that reads no cancellation (a
// Close that must not wait on a dying connection, a literal that only
// logs and records the error in the context's values).
//
// # Examples
//
//	go func() {
//		err := run(ctx)
//		cancel()
//		s.emit(ctx, Done{Err: err}) // want: ctx is used after cancel() cancelled it: Sink.emit gets a cancelled context and its work is cut short; call it before the cancel, or give it the parent's context or context.WithoutCancel(ctx)
//	}()
//
//	for {
//		select {
//		case <-s.ctx.Done():
//			s.flush(s.ctx) // want: s.ctx is used after it is done: Svc.flush gets a cancelled context and its work is cut short at once; give end-of-run work the parent's context, or context.WithoutCancel(s.ctx)
//			return
//		case ev := <-s.events:
//			s.buf = append(s.buf, ev)
//		}
//	}
//
//	g, ctx := errgroup.WithContext(ctx)
//	g.Go(func() error { return produce(ctx) })
//	if err := waitReady(ctx); err != nil { // want: errgroup.WithContext put the group's context in place of ctx: ...
//		return err
//	}
//	return g.Wait()
//
// Right:
//
//	go func() {
//		err := run(ctx)
//		s.emit(context.WithoutCancel(ctx), Done{Err: err})
//		cancel()
//	}()
//
//	g, gctx := errgroup.WithContext(ctx)
//	g.Go(func() error { return produce(gctx) })
//
// # Directives
//
// //ctxbound:ignore canceluse -- <reason> on the use or the line above
// silences one finding (work that is meant to be cut short).
//
// # Options
//
// None.
package canceluse
