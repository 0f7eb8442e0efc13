// Package leaf is imported by no one.
package leaf

import "example.com/cachemod/use"

// Run calls use.
func Run() { use.Use() }
