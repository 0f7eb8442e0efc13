package slotreread_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/analyzers/slotreread"
)

func TestSlotreread(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), slotreread.Analyzer,
		"basic", "negative", "generated", "suppress", "crosspkg/use", "generics")
}

func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), slotreread.Analyzer, "fixes")
}

// TestIssue13 holds the fixes that issue 13 found unsafe: each is either
// safe now or not offered (the golden file keeps the code).
func TestIssue13(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), slotreread.Analyzer, "issue13")
}
