package identity_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/passes/identity"
)

func TestFacts(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), identity.Analyzer, "facts")
}
