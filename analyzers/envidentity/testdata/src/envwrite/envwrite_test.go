package envwrite

import (
	"os"
	"testing"
)

// Test code is not reported: a test binary owns its environment.
func TestRun(t *testing.T) {
	os.Setenv("LC_ALL", "C")
	os.Unsetenv("HTTP_PROXY")
}
