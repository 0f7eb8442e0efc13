package basic

import "os"

// A helper of a test file is no test: its read is reported (a test's own
// reads are not: see negative/live_test.go).
func sessionFromEnv() string {
	return os.Getenv("AGENT_SESSION_KEY") // want `os.Getenv reads identity key AGENT_SESSION_KEY from the process environment outside a root`
}
