package calledfield

import (
	"sync"
	"testing"
)

// TestSpawn is the repro's test: the child records through the recorder
// it was given. It passes as written, and must pass after every fix.
func TestSpawn(t *testing.T) {
	var wg sync.WaitGroup
	got := ""
	Spawn(&Worker{Name: "a", Record: func(s string) { got = s }}, &wg)
	wg.Wait()
	if got != "a" {
		t.Fatal(got)
	}
}

func TestRunTask(t *testing.T) {
	var wg sync.WaitGroup
	var mu sync.Mutex
	n := 0
	runTask(&task{name: "a", done: func(string) { mu.Lock(); n++; mu.Unlock() }}, &wg)
	wg.Wait()
	if n != 1 {
		t.Fatal(n)
	}
}

// TestRunJob: the job's own work is done with or without the notifier.
func TestRunJob(t *testing.T) {
	var wg sync.WaitGroup
	out := ""
	runJob(&job{name: "a", notify: func(string) {}}, &wg, &out)
	wg.Wait()
	if out != "a" {
		t.Fatal(out)
	}
}

func TestRunHook(t *testing.T) {
	var wg sync.WaitGroup
	runHook(&hook{fire: func() {}}, &wg)
	wg.Wait()
}
