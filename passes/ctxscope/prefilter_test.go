package ctxscope

import (
	"testing"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// TestPrefilter: the pass's own gate, an import of context, and a source
// of a fact named.
func TestPrefilter(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      bool
	}{
		{"no context", `package p
func F() {}`, false},
		{"context", `package p
import "context"
func F() context.Context { return context.Background() }`, true},
		{"context passed on, no root, no value", `package p
import "context"
func F(ctx context.Context, g func(context.Context)) { g(ctx) }`, false},
		{"a func run now", `package p
import "context"
func F(ctx context.Context, g func()) { if g != nil && ctx.Err() == nil { g() } }`, false},
		{"a func kept", `package p
import "context"
type R struct{ hooks []func() }
func (r *R) On(ctx context.Context, f func()) { r.hooks = append(r.hooks, f) }`, true},
		{"a func of a declared type kept", `package p
import "context"
type Fn func(int)
var hooks []Fn
func On(f Fn) { hooks = append(hooks, f) }`, true},
		{"a context parameter never mentioned", `package p
import "context"
func F(ctx context.Context, s string) string { return s }`, true},
		{"a value read", `package p
import "context"
func F(ctx context.Context) any { return ctx.Value(1) }`, true},
		{"x/net/context", `package p
import "golang.org/x/net/context"
func F() context.Context { return context.TODO() }`, true},
	} {
		u, err := lintkit.ParseUnit("example.com/p", []string{"context"}, nil, tc.src)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := prefilter(u); got != tc.want {
			t.Errorf("%s: prefilter = %v, want %v", tc.name, got, tc.want)
		}
	}
	u, _ := lintkit.ParseUnit("example.com/p", nil, nil, "package p")
	if u.Configured = true; !prefilter(u) {
		t.Errorf("a configured package: prefilter = false, want true (context types may be configured)")
	}
}
