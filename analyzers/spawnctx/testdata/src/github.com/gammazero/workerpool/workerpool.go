// Package workerpool is a stub of github.com/gammazero/workerpool.
package workerpool

type WorkerPool struct{}

func New(n int) *WorkerPool                  { return &WorkerPool{} }
func (p *WorkerPool) Submit(task func())     { go task() }
func (p *WorkerPool) SubmitWait(task func()) { task() }
