package main

import "os"

var session string

// The entry point may seed process state from its environment.
func main() {
	session = os.Getenv("SESSION_ID")
}
