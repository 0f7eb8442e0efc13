// Package ownerlog: a root handed to a log call where the only context in
// scope is the component's lifetime (a context field of the receiver)
// loses nothing: a log call does not wait on cancellation, and the
// lifetime carries no session's values. With a caller's context in scope
// the same call is reported (the handler may read the session from it),
// and so is a call that does work.
package ownerlog

import (
	"context"
	"log/slog"
)

type Resolver struct{}

func (Resolver) Lookup(ctx context.Context, host string) error { return ctx.Err() }

// Interface is a node's component: ctx is its lifetime, handed to its
// constructor.
type Interface struct {
	ctx context.Context
	l   *slog.Logger
	r   Resolver
	b   *Bits
}

func NewInterface(ctx context.Context, l *slog.Logger) *Interface {
	return &Interface{ctx: ctx, l: l, b: &Bits{l: l}}
}

// A level guard and a log line on a root: nothing to lose.
func (f *Interface) consume(packet []byte) {
	if f.l.Enabled(context.Background(), slog.LevelDebug) {
		f.l.Debug("packet", "len", len(packet))
	}
	f.l.Log(context.Background(), slog.LevelInfo, "consumed")
	f.logTrace("consumed")
}

// logTrace uses its context only for a log call.
func (f *Interface) logTrace(msg string) {
	ctx := context.Background()
	f.l.Log(ctx, slog.LevelDebug-4, msg)
}

// A helper whose only root is a level guard: its callers with only the
// lifetime in scope lose nothing.
type Bits struct{ l *slog.Logger }

func (b *Bits) Check(i uint64) bool {
	if b.l.Enabled(context.Background(), slog.LevelDebug) { // want `Bits.Check makes its own root context \(context.Background\) but is called with a context in scope from Interface.Serve and Manager.Serve`
		b.l.Debug("check", "i", i)
	}
	return i > 0
}

func (f *Interface) readPackets() { f.b.Check(1) }

// Work on a root with only the lifetime in scope is still a drop: a
// shutdown does not cancel it.
func (f *Interface) reload(host string) error {
	return f.r.Lookup(context.Background(), host) // want `call of Resolver.Lookup passes a root context \(context.Background\) while f.ctx is in scope`
}

// A helper that logs and does work is a drop for every caller.
func (b *Bits) refresh(r Resolver) {
	b.l.Enabled(context.Background(), slog.LevelDebug)
	_ = r.Lookup(context.TODO(), "lighthouse") // want `Bits.refresh makes its own root context \(context.TODO\) but is called with a context in scope from Interface.tick`
}

func (f *Interface) tick() { f.b.refresh(f.r) }

// With a caller's context in scope, a log call on a root loses the
// caller's values: reported, and so is the helper's guard.
func (f *Interface) Serve(ctx context.Context, packet []byte) {
	f.l.Log(context.Background(), slog.LevelInfo, "serving") // want `call of slog.Logger.Log passes a root context \(context.Background\) while ctx is in scope`
	f.b.Check(2)
}

// A parameter the function keeps as its component's lifetime is one too.
type Punchy struct {
	ctx   context.Context
	l     *slog.Logger
	sched Scheduler
}

type Scheduler struct{}

func (Scheduler) Each(ctx context.Context, job func(string)) { job("x") }

func (p *Punchy) Start(ctx context.Context) {
	p.ctx = ctx
	p.sched.Each(ctx, func(job string) {
		if p.l.Enabled(context.Background(), slog.LevelDebug) {
			p.l.Debug("punching", "target", job)
		}
	})
}

// A function that hands its context on, and keeps it nowhere, is given
// its caller's.
func (p *Punchy) Once(ctx context.Context) {
	p.sched.Each(ctx, func(job string) {
		p.l.Log(context.Background(), slog.LevelDebug, "punching", "target", job) // want `call of slog.Logger.Log passes a root context \(context.Background\) while ctx is in scope`
	})
}

// So is the context a background loop only stops on.
type Manager struct {
	l       *slog.Logger
	b       *Bits
	r       Resolver
	trigger chan uint64
}

func (m *Manager) Run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case i := <-m.trigger:
			m.b.Check(i)
		}
	}
}

// A loop that hands its context on may be given a session's: its
// helper's log guard is reported.
func (m *Manager) Serve(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case i := <-m.trigger:
			_ = m.r.Lookup(ctx, "peer")
			m.b.Check(i)
		}
	}
}
