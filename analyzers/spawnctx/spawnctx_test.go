package spawnctx_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/analyzers/spawnctx"
)

// TestScenarios runs every scenario package in one load, so that the
// standard library they import is analysed once.
func TestScenarios(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), spawnctx.Analyzer,
		"basic", "negative", "crosspkg/use", "generated", "suppress", "config", "queue", "dynamic", "groupctx")
}

func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), spawnctx.Analyzer, "fixes")
}

// TestGroupFixes applies both fixes for a discarded group context; each
// section of the golden files must also compile (TestGroupFixesCompile).
func TestGroupFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), spawnctx.Analyzer, "groupfix")
}
