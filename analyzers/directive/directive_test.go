package directive_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/analyzers/directive"
)

func TestScenarios(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), directive.Analyzer, "bad", "good", "repro19")
}
