// Package use hands a parent's cancel to dep's constructors.
package use

import (
	"context"

	"crosspkg/dep"
)

type Orchestrator struct {
	cancel context.CancelFunc
	tok    *dep.Token
}

func (o *Orchestrator) Worker() *dep.Worker {
	return dep.NewWorker(o.cancel) // want `cancel func o\.cancel of another owner is stored in a field by dep\.NewWorker`
}

func (o *Orchestrator) Tokened(w *dep.Worker) *dep.Worker {
	return w.WithToken(o.tok) // want `cancel token o\.tok of another owner is stored in a field by dep\.Worker\.WithToken`
}

type Child struct{ tok *dep.Token }

func (o *Orchestrator) Child() Child {
	return Child{tok: o.tok} // want `cancel token o\.tok of another owner is stored in Child\.tok`
}

// Fine: dep.Call stores nothing.
func (o *Orchestrator) Stop() { dep.Call(o.cancel) }
