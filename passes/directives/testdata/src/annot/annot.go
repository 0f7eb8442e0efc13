// Package annot exports annotations as facts.
package annot

import "context"

// Go is a spawner.
//
//ctxbound:spawner
func Go(f func()) { f() } // want Go:"ctxbound:spawner"

// Token is a cancel token.
//
//ctxbound:canceltoken
type Token struct{ cancel context.CancelFunc } // want Token:"ctxbound:canceltoken"

type Run struct {
	//ctxbound:runscoped
	Recorder any // want Recorder:"ctxbound:runscoped"
}

// Current is a slot accessor and a root.
//
//ctxbound:slot
//ctxbound:root -- reads the run for the process
func (r *Run) Current() any { return r.Recorder } // want Current:"ctxbound:root,slot"
