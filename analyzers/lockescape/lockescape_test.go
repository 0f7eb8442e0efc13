package lockescape_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/analyzers/lockescape"
	"github.com/ctxbound/ctxbound/passes/slots"
)

func TestLockescape(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), lockescape.Analyzer,
		"basic", "negative", "generated", "suppress", "crosspkg/use")
}

// TestFacts: the field's own package exports the fact lockescape reads
// in crosspkg/use.
func TestFacts(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), slots.Analyzer, "crosspkg/dep")
}

func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), lockescape.Analyzer, "fixes", "fixes2")
}
