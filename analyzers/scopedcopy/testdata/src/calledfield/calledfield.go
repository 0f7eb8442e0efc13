// Package calledfield is repro 2 of issue 21: a reset fix must keep the
// program working. Resetting a run-scoped func field that the reported
// goroutine then calls compiles, vets, and panics (the test beside this
// file, which the fix harness runs before and after every fix).
package calledfield

import "sync"

type Worker struct {
	Name string
	//ctxbound:runscoped
	Record func(string)
}

// Spawn starts a child worker that records through the parent's recorder:
// reported, and no fix (the goroutine calls child.Record; Record is also
// exported, so any importer of the returned copy may call it).
func Spawn(w *Worker, wg *sync.WaitGroup) *Worker {
	child := *w
	wg.Add(1)
	go func() { // want `child, a copy of Worker, carries run-scoped field Record into goroutine`
		defer wg.Done()
		child.Record(child.Name)
	}()
	return &child // want `child, a copy of Worker, carries run-scoped field Record into the result of Spawn`
}

// task: the unexported twin, whose every reader is in view: the goroutine
// calls the field, so still no fix.
type task struct {
	name string
	//ctxbound:runscoped
	done func(string)
}

func runTask(t *task, wg *sync.WaitGroup) {
	cp := *t
	wg.Add(1)
	go func() { // want `cp, a copy of task, carries run-scoped field done into goroutine`
		defer wg.Done()
		cp.done(cp.name)
	}()
}

// job: the look-alike where the reset is safe: every use of the field
// first checks it for nil, so the reset child skips the parent's notifier
// and does the rest of its work. Fixed.
type job struct {
	name string
	//ctxbound:runscoped
	notify func(string)
}

func runJob(j *job, wg *sync.WaitGroup, out *string) {
	cp := *j
	wg.Add(1)
	go func() { // want `cp, a copy of job, carries run-scoped field notify into goroutine`
		defer wg.Done()
		*out = cp.name
		if cp.notify != nil && cp.name != "" {
			cp.notify(cp.name)
		}
	}()
}

// hook: used once before the copy too, outside a nil check: no fix.
type hook struct {
	//ctxbound:runscoped
	fire func()
}

func runHook(h *hook, wg *sync.WaitGroup) {
	h.fire()
	cp := *h
	wg.Add(1)
	go func() { // want `cp, a copy of hook, carries run-scoped field fire into goroutine`
		defer wg.Done()
		_ = cp.fire == nil
	}()
}
