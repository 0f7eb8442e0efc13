package negative

import "sync"

// Workers that fill the fields of a value their spawner has just
// allocated, and waits for, build it as a constructor would: no operation
// shares it yet (periph's driver registry, kinds-18: each collector
// goroutine appends to its own field of a State made a line before).
type State struct {
	Loaded, Failed []string
}

var state *State

func load(names []string) *State {
	state = &State{}
	ok, bad := make(chan string), make(chan string)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for n := range ok {
			state.Loaded = append(state.Loaded, n)
		}
	}()
	go func() {
		defer wg.Done()
		for n := range bad {
			state.Failed = append(state.Failed, n)
		}
	}()
	if len(names) == 0 {
		return state // the workers leak here, but never write
	}
	for _, n := range names {
		ok <- n
	}
	close(ok)
	close(bad)
	wg.Wait()
	return state
}

// The same through a new(T), in a function literal that spawns.
var stats *State

func collect(names []string) {
	func() {
		stats = new(State)
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			stats.Loaded = names
		}()
		wg.Wait()
	}()
}
