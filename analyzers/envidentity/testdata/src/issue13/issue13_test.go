package issue13

import (
	"os"
	"testing"
)

// Repro 9: t is shadowed by a range variable where os.Setenv is called:
// t.Setenv would not compile there. No fix.
func TestTable(t *testing.T) {
	for _, t := range []string{"a", "b"} {
		_ = t
		os.Setenv("SESSION_ID", "x") // want `os\.Setenv writes identity key SESSION_ID of the process environment for the rest of the test binary: later and parallel tests see it; use t\.Setenv`
	}
}

// Repro 9, parallel/: t.Setenv panics in a parallel test. No fix, and the
// message does not advise it.
func TestParallel(t *testing.T) {
	t.Parallel()
	os.Setenv("AGENT_SESSION_KEY", "x") // want `os\.Setenv writes identity key AGENT_SESSION_KEY of the process environment in a parallel test: the tests running alongside see it, and t\.Setenv panics after t\.Parallel; pass the identity in ctx, or in the child's exec\.Cmd\.Env`
}

// A subtest of a parallel test is parallel with the others too.
func TestParent(t *testing.T) {
	t.Parallel()
	t.Run("sub", func(st *testing.T) {
		os.Setenv("SESSION_ID", "x") // want `in a parallel test: the tests running alongside see it, and st\.Setenv panics after st\.Parallel`
	})
}

// A parallel subtest.
func TestSubParallel(t *testing.T) {
	t.Run("sub", func(st *testing.T) {
		st.Parallel()
		os.Setenv("SESSION_ID", "x") // want `in a parallel test`
	})
}

// A sequential subtest of a sequential test still gets the fix.
func TestSequential(t *testing.T) {
	t.Run("sub", func(st *testing.T) {
		os.Setenv("SESSION_ID", "x") // want `use st\.Setenv`
	})
}
