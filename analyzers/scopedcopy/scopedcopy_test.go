package scopedcopy_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/analyzers/scopedcopy"
)

func TestScopedcopy(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), scopedcopy.Analyzer,
		"basic", "negative", "generated", "suppress", "crosspkg/use")
}

func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), scopedcopy.Analyzer, "fixes")
}
