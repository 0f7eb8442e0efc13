package negative

import (
	"context"
	"testing"
)

// Tests are roots: they make their own contexts.
func TestSomething(t *testing.T) {
	ctx := t.Context()
	db := &DB{}
	func(ctx context.Context) {
		db.Exec(context.Background(), "setup")
	}(ctx)
}
