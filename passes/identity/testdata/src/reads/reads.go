package reads

import (
	"context"
	"os"

	"facts"
)

func current() string { return os.Getenv("AGENT_SESSION_KEY") } // want `read AGENT_SESSION_KEY`

func spawn(ctx context.Context) {
	go func() {
		_ = os.Getenv("SESSION_ID") // want `read SESSION_ID: os.Getenv\("SESSION_ID"\), finding here`
		_ = current()               // want `read AGENT_SESSION_KEY: current\(\) \(reads AGENT_SESSION_KEY\), finding at reads.go:10`
		_ = facts.Session()         // want `read AGENT_SESSION_KEY: facts.Session\(\) \(reads AGENT_SESSION_KEY\), finding in another package`
		_ = os.Getenv("HOME")
		_ = facts.Home()
	}()
	go worker()       // want `named worker reads TASK_ID, finding at line 24`
	go facts.Chain() // want `named facts.Chain reads TASK_ID, finding in another package`
}

func worker() { _ = os.Getenv("TASK_ID") } // want `read TASK_ID`

func main() {}
