// Package plain names nothing that reaches mark: the prefilter lets it
// through unanalyzed.
package plain

// Plain does nothing.
func Plain() {}
