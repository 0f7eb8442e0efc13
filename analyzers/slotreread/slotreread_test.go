package slotreread_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/analyzers/slotreread"
)

func TestSlotreread(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), slotreread.Analyzer,
		"basic", "negative", "generated", "suppress", "crosspkg/use", "generics", "wrappers")
}

func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), slotreread.Analyzer, "fixes")
}

// TestIssue13 holds the fixes that issue 13 found unsafe: each is either
// safe now or not offered (the golden file keeps the code).
func TestIssue13(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), slotreread.Analyzer, "issue13")
}

// TestIssue21 holds issue 21's repro 11: a rebind through a helper of the
// package between two reads is the function's own (silent), and a fix is
// offered only where no call between the reads may rebind the slot (the
// golden file keeps the code of the others).
func TestIssue21(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), slotreread.Analyzer, "issue21")
}

// TestDecision holds issue 20's "one decision, one read": a state loaded
// in a condition and again in the branch it guards, a value checked and
// loaded again for its use; their look-alikes (double-checked locking,
// polling loops, re-checks for a change or after waiting) are silent, and
// the fix loads once.
func TestDecision(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), slotreread.Analyzer, "decision")
}

// TestBehave: the packages whose own tests the fix harness's behavioural
// mode runs before and after every fix (issue 21, repro 11) report what
// their want comments say.
func TestBehave(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), slotreread.Analyzer, "behave")
}
