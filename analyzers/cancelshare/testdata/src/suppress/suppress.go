// Package suppress shows the directives cancelshare honours and those it
// reports.
package suppress

import "context"

type Run struct{ cancel context.CancelFunc }

func (p *Run) Shared() *Run {
	//ctxbound:ignore cancelshare -- a view of the same run, which must stop with it
	return &Run{cancel: p.cancel}
}

func (p *Run) Unused() *Run {
	//ctxbound:ignore cancelshare -- nothing here // want `//ctxbound:ignore cancelshare suppressed nothing; remove it`
	return &Run{}
}

func (p *Run) Other() *Run {
	//ctxbound:ignore slotreread -- another check
	return &Run{cancel: p.cancel} // want `cancel func p\.cancel of another owner`
}

// A canceltoken directive on a field is misplaced: the directive analyzer
// reports it, and the field's type is not a token.
type Task struct {
	//ctxbound:canceltoken
	tok *Plain
}

type Plain struct{}

func (t *Task) Clone() *Task { return &Task{tok: t.tok} }

// An ignore without a reason is malformed (the directive analyzer reports
// it) and silences nothing.
func (p *Run) Malformed() *Run {
	//ctxbound:ignore cancelshare
	return &Run{cancel: p.cancel} // want `cancel func p\.cancel of another owner`
}
