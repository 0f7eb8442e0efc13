package negative

import (
	"os"
	"testing"
)

// A test's own reads configure the scenario it runs (a live test's
// credentials), as main's configure the process.
func TestLive(t *testing.T) {
	token := os.Getenv("AWS_SESSION_TOKEN")
	func() { _ = os.Getenv("AGENT_SESSION_ID") }()
	_ = token
}

// A helper that takes the testing value is the test's scaffolding.
func liveConfig(t *testing.T) string { return os.Getenv("AWS_SESSION_TOKEN") }
