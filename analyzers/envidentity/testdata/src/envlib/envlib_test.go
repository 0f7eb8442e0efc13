package envlib

import (
	"os"
	"testing"
)

// Test files are not reported by envwrite.
func TestRun(t *testing.T) {
	os.Setenv("LC_ALL", "C")
}
