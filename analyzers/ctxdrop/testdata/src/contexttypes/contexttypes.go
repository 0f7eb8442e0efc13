// Package contexttypes uses a configured context type: a parameter of it
// is the caller's context, its configured root is a root, and derivations
// keep their provenance.
package contexttypes

import (
	"time"

	"workflow"
)

func Run(ctx workflow.Context) error {
	child, cancel := workflow.WithCancel(ctx)
	defer cancel()
	workflow.ExecuteActivity(child, "derived: fine")
	workflow.ExecuteActivity(workflow.Background(), "lost") // want `call of workflow.ExecuteActivity passes a root context \(workflow.Background\) while ctx is in scope`
	bg := workflow.Background()
	c2, cancel2 := workflow.WithCancel(bg)
	defer cancel2()
	return workflow.Sleep(c2, time.Second) // want `call of workflow.Sleep passes a root context \(workflow.Background\)`
}
