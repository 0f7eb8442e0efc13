package b

import (
	"context"
	"testing"
)

func use(ctx context.Context) error { return ctx.Err() }

func check(ctx context.Context) error { return use(context.TODO()) }

func TestCheck(t *testing.T) {
	if err := check(t.Context()); err != nil {
		t.Fatal(err)
	}
}
