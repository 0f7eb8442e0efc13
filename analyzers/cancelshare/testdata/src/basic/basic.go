// Package basic holds the shapes cancelshare reports. The first is seed
// 003's RunContext::child, which handed the child parent.cancel.clone()
// rather than a child token: cancelling a worker's run cancelled the whole
// orchestration.
package basic

import "context"

type RunContext struct {
	ID     string
	ctx    context.Context
	cancel context.CancelFunc
}

func (parent *RunContext) Child(id string) *RunContext {
	return &RunContext{ID: id, ctx: parent.ctx, cancel: parent.cancel} // want `cancel func parent\.cancel of another owner is stored in RunContext\.cancel: cancelling the child cancels the parent; derive the child's own with context\.WithCancel\(parent ctx\)`
}

// Positional literal.
func (parent *RunContext) Positional(id string) RunContext {
	return RunContext{id, parent.ctx, parent.cancel} // want `cancel func parent\.cancel of another owner is stored in RunContext\.cancel`
}

// A field assignment into another owner.
type Worker struct {
	name string
	stop context.CancelFunc
}

func Attach(w *Worker, run *RunContext) {
	w.stop = run.cancel // want `cancel func run\.cancel of another owner is stored in w\.stop`
}

// Through a local bound once to the parent's field.
func (parent *RunContext) ViaLocal() *Worker {
	stop := parent.cancel
	return &Worker{name: "w", stop: stop} // want `cancel func parent\.cancel of another owner is stored in Worker\.stop`
}

// A constructor argument that ends in a field (a fact about newWorker).
func newWorker(name string, stop context.CancelFunc) *Worker {
	return &Worker{name: name, stop: stop}
}

func (parent *RunContext) Spawn() *Worker {
	return newWorker("w", parent.cancel) // want `cancel func parent\.cancel of another owner is stored in a field by newWorker`
}

// A setter method that stores its argument.
func (w *Worker) SetStop(stop context.CancelFunc) { w.stop = stop }

func Rebind(w *Worker, parent *RunContext) {
	w.SetStop(parent.cancel) // want `cancel func parent\.cancel of another owner is stored in a field by Worker\.SetStop`
}

// CancelCauseFunc.
type Job struct {
	cancel context.CancelCauseFunc
}

func (j *Job) Sub() *Job {
	return &Job{cancel: j.cancel} // want `cancel func j\.cancel of another owner is stored in Job\.cancel: cancelling the child cancels the parent; derive the child's own with context\.WithCancelCause\(parent ctx\)`
}

// A type marked as a cancel token.
//
//ctxbound:canceltoken
type Token struct{ ch chan struct{} }

func (t *Token) Child() *Token { return &Token{ch: make(chan struct{})} }

type Task struct {
	tok *Token
}

func (t *Task) Clone() *Task {
	return &Task{tok: t.tok} // want `cancel token t\.tok of another owner is stored in Task\.tok: cancelling the child cancels the parent; derive a child token from the parent's`
}

// In a closure: still a store.
func (parent *RunContext) Later() func() *Worker {
	return func() *Worker { return &Worker{stop: parent.cancel} } // want `cancel func parent\.cancel of another owner is stored in Worker\.stop`
}

// A parameter that is the parent's, by its name.
func newChildRun(id string, parentCancel context.CancelFunc) *RunContext {
	return &RunContext{ID: id, cancel: parentCancel} // want `cancel func parentCancel of another owner is stored in RunContext\.cancel`
}

// Generic owners.
type Node[T any] struct {
	val    T
	cancel context.CancelFunc
}

func (n *Node[T]) Child(v T) *Node[T] {
	return &Node[T]{val: v, cancel: n.cancel} // want `cancel func n\.cancel of another owner is stored in Node\.cancel`
}

// A parent's cancel put into a parameters value is reported where it
// enters it; a parameters value that says it is the parent's, or a field
// that does, is a source itself.
type Params struct {
	Cancel       context.CancelFunc
	ParentCancel context.CancelFunc
}

func (parent *RunContext) Params() Params {
	return Params{Cancel: parent.cancel} // want `cancel func parent\.cancel of another owner is stored in Params\.Cancel`
}

func newFromParent(parent RunContext) *Worker {
	return &Worker{stop: parent.cancel} // want `cancel func parent\.cancel of another owner is stored in Worker\.stop`
}

func newFromParams(p Params) *Worker {
	return &Worker{stop: p.ParentCancel} // want `cancel func p\.ParentCancel of another owner is stored in Worker\.stop`
}

// A parameters value reached through a pointer lives elsewhere: its cancel
// stays there too.
func newFromShared(p *Params) *Worker {
	return &Worker{stop: p.Cancel} // want `cancel func p\.Cancel of another owner is stored in Worker\.stop`
}
