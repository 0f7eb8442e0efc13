// Package repeaters checks the Repeater facts the pass infers.
package repeaters

import (
	"sync"
	"time"

	"repeaters/dep"
)

// WaitGroup is holster's: Until runs the callback on a goroutine until it
// says stop.
type WaitGroup struct {
	wg   sync.WaitGroup
	done chan struct{}
}

func (wg *WaitGroup) Until(cb func(done chan struct{}) bool) { // want Until:"spawner\\(0\\)" Until:"repeats\\(0\\)"
	wg.wg.Add(1)
	go func() {
		for {
			if !cb(wg.done) {
				wg.wg.Done()
				break
			}
		}
	}()
}

// drain runs f for every value until ch is closed, on a goroutine it
// starts.
func drain(ch chan int, f func(int)) { // want drain:"spawner\\(1\\)" drain:"repeats\\(1\\) ignoring results of \\(1\\)"
	go func() {
		for v := range ch {
			f(v)
		}
	}()
}

// every runs f on a goroutine through another package's repeater.
func every(f func()) { go dep.Forever(f) } // want every:"spawner\\(0\\)" every:"repeats\\(0\\) ignoring results of \\(0\\)"

// waits tests f's result in a loop that waits on a channel: a loop until
// its component says so.
func waits(f func() bool, tick chan struct{}) { // want waits:"repeats\\(0\\)"
	for {
		<-tick
		if !f() {
			return
		}
	}
}

// Not repeaters: a loop over a slice or a counter is one piece of work per
// element; a call outside a loop runs once; a loop on the caller's
// goroutine that tests the func's result and waits on nothing is a
// retry's (until op succeeds) or an algorithm's (a sort's comparisons).

func retry(op func() error) error {
	for {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(time.Millisecond)
	}
}

// forever ignores f's results but waits on nothing, on the caller's
// goroutine: no repeater of a component (it blocks its caller for good,
// or spins).
func forever(f func() bool) {
	for {
		f()
	}
}

// drainHere ranges over a channel on its caller's goroutine: it blocks the
// caller until the channel closes (the caller may run it on a goroutine,
// go drainHere(ch, f), but so may it run any function).
func drainHere(ch chan int, f func(int)) {
	for v := range ch {
		f(v)
	}
}

func search(n int, less func(i int) bool) int {
	lo := 0
	for {
		if lo >= n || !less(lo) {
			return lo
		}
		lo++
	}
}

func each(xs []int, f func(int)) {
	for _, x := range xs {
		f(x)
	}
}

func times(n int, f func()) {
	for i := 0; i < n; i++ {
		f()
	}
}

func once(f func(), stop chan struct{}) {
	f()
	for {
		<-stop
		return
	}
}

func polled(cond func() bool) {
	for !cond() {
		time.Sleep(time.Millisecond)
	}
}
