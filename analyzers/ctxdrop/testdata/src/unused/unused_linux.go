package unused

import (
	"context"
	"os"
)

// statSystem ignores its context on Linux; its variant for another system
// (unused_darwin.go, say) may run a command with it: what it does here
// holds for this build alone, and a root handed to it is reported.
func statSystem(ctx context.Context, dir string) int {
	entries, _ := os.ReadDir(dir)
	return len(entries)
}
