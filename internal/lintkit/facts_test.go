package lintkit_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

type recorder struct{ errs []string }

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

type goodFact struct{ Name string }

func (*goodFact) AFact()           {}
func (f *goodFact) String() string { return "good " + f.Name }

type noString struct{ N int }

func (*noString) AFact() {}

// TestCheckFact: the shared fact test passes a good fact and catches a
// wrong String, a size over the cap and a type without String.
func TestCheckFact(t *testing.T) {
	lintkit.CheckFact(t, &goodFact{Name: "x"}, 200, "good x")

	var r recorder
	lintkit.CheckFact(&r, &goodFact{Name: strings.Repeat("x", 64)}, 16, "bad")
	lintkit.CheckFact(&r, &noString{N: 1}, 200, "")
	got := strings.Join(r.errs, "\n")
	for _, want := range []string{"String() = ", "bytes encoded, want at most 16", "has no String method"} {
		if !strings.Contains(got, want) {
			t.Errorf("CheckFact did not report %q; it reported:\n%s", want, got)
		}
	}
}
