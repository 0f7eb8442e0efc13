package main

import "os"

// A package-level initialiser of package main runs at process start.
var session = os.Getenv("SESSION_ID")

func init() {
	os.Setenv("APP_RUN_ID", "1")
}

func main() {
	_ = os.Getenv("AGENT_SESSION_KEY")
	go func() { _ = os.Getenv("TASK_ID") }()
	os.Clearenv()
}
