package canceluse_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/analyzers/canceluse"
)

func TestCanceluse(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), canceluse.Analyzer, "basic", "negative", "generated", "suppress")
}
