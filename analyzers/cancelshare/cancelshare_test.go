package cancelshare_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/analyzers/cancelshare"
)

func TestCancelshare(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), cancelshare.Analyzer,
		"basic", "negative", "generated", "suppress", "crosspkg/use")
}
