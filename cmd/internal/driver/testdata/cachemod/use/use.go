// Package use calls dep's functions.
package use

import "example.com/cachemod/dep"

// Use calls both.
func Use() {
	dep.Helper()
	dep.Plain()
}
