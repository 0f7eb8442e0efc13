// Package dep reads identity from the environment.
package dep

import "os"

// Session reads the session from the environment.
func Session() string { return os.Getenv("AGENT_SESSION_KEY") } // want Session:"reads identity key AGENT_SESSION_KEY" Session:"returns a per-run value from os.Getenv"

// Lookup forwards its key.
func Lookup(k string) string { v, _ := os.LookupEnv(k); return v } // want Lookup:"forwards key param 0 to os.LookupEnv"
