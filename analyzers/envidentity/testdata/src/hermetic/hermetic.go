// Package hermetic keeps identity in the environment, and its tests clear
// the environment to run with only the keys they set.
package hermetic

import "os"

func session() string {
	return os.Getenv("AGENT_SESSION_KEY") // want `os.Getenv reads identity key AGENT_SESSION_KEY`
}
