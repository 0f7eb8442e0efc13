package dep

import "context"

type Run struct{ cancel context.CancelFunc }

func NewRun(cancel context.CancelFunc) *Run { // want NewRun:"stores cancel params 0 into a field"
	return &Run{cancel: cancel}
}
