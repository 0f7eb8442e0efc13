// Package good holds valid directives: the directive check is silent.
package good

import "context"

//ctxbound:file-ignore envidentity -- this file seeds identity for the process

// Run is a process root.
//
//ctxbound:root -- the process entry point seeds identity from the environment
func Run() {}

// Go is a spawner.
//
//ctxbound:spawner
func Go(f func()) { f() }

// Executor declares a spawner method.
type Executor interface {
	//ctxbound:spawner
	Submit(f func())
}

// Token is a cancel token.
//
//ctxbound:canceltoken
type Token struct{ cancel context.CancelFunc }

type Run2 struct {
	//ctxbound:runscoped
	recorder any
	a, b     int //ctxbound:runscoped
}

// Current is a slot accessor.
//
//ctxbound:slot
func (r *Run2) Current() any { return r.recorder }

//ctxbound:detach -- flushes after the request is gone
func flush() {}

func f() {
	//ctxbound:ignore spawnctx -- line form
	//ctxbound:detach -- line form
	flush()
}
