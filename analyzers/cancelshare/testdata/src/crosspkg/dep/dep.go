// Package dep declares a cancel token type and a constructor that stores
// its cancel parameter.
package dep

import "context"

//ctxbound:canceltoken
type Token struct{ stop func() }

type Worker struct {
	stop context.CancelFunc
	tok  *Token
}

func NewWorker(stop context.CancelFunc) *Worker { return &Worker{stop: stop} }

func (w *Worker) WithToken(t *Token) *Worker { w.tok = t; return w }

// Call runs stop; it stores nothing.
func Call(stop context.CancelFunc) { stop() }
