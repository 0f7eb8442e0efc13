// Package dep has helpers that forward a key to the environment.
package dep

import "os"

// Key is an identity key, from another package.
const Key = "AGENT_" + "SESSION_KEY"

// Getenv forwards its key. It is silent itself.
func Getenv(key string) string { return os.Getenv(key) } // want Getenv:"forwards key param 0 to os.Getenv"

// Set forwards its key to a write.
func Set(key, value string) { _ = os.Setenv(key, value) } // want Set:"forwards key param 0 to os.Setenv"

// Lookup forwards through Getenv.
func Lookup(prefix, key string) string { return prefix + Getenv(key) } // want Lookup:"forwards key param 1 to os.Getenv"
