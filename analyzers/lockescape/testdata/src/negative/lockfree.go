package negative

import "sync"

// An engine whose connection table is written by its pollers lock-free
// (by file descriptor), and whose mutex guards only the other map: Stop
// reads the table in the same critical section, incidentally; no writer
// of the table takes the lock, so a copy under it would race the same
// (nbio's Engine.Stop: kinds-11's first look).
type Engine struct {
	mux       sync.Mutex
	connsStd  map[int]bool
	connsUnix []*int
}

func (g *Engine) addConn(fd int, c *int) { g.connsUnix[fd] = c }

func (g *Engine) deleteConn(fd int) { g.connsUnix[fd] = nil }

func (g *Engine) Stop() int {
	g.mux.Lock()
	conns := g.connsStd
	g.connsStd = map[int]bool{}
	connsUnix := g.connsUnix
	g.mux.Unlock()
	n := len(conns)
	for _, c := range connsUnix {
		if c != nil {
			n++
		}
	}
	return n
}
