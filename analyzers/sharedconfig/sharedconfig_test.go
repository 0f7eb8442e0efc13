package sharedconfig_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/analyzers/sharedconfig"
)

func TestSharedconfig(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), sharedconfig.Analyzer, "basic", "negative", "generated", "suppress", "callers")
}

func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), sharedconfig.Analyzer, "fixes")
}
