// Package dep declares a pool whose worker goroutines drain an exported
// channel: a queue spawner, known to importers through its fact.
package dep

// Pool runs submitted funcs on its workers.
type Pool struct {
	Tasks chan func()
}

// NewPool starts n workers.
func NewPool(n int) *Pool {
	p := &Pool{Tasks: make(chan func())}
	for range n {
		go p.work()
	}
	return p
}

func (p *Pool) work() {
	for f := range p.Tasks {
		f()
	}
}

// Submit queues f for a worker.
func (p *Pool) Submit(f func()) { p.Tasks <- f } // want Submit:"spawner\\(0\\) queued"
