// Package dep declares a worker whose run-scoped field is unexported.
package dep

type Run struct{ ID string }

type Worker struct {
	//ctxbound:runscoped
	run  *Run
	Name string
}

func New() *Worker { return &Worker{run: &Run{}} }
