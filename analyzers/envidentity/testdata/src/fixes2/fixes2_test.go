package fixes2

import (
	"os"
	"testing"
)

// os is used only by the two writes that the fix turns into t.Setenv:
// applied together, the fixes would leave os unused. No fix.
func TestOnly(t *testing.T) {
	os.Setenv("SESSION_ID", "a") // want `use t\.Setenv`
	os.Setenv("TASK_ID", "b")    // want `use t\.Setenv`
}
