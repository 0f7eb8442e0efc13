package negative

import (
	"context"
	"testing"
)

// A test cancels and then checks what the code does, on purpose.
func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := run(ctx); err == nil {
		t.Fatal("want an error")
	}
}
