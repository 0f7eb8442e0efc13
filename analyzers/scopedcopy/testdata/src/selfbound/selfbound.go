// Package selfbound holds copies of values whose fields hold funcs bound to
// the value itself: a copy keeps calling into the original.
package selfbound

type Conn struct {
	hooks   hooks
	onClose func()
	timeout int
	name    string
}

type hooks struct{ process func(int) }

func NewConn() *Conn {
	c := &Conn{}
	c.hooks.process = c.Process
	c.onClose = func() { c.cleanup() }
	return c
}

func (c *Conn) Process(int) {}
func (c *Conn) cleanup()    {}
func (c *Conn) Run()        {}

// A With method returns a copy that still routes through the original.
func (c *Conn) WithTimeout(d int) *Conn {
	cp := *c // want `^cp, a copy of Conn, keeps hooks\.process bound to the original \(its Process method\): calls through the copy act on the original's state; rebind it on the copy \(cp\.hooks\.process = cp\.Process\) before the copy is used$`
	cp.timeout = d
	return &cp
}

// The process hook rebound, the closure not.
func (c *Conn) WithName(n string) *Conn {
	cp := *c // want `^cp, a copy of Conn, keeps onClose bound to the original \(a closure over it\): calls through the copy act on the original's state; rebuild it for the copy before the copy is used$`
	cp.name = n
	cp.hooks.process = cp.Process
	return &cp
}

// A bound func called through the copy.
func (c *Conn) Clone() {
	cp := *c // want `cp, a copy of Conn, keeps hooks\.process bound to the original`
	cp.hooks.process(1)
}

// Stored away, or run as a value of its own.
var conns []*Conn

func (c *Conn) Fork() {
	cp := *c // want `cp, a copy of Conn, keeps hooks\.process bound`
	conns = append(conns, &cp)
}

func (c *Conn) Spawn() {
	cp := *c // want `cp, a copy of Conn, keeps hooks\.process bound`
	go cp.Run()
}

// Rebinding on one path only.
func (c *Conn) Maybe(rebind bool) Conn {
	cp := *c // want `cp, a copy of Conn, keeps hooks\.process bound`
	if rebind {
		cp.hooks.process = cp.Process
		cp.onClose = func() { cp.cleanup() }
	}
	return cp
}
