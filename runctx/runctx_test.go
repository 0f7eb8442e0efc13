package runctx_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/ctxbound/ctxbound/runctx"
)

// agentSessionKey is the process-wide variable of the seed-000 runtime: the
// gateway set it for CLI and cron compatibility, and tools fell back to it.
const agentSessionKey = "AGENT_SESSION_KEY"

// resolveSession is the seed-000 resolver, reproduced on purpose: the
// session the context carries, else the process environment's. Work that
// lost the caller's context answers with whatever session the environment
// holds.
//
//ctxbound:root -- test probe: reproduces the seed-000 "context value, else environment" fallback to show what a lost context costs
func resolveSession(ctx context.Context) string {
	if s := runctx.Session(ctx); s != "" {
		return s
	}
	return os.Getenv(agentSessionKey)
}

// conflictingEnv makes the process environment name a session that no
// caller owns, as in the seed reports.
func conflictingEnv(t *testing.T) {
	t.Setenv(agentSessionKey, "env-foreign")
	t.Setenv(string(runctx.SessionKey), "env-foreign")
}

// bareSpawn is the seed-000 executor boundary in its broken form: it runs
// the resolver on a new goroutine without handing it the caller's context.
func bareSpawn(ctx context.Context) string {
	got := make(chan string)
	go func() { //ctxbound:ignore spawnctx -- deliberate: this test shows what a goroutine without the caller's ctx resolves
		got <- resolveSession(context.Background())
	}()
	return <-got
}

// goSpawn is the same boundary crossed with runctx.Go.
func goSpawn(ctx context.Context) string {
	got := make(chan string)
	runctx.Go(ctx, func(ctx context.Context) { got <- resolveSession(ctx) })
	return <-got
}

// TestBareGoroutineLosesSession is the first half of the seed-000 pair: a
// goroutine that does not receive the caller's context resolves the
// environment's session, not the caller's.
func TestBareGoroutineLosesSession(t *testing.T) {
	conflictingEnv(t)
	ctx := runctx.WithSession(t.Context(), "sess-A")
	if s := bareSpawn(ctx); s != "env-foreign" {
		t.Fatalf("bare goroutine resolved %q, want the environment's %q (the seed-000 misrouting)", s, "env-foreign")
	}
	if s := resolveSession(ctx); s != "sess-A" {
		t.Fatalf("caller resolved %q, want sess-A", s)
	}
}

// TestGoKeepsSession is the second half: runctx.Go hands the goroutine the
// caller's context, so the same resolver answers with the caller's session.
func TestGoKeepsSession(t *testing.T) {
	conflictingEnv(t)
	ctx := runctx.WithSession(t.Context(), "sess-A")
	if s := goSpawn(ctx); s != "sess-A" {
		t.Fatalf("runctx.Go resolved %q, want sess-A", s)
	}
}

// TestPoolConcurrentSessions drives 2 and then 64 concurrent sessions
// through a small Pool against a conflicting environment: every task must
// see exactly its submitter's identity.
func TestPoolConcurrentSessions(t *testing.T) {
	for _, sessions := range []int{2, 64} {
		t.Run(fmt.Sprint(sessions), func(t *testing.T) {
			conflictingEnv(t)
			const tasksPerSession, rounds = 8, 10
			for round := range rounds {
				pool := runctx.NewPool(4)
				start := make(chan struct{})
				var (
					wg     sync.WaitGroup
					mu     sync.Mutex
					wrong  []string
					ran    atomic.Int64
					parent = t.Context()
				)
				for s := range sessions {
					wg.Go(func() {
						want := fmt.Sprintf("sess-%d", s)
						task := fmt.Sprintf("task-%d", s)
						ctx := runctx.WithTask(runctx.WithSession(parent, want), task)
						<-start // every session submits at once
						for i := range tasksPerSession {
							err := pool.Submit(ctx, func(ctx context.Context) {
								ran.Add(1)
								if got, gotTask := resolveSession(ctx), runctx.Task(ctx); got != want || gotTask != task {
									mu.Lock()
									wrong = append(wrong, fmt.Sprintf("round %d: task %d of %s saw %s/%s", round, i, want, got, gotTask))
									mu.Unlock()
								}
							})
							if err != nil {
								t.Errorf("Submit: %v", err)
							}
						}
					})
				}
				close(start)
				wg.Wait()
				pool.Close()
				if n := ran.Load(); n != int64(sessions*tasksPerSession) {
					t.Fatalf("round %d: %d tasks ran, want %d (Close must drain)", round, n, sessions*tasksPerSession)
				}
				if len(wrong) > 0 {
					t.Fatalf("%d tasks saw another identity, first: %s", len(wrong), wrong[0])
				}
			}
		})
	}
}

// TestPoolCloseUnblocksSubmit: a Submit blocked on a full queue returns
// ErrClosed when Close begins, and a task that submits to its own pool
// during Close does not deadlock it.
func TestPoolCloseUnblocksSubmit(t *testing.T) {
	pool := runctx.NewPool(1)
	ctx := t.Context()
	release := make(chan struct{})
	started := make(chan struct{})
	inner := make(chan error, 1)
	if err := pool.Submit(ctx, func(ctx context.Context) {
		close(started)
		<-release
		inner <- pool.Submit(ctx, func(context.Context) {})
	}); err != nil {
		t.Fatal(err)
	}
	<-started
	if err := pool.Submit(ctx, func(context.Context) {}); err != nil { // fills the queue
		t.Fatal(err)
	}
	blocked := make(chan error, 1)
	go func() { blocked <- pool.Submit(ctx, func(context.Context) {}) }()
	closed := make(chan struct{})
	go func() { pool.Close(); close(closed) }()
	if err := <-blocked; !errors.Is(err, runctx.ErrClosed) {
		t.Fatalf("Submit blocked during Close = %v, want ErrClosed", err)
	}
	close(release)
	<-closed
	if err := <-inner; !errors.Is(err, runctx.ErrClosed) {
		t.Fatalf("Submit from a task during Close = %v, want ErrClosed", err)
	}
}

func TestPoolSubmitAfterCloseAndCancelled(t *testing.T) {
	pool := runctx.NewPool(1)
	block := make(chan struct{})
	started := make(chan struct{})
	ctx := t.Context()
	if err := pool.Submit(ctx, func(context.Context) { close(started); <-block }); err != nil {
		t.Fatal(err)
	}
	<-started
	if err := pool.Submit(ctx, func(context.Context) {}); err != nil { // fills the queue
		t.Fatal(err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	ran := false
	if err := pool.Submit(cctx, func(context.Context) { ran = true }); !errors.Is(err, context.Canceled) {
		t.Fatalf("Submit with a cancelled ctx = %v, want context.Canceled", err)
	}
	close(block)
	pool.Close()
	pool.Close() // idempotent
	if ran {
		t.Fatal("a task whose ctx was done before it was queued ran")
	}
	if err := pool.Submit(ctx, func(context.Context) {}); !errors.Is(err, runctx.ErrClosed) {
		t.Fatalf("Submit after Close = %v, want ErrClosed", err)
	}
}

// TestChildCancelLeavesParentRunning is the seed-003 regression: a child
// run's cancel is its own.
func TestChildCancelLeavesParentRunning(t *testing.T) {
	parent := runctx.NewRun(runctx.WithSession(t.Context(), "sess-A"), "run-1", nil)
	child := parent.Child("run-1.1")
	sibling := parent.Child("run-1.2")

	child.Cancel(errors.New("worker finished"))
	<-child.Done()
	if err := parent.Err(); err != nil {
		t.Fatalf("cancelling a child cancelled the parent: %v", err)
	}
	if err := sibling.Err(); err != nil {
		t.Fatalf("cancelling a child cancelled its sibling: %v", err)
	}
	if got := runctx.Session(child.Context()); got != "sess-A" {
		t.Fatalf("child session = %q, want the parent's sess-A", got)
	}
	if got := runctx.RunID(child.Context()); got != "run-1.1" {
		t.Fatalf("child run id = %q, want run-1.1", got)
	}

	parent.Cancel(nil)
	<-sibling.Done()
	if !errors.Is(sibling.Err(), context.Canceled) {
		t.Fatalf("sibling after parent cancel: %v", sibling.Err())
	}
}

func TestGroupFailureCancelsSiblingsNotParent(t *testing.T) {
	parent := runctx.WithSession(t.Context(), "sess-A")
	g := runctx.NewGroup(parent)
	boom := errors.New("boom")
	failed := make(chan struct{})
	var sawSession string
	var sawCause error
	g.Go(func(ctx context.Context) error { defer close(failed); return boom })
	g.Go(func(ctx context.Context) error {
		<-failed
		<-ctx.Done()
		sawSession, sawCause = runctx.Session(ctx), context.Cause(ctx)
		return nil
	})
	if err := g.Wait(); err != boom {
		t.Fatalf("Wait = %v, want boom", err)
	}
	if sawSession != "sess-A" || sawCause != boom {
		t.Fatalf("sibling saw session %q cause %v", sawSession, sawCause)
	}
	if err := parent.Err(); err != nil {
		t.Fatalf("a task's failure cancelled the parent: %v", err)
	}
}

func TestGroupLimit(t *testing.T) {
	g := runctx.NewGroup(t.Context())
	g.SetLimit(2)
	var running, peak atomic.Int64
	for range 20 {
		g.Go(func(ctx context.Context) error {
			n := running.Add(1)
			for {
				p := peak.Load()
				if n <= p || peak.CompareAndSwap(p, n) {
					break
				}
			}
			running.Add(-1)
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		t.Fatal(err)
	}
	if p := peak.Load(); p > 2 {
		t.Fatalf("%d tasks ran at once under a limit of 2", p)
	}
}

func TestSlotZeroIsEmpty(t *testing.T) {
	var slot runctx.Slot[string]
	if snap, ok := slot.Load(); ok || snap.Run != nil || snap.Context() != nil {
		t.Fatalf("zero Slot is bound: %+v", snap)
	}
}

// checkSnapshot is one operation: it reads the slot once and checks that
// the run and value it got belong together.
func checkSnapshot(t *testing.T, slot *runctx.Slot[string]) {
	snap, ok := slot.Load()
	if ok && snap.Value != "req-for-"+snap.Run.ID() {
		t.Fatalf("snapshot mixes runs: run %s value %s", snap.Run.ID(), snap.Value)
	}
}

// TestSlotSnapshotsAreConsistent rebinds a slot concurrently with readers:
// each snapshot's run and value belong together.
func TestSlotSnapshotsAreConsistent(t *testing.T) {
	var slot runctx.Slot[string]
	runs := make([]*runctx.Run, 4)
	for i := range runs {
		runs[i] = runctx.NewRun(t.Context(), fmt.Sprintf("run-%d", i), nil)
	}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	wg.Go(func() {
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			r := runs[i%len(runs)]
			slot.Bind(r, "req-for-"+r.ID())
		}
	})
	for range 2000 {
		checkSnapshot(t, &slot)
	}
	close(stop)
	wg.Wait()
}

// TestCommandSessionFromContext re-executes the test binary as the child
// process: the child must see the session of the context that started it,
// not the one in the parent's environment, and no inherited task.
func TestCommandSessionFromContext(t *testing.T) {
	t.Setenv(string(runctx.SessionKey), "env-foreign")
	t.Setenv(string(runctx.TaskKey), "env-task")
	for _, sess := range []string{"sess-A", "sess-B"} {
		ctx := runctx.WithSession(t.Context(), sess)
		cmd := runctx.Command(ctx, os.Args[0], "-test.run=^TestHelperProcess$")
		cmd.Env = append(cmd.Env, "GO_WANT_HELPER_PROCESS=1")
		out, err := cmd.Output()
		if err != nil {
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				t.Logf("stderr: %s", ee.Stderr)
			}
			t.Fatal(err)
		}
		if got, want := strings.TrimSpace(string(out)), "session="+sess+" task=<unset>"; got != want {
			t.Fatalf("child process saw %q, want %q", got, want)
		}
	}
}

// TestHelperProcess is the child process of TestCommandSessionFromContext,
// a process root: it binds its identity from the environment once.
func TestHelperProcess(t *testing.T) {
	if os.Getenv("GO_WANT_HELPER_PROCESS") != "1" {
		t.Skip("helper process for TestCommandSessionFromContext")
	}
	ctx := runctx.FromEnv(context.Background())
	task, ok := runctx.Identity(ctx, runctx.TaskKey)
	if !ok {
		task = "<unset>"
	}
	fmt.Printf("session=%s task=%s\n", runctx.Session(ctx), task)
	os.Exit(0)
}
