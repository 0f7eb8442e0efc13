// Package negative holds correct code sharedconfig must stay silent on.
package negative

import (
	"context"
	"io"
	"sync"
	"sync/atomic"
)

type Config struct {
	Addr   string
	Logger io.Writer
}

type Pool struct {
	mu  sync.Mutex
	cfg *Config
	n   int
}

func New(cfg *Config) *Pool { return &Pool{cfg: cfg} }

func connect(ctx context.Context, c *Config) { _ = ctx.Err() }

// A copy first: the write goes to the copy.
func (p *Pool) Dial(ctx context.Context, w io.Writer) {
	conf := *p.cfg
	conf.Logger = w
	connect(ctx, &conf)
}

// Under the owner's lock: its protocol.
func (p *Pool) SetAddr(ctx context.Context, a string) {
	p.mu.Lock()
	p.cfg.Addr = a
	p.mu.Unlock()
}

// The owner's own fields.
func (p *Pool) Count(ctx context.Context) {
	p.n++
}

// A constructor writes a value no one shares yet.
func NewPool(ctx context.Context, addr string) *Pool {
	p := &Pool{cfg: &Config{}}
	p.cfg.Addr = addr
	return p
}

// Setup without a context: not per operation.
func (p *Pool) Configure(addr string) { p.cfg.Addr = addr }

// A local that is also assigned a fresh value may be a copy.
func (p *Pool) Maybe(ctx context.Context, own bool) {
	conf := p.cfg
	if own {
		conf = &Config{}
	}
	conf.Addr = "x"
}

// A value with its own lock guards itself.
type Stats struct {
	mu sync.Mutex
	N  int
}

type Server struct {
	mu    sync.Mutex
	stats *Stats
}

func (s *Server) Hit(ctx context.Context) { s.stats.N++ }

// An owner not shared between goroutines by design (no mutex, no atomic):
// a per-request value.
type Request struct {
	opts *Config
}

func (r *Request) Prepare(ctx context.Context) { r.opts.Addr = "x" }

// A linked node of the owner's own type.
type Node struct {
	mu   sync.Mutex
	next *Node
	val  int
}

func (n *Node) Bump(ctx context.Context) { n.next.val++ }

// An owner shared by atomics, whose config is cloned first.
type Client struct {
	calls atomic.Int64
	opt   *Options
}

type Options struct{ Addr string }

func (o *Options) Clone() *Options { c := *o; return &c }

func (c *Client) Sub(ctx context.Context, addr string) *Options {
	opt := c.opt.Clone()
	opt.Addr = addr
	return opt
}

// The owner's own state: a pointer field only ever given a value the
// package allocates (crypto/tls's c.quic, net/http's c.tlsState) is not
// shared configuration.
type quicState struct{ ctx context.Context }

type TLSConn struct {
	mu    sync.Mutex
	quic  *quicState
	state *Config
}

func NewTLSConn() *TLSConn { return &TLSConn{quic: &quicState{}} }

func (c *TLSConn) Handshake(ctx context.Context) {
	c.quic.ctx = ctx
	c.state = new(Config)
	*c.state = Config{Addr: "x"}
}
