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

// A connection's close holds the connection's own mutex when it reaches
// deleteConn: another struct's lock, not the engine's; the table still
// has no writer that holds the engine's (nbio's closeWithErrorWithoutLock).
type Conn struct {
	mux sync.Mutex
	fd  int
	g   *Engine
}

func (c *Conn) Close() {
	c.mux.Lock()
	c.closeWithoutLock()
	c.mux.Unlock()
}

func (c *Conn) closeWithoutLock() { c.g.deleteConn(c.fd) }
