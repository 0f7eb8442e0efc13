package analyzers_test

import (
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/analyzers"
)

// TestDefault: Default is All without the opt-in checks, in All's order;
// every opt-in check is a check of the suite, so that it can be named.
func TestDefault(t *testing.T) {
	optIn := analyzers.OptIn()
	for _, name := range []string{"atomicrmw", "canceluse", "stopwork"} {
		if !slices.Contains(optIn, analyzers.ByName(name)) {
			t.Errorf("%s is not opt-in: it runs by default only once its first-look precision on the corpus is 90%% or more", name)
		}
	}
	for _, a := range optIn {
		if !slices.Contains(analyzers.Checks(), a) || analyzers.ByName(a.Name) != a {
			t.Errorf("opt-in %s is not a check of the suite that ByName finds", a.Name)
		}
		if slices.Contains(analyzers.Default(), a) {
			t.Errorf("opt-in %s is in Default", a.Name)
		}
	}
	want := slices.DeleteFunc(analyzers.All(), func(a *analysis.Analyzer) bool { return slices.Contains(optIn, a) })
	if !slices.Equal(analyzers.Default(), want) {
		t.Errorf("Default() = %v, want All() without the opt-in checks %v", names(analyzers.Default()), names(want))
	}
}

func names(as []*analysis.Analyzer) []string {
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return out
}
