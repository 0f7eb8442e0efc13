package basic

import (
	"os"
	"testing"
)

// The test binary's one fixture, set up by a helper only TestMain calls:
// TestMain is a root, and so is its helper; no session's value.
var fixture string

func TestMain(m *testing.M) {
	setUpFixture()
	os.Exit(m.Run())
}

func setUpFixture() { fixture = os.Getenv("APP_TASK_ID") }

// The twin: a helper a test calls too runs per test, not once for the
// process.
var perTest string

func TestSession(t *testing.T) { loadSession() }

func loadSession() {
	perTest = os.Getenv("APP_TASK_ID") // want `package-level variable perTest holds a per-run value from os.Getenv\("APP_TASK_ID"\)`
}

func init() { loadSession() }
