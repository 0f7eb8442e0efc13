// Package use calls dep's and plain's functions.
package use

import (
	"example.com/filtermod/dep"
	"example.com/filtermod/plain"
)

// Use calls both.
func Use() {
	dep.Helper()
	plain.Plain()
}
