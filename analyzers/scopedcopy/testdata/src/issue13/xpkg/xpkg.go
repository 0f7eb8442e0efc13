// Package xpkg is repro 16 of issue 13: the run-scoped field is
// unexported in another package, so this package cannot reset it. No fix.
package xpkg

import "issue13/dep"

func consume(w dep.Worker) { _ = w }

func Spawn(w *dep.Worker) {
	child := *w
	go consume(child) // want `child, a copy of Worker, carries run-scoped field run into goroutine`
}
