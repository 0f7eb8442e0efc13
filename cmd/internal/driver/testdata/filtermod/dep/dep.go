// Package dep has a function that reaches mark.
package dep

func mark() {}

// Helper reaches mark.
func Helper() { mark() }
