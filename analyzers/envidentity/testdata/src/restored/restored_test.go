// Package restored holds tests that write identity keys of the process
// environment and put them back when they end (silent), beside tests
// that do not (reported).
package restored

import (
	"os"
	"testing"
)

// saveEnv unsets the keys and returns the func that puts them back.
func saveEnv(keys ...string) func() {
	saved := map[string]string{}
	for _, k := range keys {
		saved[k] = os.Getenv(k)
		os.Unsetenv(k)
	}
	return func() {
		for k, v := range saved {
			os.Setenv(k, v)
		}
	}
}

func TestSaved(t *testing.T) {
	cleanup := saveEnv("CI_PULL_REQUEST")
	defer cleanup()
	os.Setenv("CI_PULL_REQUEST", "1")
}

func TestDeferredLiteral(t *testing.T) {
	old := os.Getenv("AGENT_SESSION_ID")
	defer func() { os.Setenv("AGENT_SESSION_ID", old) }()
	os.Setenv("AGENT_SESSION_ID", "s1")
}

func TestCleanupDirect(t *testing.T) {
	t.Cleanup(func() { os.Unsetenv("AGENT_TASK_ID") })
	os.Setenv("AGENT_TASK_ID", "t1")
}

func TestDeferredSetenv(t *testing.T) {
	defer os.Unsetenv("AGENT_RUN_ID")
	os.Setenv("AGENT_RUN_ID", "r1")
}

// Twins: no restore, a restore of another key, a parallel test.
func TestLeaks(t *testing.T) {
	os.Setenv("AGENT_SESSION_ID", "s2") // want `os.Setenv writes identity key AGENT_SESSION_ID of the process environment for the rest of the test binary`
}

func TestRestoresAnother(t *testing.T) {
	defer os.Unsetenv("AGENT_TASK_ID")
	os.Setenv("AGENT_SESSION_ID", "s3") // want `os.Setenv writes identity key AGENT_SESSION_ID of the process environment for the rest of the test binary`
}

func TestParallelRestored(t *testing.T) {
	t.Parallel()
	defer os.Unsetenv("AGENT_SESSION_ID") // want `os.Unsetenv erases identity key AGENT_SESSION_ID of the process environment in a parallel test`
	os.Setenv("AGENT_SESSION_ID", "s4")   // want `os.Setenv writes identity key AGENT_SESSION_ID of the process environment in a parallel test`
}

// A cleanup that does not write the environment restores nothing.
func noop() func() { return func() {} }

func TestNoop(t *testing.T) {
	cleanup := noop()
	defer cleanup()
	os.Setenv("AGENT_SESSION_ID", "s5") // want `os.Setenv writes identity key AGENT_SESSION_ID of the process environment for the rest of the test binary`
}

// A project's own TB interface, which *testing.T implements (the type
// checker says so): its Cleanup is the test's.
type TB interface {
	Cleanup(func())
	Helper()
}

func TestCleanupInterface(t *testing.T) {
	var tb TB = t
	tb.Cleanup(func() { os.Unsetenv("AGENT_TASK_ID") })
	os.Setenv("AGENT_TASK_ID", "t2")
}

// The twin: a Cleanup of an interface *testing.T does not implement runs
// whenever its owner says, not when the test ends.
type Registry interface {
	Cleanup(func())
	Register(name string)
}

type registry struct{ done []func() }

func (r *registry) Cleanup(f func())     { r.done = append(r.done, f) }
func (r *registry) Register(name string) {}

func TestCleanupRegistry(t *testing.T) {
	var r Registry = &registry{}
	r.Cleanup(func() { os.Unsetenv("AGENT_TASK_ID") })
	os.Setenv("AGENT_TASK_ID", "t3") // want `os.Setenv writes identity key AGENT_TASK_ID of the process environment for the rest of the test binary`
}
