package identity

import (
	"testing"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// TestPrefilter: an environment function, ctx.Value or a function with a
// fact of the pass lets a package through; os imported for files alone is
// filtered.
func TestPrefilter(t *testing.T) {
	for _, tc := range []struct {
		name    string
		reaches []string
		facts   map[string][]string
		src     string
		want    bool
	}{
		{"os for files", nil, nil, `package p
import "os"
func Open(n string) (*os.File, error) { return os.Open(n) }`, false},
		{"os.Getenv", nil, nil, `package p
import "os"
func Key(k string) string { return os.Getenv(k) }`, true},
		{"an os.Environ scan", nil, nil, `package p
import "os"
func All() []string { return os.Environ() }`, true},
		{"ctx.Value", nil, nil, `package p
import "context"
func Session(ctx context.Context) any { return ctx.Value("k") }`, true},
		{"Value without context", nil, nil, `package p
import "os"
type V struct{}
func (V) Value() int { return 0 }
func Get(v V, f *os.File) int { return v.Value() }`, false},
		{"a function with a fact", nil, map[string][]string{"*identity.Forwards": {"Lookup"}}, `package p
import "q"
func Key(k string) string { return q.Lookup(k) }`, true},
		{"no import, no fact", nil, nil, `package p
func Getenv(k string) string { return k }`, false},
	} {
		u, err := lintkit.ParseUnit("example.com/p", tc.reaches, tc.facts, tc.src)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := prefilter(u); got != tc.want {
			t.Errorf("%s: prefilter = %v, want %v", tc.name, got, tc.want)
		}
	}
}
