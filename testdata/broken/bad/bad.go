// Package bad does not type-check.
package bad

import "context"

// Handle assigns a string to an int.
func Handle(ctx context.Context) int {
	var n int = "one"
	_ = ctx
	return n
}
