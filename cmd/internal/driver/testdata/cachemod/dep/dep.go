// Package dep has a function that reaches mark, and one that does not.
package dep

func mark() {}

// Helper reaches mark.
func Helper() { mark() }

// Plain does not.
func Plain() {}
