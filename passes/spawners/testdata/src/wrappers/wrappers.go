// Package wrappers checks the Spawner facts the pass infers.
package wrappers

import (
	"context"
	"time"
)

func safeGo(f func()) { // want safeGo:"spawner\\(0\\)"
	go func() {
		defer func() { recover() }()
		f()
	}()
}

func direct(name string, f func()) { go f() } // want direct:"spawner\\(1\\)"

func through(f func()) { safeGo(f) } // want through:"spawner\\(0\\)"

func timer(f func()) { time.AfterFunc(time.Second, f) } // want timer:"spawner\\(0\\)"

func goCtx(ctx context.Context, f func(context.Context)) { go f(ctx) } // want goCtx:"spawner\\(1\\) carries ctx 0"

func goCtxClosure(ctx context.Context, f func(context.Context)) { // want goCtxClosure:"spawner\\(1\\) carries ctx 0"
	go func() { f(ctx) }()
}

func sync(f func()) { f() } // no fact: runs f on the caller's goroutine

func stores(f func()) { pending = append(pending, f) } // no fact: only stores f

var pending []func()

func both(a, b func()) { // want both:"spawner\\(0,1\\)"
	go a()
	go b()
}

type Pool struct{}

func (p *Pool) Submit(task func()) { go task() } // want Submit:"spawner\\(0\\)"

func generic[T any](v T, f func(T)) { go f(v) } // want generic:"spawner\\(1\\)"
