package runctx_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/ctxbound/ctxbound/runctx"
)

// Go hands the goroutine the caller's context: the session travels with it.
func ExampleGo() {
	ctx := runctx.WithSession(context.Background(), "sess-A")
	done := make(chan string)
	runctx.Go(ctx, func(ctx context.Context) {
		done <- runctx.Session(ctx)
	})
	fmt.Println(<-done)
	// Output: sess-A
}

// Detach outlives the caller's cancellation and keeps its identity.
func ExampleDetach() {
	ctx, cancel := context.WithCancel(runctx.WithSession(context.Background(), "sess-A"))
	bg := runctx.Detach(ctx)
	cancel()
	fmt.Println(ctx.Err() != nil, bg.Err(), runctx.Session(bg))
	// Output: true <nil> sess-A
}

// A failing task cancels its siblings through the group's context, never
// the parent context.
func ExampleGroup() {
	parent := runctx.WithSession(context.Background(), "sess-A")
	g := runctx.NewGroup(parent)
	g.SetLimit(2)
	failed := make(chan struct{})
	g.Go(func(ctx context.Context) error {
		defer close(failed)
		return errors.New("tool failed")
	})
	g.Go(func(ctx context.Context) error {
		<-failed
		<-ctx.Done() // cancelled by the sibling's failure
		fmt.Println("sibling stopped in", runctx.Session(ctx))
		return nil
	})
	fmt.Println("wait:", g.Wait())
	fmt.Println("parent:", parent.Err())
	// Output:
	// sibling stopped in sess-A
	// wait: tool failed
	// parent: <nil>
}

// Each task runs with its submitter's context, whichever worker runs it.
func ExamplePool() {
	pool := runctx.NewPool(2)
	var mu sync.Mutex
	var seen []string
	for _, s := range []string{"sess-A", "sess-B", "sess-C"} {
		ctx := runctx.WithSession(context.Background(), s)
		_ = pool.Submit(ctx, func(ctx context.Context) {
			mu.Lock()
			defer mu.Unlock()
			seen = append(seen, runctx.Session(ctx))
		})
	}
	pool.Close() // drains: every submitted task has run
	slices.Sort(seen)
	fmt.Println(seen)
	// Output: [sess-A sess-B sess-C]
}

// Identity lives in the context; an inner binding shadows an outer one.
func ExampleWithSession() {
	ctx := runctx.WithSession(context.Background(), "sess-A")
	ctx = runctx.WithTask(ctx, "task-7")
	child := runctx.WithSession(ctx, "sess-B")
	fmt.Println(runctx.Session(ctx), runctx.Session(child), runctx.Task(child))
	// Output: sess-A sess-B task-7
}

// A program whose processes use other variable names declares its own keys.
func ExampleWithIdentity() {
	const tenant runctx.Key = "ACME_TENANT_ID"
	ctx := runctx.WithIdentity(context.Background(), tenant, "t-42")
	v, ok := runctx.Identity(ctx, tenant)
	fmt.Println(v, ok, tenant.EnvKey())
	_, ok = runctx.Identity(ctx, runctx.SessionKey)
	fmt.Println(ok)
	// Output:
	// t-42 true ACME_TENANT_ID
	// false
}

// FromEnv reads identity from the environment once, at a process root; a
// binding already in the context wins. The example plays the part of a
// process started by a parent that set CTXBOUND_SESSION_ID.
//
//ctxbound:root -- the example stands in for a process entry point and sets up the environment its parent would have handed it
func ExampleFromEnv() {
	os.Setenv("CTXBOUND_SESSION_ID", "sess-from-parent")
	defer os.Unsetenv("CTXBOUND_SESSION_ID")

	ctx := runctx.FromEnv(context.Background())
	fmt.Println(runctx.Session(ctx))

	bound := runctx.FromEnv(runctx.WithSession(context.Background(), "sess-bound"))
	fmt.Println(runctx.Session(bound))
	// Output:
	// sess-from-parent
	// sess-bound
}

// Cancelling a child run leaves its parent running; cancelling the parent
// ends the child.
func ExampleRun_Child() {
	parent := runctx.NewRun(runctx.WithSession(context.Background(), "sess-A"), "run-1", nil)
	child := parent.Child("run-1.1")
	fmt.Println(runctx.Session(child.Context()), runctx.RunID(child.Context()))

	child.Cancel(errors.New("worker done"))
	fmt.Println("child:", context.Cause(child.Context()), "parent:", parent.Err())

	other := parent.Child("run-1.2")
	parent.Cancel(nil)
	<-other.Done()
	fmt.Println("other child:", other.Err())
	// Output:
	// sess-A run-1.1
	// child: worker done parent: <nil>
	// other child: context canceled
}

// A child run reports to its parent's observer, stamped with its own run
// and the session it belongs to.
func ExampleRun_Notify() {
	observe := func(e runctx.Event) {
		fmt.Printf("%s/%s parent=%q session=%s: %s\n", e.Run, e.Kind, e.Parent, e.Session, e.Detail)
	}
	root := runctx.NewRun(runctx.WithSession(context.Background(), "sess-A"), "run-1", observe)
	root.Notify("started", "orchestration")
	root.Child("run-1.1").Notify("approval_requested", "rm -rf build/")
	// Output:
	// run-1/started parent="" session=sess-A: orchestration
	// run-1.1/approval_requested parent="run-1" session=sess-A: rm -rf build/
}

// gate is a long-lived object bound to one run at a time; its slot's value
// is the approval request id of the bound run.
type gate struct{ slot runctx.Slot[string] }

// approve is one operation: it reads the slot once and uses the snapshot
// for everything it does, even if the slot is rebound meanwhile.
func (g *gate) approve(rebind func()) string {
	snap, ok := g.slot.Load()
	if !ok {
		return "no run"
	}
	rebind() // another run is bound while this operation is in flight
	return snap.Run.ID() + " " + snap.Value
}

// Read once, hand the snapshot on: an operation keeps the run it started
// with even if the slot is rebound meanwhile.
func ExampleSlot() {
	var g gate
	runA := runctx.NewRun(context.Background(), "run-A", nil)
	runB := runctx.NewRun(context.Background(), "run-B", nil)
	g.slot.Bind(runA, "req-A")

	fmt.Println(g.approve(func() { g.slot.Bind(runB, "req-B") }))
	fmt.Println(g.approve(func() {}))
	// Output:
	// run-A req-A
	// run-B req-B
}

// The child's identity variables come from the context; the defaults the
// context does not carry are removed rather than inherited.
func ExampleCommand() {
	ctx := runctx.WithSession(context.Background(), "sess-A")
	ctx = runctx.WithIdentity(ctx, "ACME_TENANT_ID", "t-42")
	cmd := runctx.Command(ctx, "env")
	for _, kv := range cmd.Env {
		if strings.HasPrefix(kv, "CTXBOUND_") || strings.HasPrefix(kv, "ACME_") {
			fmt.Println(kv)
		}
	}
	// Output:
	// CTXBOUND_SESSION_ID=sess-A
	// ACME_TENANT_ID=t-42
}
