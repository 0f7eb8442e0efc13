// Package rootpkg is configured as a root: it may read and write identity.
package rootpkg

import "os"

func Seed() string {
	os.Setenv("SESSION_ID", "x")
	return os.Getenv("SESSION_ID")
}
