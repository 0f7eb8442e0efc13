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
