package fixes

import (
	"os"
	"testing"
)

func TestChild(t *testing.T) {
	os.Setenv("SESSION_ID", "child") // want `os.Setenv writes identity key SESSION_ID of the process environment for the rest of the test binary`
	if err := os.Setenv("APP_RUN_ID", "1"); err != nil { // want `os.Setenv writes identity key APP_RUN_ID of the process environment for the rest of the test binary`
		t.Fatal(err)
	}
	os.Unsetenv("TASK_ID") // an erasure in a test that is not parallel: silent
	t.Run("sub", func(st *testing.T) {
		os.Setenv("AGENT_SESSION_KEY", "sub") // want `use st.Setenv`
	})
	_ = os.Getenv("HOME")
}

func BenchmarkChild(b *testing.B) {
	os.Setenv("JOB_ID", "bench") // want `use b.Setenv`
}

func helper(tb testing.TB) {
	os.Setenv("WORKER_ID", "w") // want `use tb.Setenv`
}
