// Package boot is a root through the settings (roots:
// example.com/agent/cmd/...): it may read identity keys.
package boot

import "os"

// Session reads the process's session once at start-up.
func Session() string {
	return os.Getenv("AGENT_SESSION_ID")
}
