package scopedcopy_test

import (
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
