package ctxscope_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/passes/ctxscope"
)

// TestFactsExported matches the exported facts by their String().
func TestFactsExported(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), ctxscope.Analyzer, "facts")
}
