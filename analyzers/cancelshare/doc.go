// Package cancelshare defines an Analyzer that reports a cancel func taken
// from one owner and stored into another.
//
// # Analyzer cancelshare
//
// cancelshare: report a cancel func copied from one owner into another
//
// A cancel func cancels the context it was derived with, whoever calls it.
// Stored in a second owner, it makes that owner able to cancel the first:
// in seed 003 a worker's run was given its parent's cancel token rather
// than a child token, so cancelling one worker cancelled the whole
// orchestration, sibling workers and the client's stream included.
//
// Reported: a context.CancelFunc, a context.CancelCauseFunc, or a value of a
// type marked //ctxbound:canceltoken (or a pointer to one), taken from
// another owner (a field of another value: parent.cancel, or a local bound
// once to it; or a parameter whose name says it is the parent's:
// parentCancel) and stored into a new owner:
//
//   - as an element of a struct literal: &Run{cancel: parent.cancel};
//   - by an assignment to a field of another value: w.stop = run.cancel;
//   - as the argument of a function or method that stores that parameter
//     into a field, directly or through another such function (a fact, so
//     it works for constructors declared in other packages):
//     newWorker(parent.cancel).
//
// Not reported: storing one's own freshly derived cancel (ctx, cancel :=
// context.WithCancel(parent.ctx); &Run{cancel: cancel}); passing a cancel
// func to a goroutine, a closure or a function that calls it, so that it can
// stop the group (the errgroup pattern); returning it; a hand-over, where
// the function clears the source field (to.stop = from.cancel; from.cancel =
// nil); an owner rebuilt in place (*c = Conn{cancel: c.cancel}) or given a
// cancel func held by one of its own parts (c.cancel = c.opts.cancel); plain
// func fields and method values; a field of a parameters value, a struct
// parameter passed by value (params.Cancel, opts.inner.Stop): it is the
// caller's arguments, copied for the call, and owns nothing; the cancel
// func in it is handed on to the component being built, which owns the
// cancellation from then on (temporal's worker parameters give the
// activity worker its background context's cancel, which the worker calls
// on Stop). A parent's cancel put into such a value is reported where it
// is put there (Params{Cancel: parent.cancel}); a parameters value or a
// field whose name says it is the parent's (parent.cancel,
// params.ParentCancel) is a source as well.
//
// Limits: a constructor's own cancel parameter, or a field of a parameters
// value, is not a source unless its name says it is the parent's (the
// caller is checked where it passes one, or builds the value); a
// parameters value passed by pointer is an owner like any other value; a
// cancel func that reaches the new owner through a call (forward(p.cancel))
// or through a local assigned more than once is not followed.
//
// # Examples
//
//	func (parent *RunContext) Child(id string) *RunContext {
//		return &RunContext{ID: id, ctx: parent.ctx, cancel: parent.cancel} // want: cancel func parent.cancel of another owner is stored in RunContext.cancel: cancelling the child cancels the parent; derive the child's own with context.WithCancel(parent ctx)
//	}
//
// Right:
//
//	func (parent *RunContext) Child(id string) *RunContext {
//		ctx, cancel := context.WithCancel(parent.ctx)
//		return &RunContext{ID: id, ctx: ctx, cancel: cancel}
//	}
//
// # Directives
//
// //ctxbound:canceltoken on a type declaration makes its values cancel
// tokens, in every package that imports it. //ctxbound:ignore cancelshare
// -- <reason> on the store or the line above silences one finding.
//
// # Options
//
// None.
package cancelshare
