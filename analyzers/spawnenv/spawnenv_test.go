package spawnenv_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/analyzers/spawnenv"
	"github.com/ctxbound/ctxbound/passes/identity"
)

func TestSpawnenv(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), spawnenv.Analyzer,
		"basic", "negative", "negative/noident", "strict", "generated", "suppress", "seed001")
}

func TestCrossPackage(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), identity.Analyzer, "crosspkg/dep")
	analysistest.Run(t, analysistest.TestData(), spawnenv.Analyzer, "crosspkg/use")
}
