package selfbound

// Every bound field rebound before the copy leaves.
func (c *Conn) Rebound(d int) *Conn {
	cp := *c
	cp.timeout = d
	cp.hooks = hooks{process: cp.Process}
	cp.onClose = func() { cp.cleanup() }
	return &cp
}

// A method of the package that binds the receiver's fields rebinds the
// copy.
func (c *Conn) bind() {
	c.hooks.process = c.Process
	c.onClose = func() { c.cleanup() }
}

func (c *Conn) Rebind(d int) *Conn {
	cp := *c
	cp.timeout = d
	cp.bind()
	return &cp
}

// A copy read for its plain fields only.
func (c *Conn) Timeout() int {
	cp := *c
	return cp.timeout
}

// A whole new value replaces the copy.
func (c *Conn) Fresh() *Conn {
	cp := *c
	cp = Conn{timeout: cp.timeout}
	return &cp
}

// A type without self-bound fields: another value's method.
type Relay struct {
	forward func(int)
}

func NewRelay(c *Conn) *Relay {
	r := &Relay{}
	r.forward = c.Process
	return r
}

func (r *Relay) With() *Relay {
	cp := *r
	return &cp
}
