package slots_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/passes/slots"
)

func TestFacts(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), slots.Analyzer, "a")
}
