package hermetic

import (
	"os"
	"testing"
)

// A test that is not parallel clears the environment so the code under
// test sees only what it sets: nothing runs alongside it, and an erased
// key carries no session's identity into another.
func TestClear(t *testing.T) {
	os.Clearenv()
	t.Setenv("AGENT_SESSION_KEY", "s1")
	if session() != "s1" {
		t.Fatal("session")
	}
}

// So is one erased key.
func TestUnset(t *testing.T) {
	os.Unsetenv("AGENT_SESSION_KEY")
	if session() != "" {
		t.Fatal("session")
	}
}

// Twin: a parallel test clears the environment of the tests running
// alongside it.
func TestClearParallel(t *testing.T) {
	t.Parallel()
	os.Clearenv() // want `^os\.Clearenv erases identity keys \(AGENT_SESSION_KEY\) of the process environment in a parallel test: the tests running alongside lose them; clear the environment only in a test that is not parallel$`
}

// And so does a parallel subtest, and one unset key there.
func TestClearSub(t *testing.T) {
	t.Run("sub", func(t *testing.T) {
		t.Parallel()
		os.Clearenv()                    // want `in a parallel test`
		os.Unsetenv("AGENT_SESSION_KEY") // want `os\.Unsetenv erases identity key AGENT_SESSION_KEY of the process environment in a parallel test`
	})
}

// Twin: a test that is not parallel but writes an identity key and never
// puts it back leaks that value into the tests after it.
func TestSetNoRestore(t *testing.T) {
	os.Clearenv()
	os.Setenv("AGENT_SESSION_KEY", "s2") // want `os\.Setenv writes identity key AGENT_SESSION_KEY of the process environment for the rest of the test binary`
	_ = session()
}
