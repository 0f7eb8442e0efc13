package use

import (
	"context"
	"sync/atomic"
)

// Run is one run's binding.
type Run struct {
	ID     string
	Cancel func()
}

// Gate is an approval gate bound to the current run through a slot.
type Gate struct {
	slot atomic.Pointer[Run]
}

// PreCall reads the slot twice in one operation (slotreread, seed 003).
func (g *Gate) PreCall() (string, func()) {
	run := g.slot.Load()
	return g.slot.Load().ID, run.Cancel
}

// Parent owns a cancel func.
type Parent struct {
	cancel context.CancelFunc
}

// Child is run by a Parent.
type Child struct {
	cancel context.CancelFunc
}

// NewChild hands the parent's cancel func to the child (cancelshare):
// cancelling the child cancels the parent.
func (p *Parent) NewChild() *Child {
	return &Child{cancel: p.cancel}
}

// Recorder records one run.
type Recorder struct{ events []string }

// Worker carries a run-scoped recorder.
type Worker struct {
	Name string
	//ctxbound:runscoped
	rec *Recorder
}

// Do does one unit of work.
func (w *Worker) Do(ctx context.Context) { _ = ctx }

// Fork copies the worker, recorder included, into another goroutine
// (scopedcopy).
func (w *Worker) Fork(ctx context.Context) {
	child := *w
	go child.Do(ctx)
}
