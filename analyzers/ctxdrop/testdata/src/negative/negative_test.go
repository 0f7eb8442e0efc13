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

// Test scaffolding makes its own contexts, as tests do: no MakesRoot fact.
func newFixture() *DB {
	db := &DB{}
	db.Exec(context.Background(), "fixture")
	return db
}

func (s *Server) helperUsesFixture(ctx context.Context) { newFixture() }
