package directives

import (
	"testing"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// TestPrefilter: a directive, or a look-alike of one, lets a package
// through; prose about ctxbound does not.
func TestPrefilter(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      bool
	}{
		{"none", `package p
// ctxbound finds context bugs.
func F() {}`, false},
		{"a directive", `package p
//ctxbound:spawner
func Go(f func()) {}`, true},
		{"a look-alike", `package p
// ctxbound:spawner
func Go(f func()) {}`, true},
	} {
		u, err := lintkit.ParseUnit("example.com/p", nil, nil, tc.src)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := prefilter(u); got != tc.want {
			t.Errorf("%s: prefilter = %v, want %v", tc.name, got, tc.want)
		}
	}
}
