// Package vetsuite has findings of go vet's own checks and one of
// ctxbound's, for ctxbound-vet, which runs both.
package vetsuite

import "fmt"

// Show has a vet finding with a fix (assign) and one without (printf).
func Show(n int) string {
	n = n
	//ctxbound:frobnicate -- not a verb
	return fmt.Sprintf("%d items", "n")
}
