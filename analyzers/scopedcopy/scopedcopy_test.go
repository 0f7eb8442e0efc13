package scopedcopy_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/analyzers/scopedcopy"
)

func TestScopedcopy(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), scopedcopy.Analyzer,
		"basic", "negative", "generated", "suppress", "crosspkg/use", "selfbound", "crosspkg/selfuse")
}

func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), scopedcopy.Analyzer, "fixes")
}

// TestIssue13 holds the fixes that issue 13 found unsafe: not offered now
// (the golden files keep the code).
func TestIssue13(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), scopedcopy.Analyzer, "issue13", "issue13/xpkg")
}

// TestNoFix: a reset is offered only where nothing can use the reset
// field's value but to check it for nil (issue 21, repro 2: the fix set a
// func field the goroutine then calls to nil, and the program panicked).
// The golden files hold the fixes that are offered; this test holds the
// ones that must not be, which a golden file cannot show.
func TestNoFix(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), scopedcopy.Analyzer, "calledfield", "fixes")
	fixed := map[string]bool{}
	for _, r := range results {
		for _, d := range r.Diagnostics {
			subject, _, _ := strings.Cut(d.Message, " carries")
			fixed[subject] = len(d.SuggestedFixes) > 0
		}
	}
	for subject, want := range map[string]bool{
		"child, a copy of Worker,": false, // repro 2: the goroutine calls child.Record
		"cp, a copy of task,":      false, // the goroutine calls cp.done
		"cp, a copy of hook,":      false, // h.fire() outside a nil check
		"cp, a copy of Exported,":  false, // an exported field: readers out of view
		"cp, a copy of job,":       true,  // every use checks for nil
		"cfg, a copy of Config,":   true,
	} {
		got, ok := fixed[subject]
		if !ok {
			t.Errorf("no finding for %q", subject)
		} else if got != want {
			t.Errorf("%s: fix offered = %v, want %v", subject, got, want)
		}
	}
}
