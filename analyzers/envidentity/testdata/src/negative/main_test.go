package negative

import (
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	os.Setenv("SESSION_ID", "test")
	os.Exit(m.Run())
}

func TestSetenv(t *testing.T) {
	t.Setenv("SESSION_ID", "test")
}
