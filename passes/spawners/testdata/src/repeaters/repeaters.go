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

// drain runs f for every value until ch is closed.
func drain(ch chan int, f func(int)) { // want drain:"repeats\\(1\\) ignoring results of \\(1\\)"
	for v := range ch {
		f(v)
	}
}

// every runs f on a goroutine through another package's repeater.
func every(f func()) { go dep.Forever(f) } // want every:"spawner\\(0\\)" every:"repeats\\(0\\) ignoring results of \\(0\\)"

// retry calls op until it succeeds: a repeater whose result it tests.
func retry(op func() error) error { // want retry:"repeats\\(0\\)"
	for {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(time.Millisecond)
	}
}

// mixed ignores f's result in one loop and tests it in another.
func mixed(f func() bool, stop chan struct{}) { // want mixed:"repeats\\(0\\)"
	for {
		f()
		if !f() {
			return
		}
	}
}

// Not repeaters: a loop over a slice or a counter is one piece of work per
// element; a call outside a loop runs once.

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
