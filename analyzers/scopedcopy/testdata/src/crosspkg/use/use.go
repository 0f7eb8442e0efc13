// Package use copies dep's config into workers.
package use

import "crosspkg/dep"

type Worker struct{ cfg dep.Config }

func NewWorker(cfg dep.Config) *Worker { return &Worker{cfg: cfg} }

func Start(parent *dep.Config) *Worker {
	cfg := *parent
	return NewWorker(cfg) // want `cfg, a copy of Config, carries run-scoped field Recorder into worker constructor NewWorker`
}

func Reset(parent *dep.Config) *Worker {
	cfg := *parent
	cfg.Recorder = nil
	return NewWorker(cfg)
}
