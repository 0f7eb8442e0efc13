package stopwork_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/analyzers/stopwork"
)

// TestScenarios runs every scenario package in one load.
func TestScenarios(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), stopwork.Analyzer,
		"basic", "negative", "generated", "suppress", "realbugs", "crosspkg/use")
}
