// Package issue13 holds the scopedcopy fixes that issue 13's reliability
// pass found unsafe (repros 8 and 23; 16 is in xpkg): no fix is offered
// where the reset cannot be written (the golden file keeps the code).
package issue13

type Run struct{ ID string }

type Worker struct {
	//ctxbound:runscoped
	Run  *Run
	Name string
}

func use(w Worker) { _ = w }

// Repro 8: the copy is an if statement's init on a line of its own: a
// reset after it would land in the if header. No fix.
func InIf(w *Worker) {
	if
	child := *w; child.Name != "" {
		go use(child) // want `child, a copy of Worker, carries run-scoped field Run into goroutine`
	}
}

// The same in a switch header.
func InSwitch(w *Worker) {
	switch
	child := *w; child.Name {
	case "":
		go use(child) // want `child, a copy of Worker, carries run-scoped field Run into goroutine`
	}
}

// Repro 23: a run-scoped field whose type is a type parameter: nil is not
// its zero value. No fix.
type Generic[T any] struct {
	//ctxbound:runscoped
	Run  T
	Name string
}

func useG[T any](w Generic[T]) { _ = w }

func Spawn[T any](w *Generic[T]) {
	child := *w
	go useG(child) // want `child, a copy of Generic, carries run-scoped field Run into goroutine`
}

// A type parameter constrained to pointers is no different: no fix.
func SpawnPtr[T interface{ *Run }](w *Generic[T]) {
	child := *w
	go useG(child) // want `child, a copy of Generic, carries run-scoped field Run into goroutine`
}

// The plain statement still gets its fix.
func Plain(w *Worker) {
	child := *w
	go use(child) // want `child, a copy of Worker, carries run-scoped field Run into goroutine`
}
