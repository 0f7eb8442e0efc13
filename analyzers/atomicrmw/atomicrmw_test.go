package atomicrmw_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/analyzers/atomicrmw"
)

func TestAtomicrmw(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), atomicrmw.Analyzer,
		"basic", "negative", "generated", "suppress", "crosspkg/use")
}

func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), atomicrmw.Analyzer, "fixes")
}
