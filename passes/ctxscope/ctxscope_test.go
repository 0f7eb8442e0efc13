package ctxscope_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/internal/lintkit"

	"github.com/ctxbound/ctxbound/passes/ctxscope"
)

// TestFactsExported matches the exported facts by their String().
func TestFactsExported(t *testing.T) {
	for _, res := range analysistest.Run(t, analysistest.TestData(), ctxscope.Analyzer, "facts") {
		// The prefilter lets through every package the pass exports a fact for.
		lintkit.CheckPrefilter(t, ctxscope.Analyzer, res.Pass, res.Facts)
	}
}
