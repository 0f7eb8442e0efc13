package slots_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/internal/lintkit"

	"github.com/ctxbound/ctxbound/passes/slots"
)

func TestFacts(t *testing.T) {
	for _, res := range analysistest.Run(t, analysistest.TestData(), slots.Analyzer, "a", "go.uber.org/atomic") {
		// The prefilter lets through every package the pass exports a fact for.
		lintkit.CheckPrefilter(t, slots.Analyzer, res.Pass, res.Facts)
	}
}
