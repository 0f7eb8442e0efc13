package negative

import (
	"context"
	"testing"
)

// Tests are roots: they make their own contexts.
func TestServer(t *testing.T) {
	ctx := t.Context()
	func(ctx context.Context) {
		go func() { store(context.Background()) }()
	}(ctx)
}
