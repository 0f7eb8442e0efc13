package ctxcache_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/analyzers/ctxcache"
	"github.com/ctxbound/ctxbound/passes/identity"
)

func TestCtxcache(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), ctxcache.Analyzer,
		"basic", "negative", "negative/main", "generated", "suppress", "seed002", "computed")
}

func TestCrossPackage(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), identity.Analyzer, "crosspkg/dep")
	analysistest.Run(t, analysistest.TestData(), ctxcache.Analyzer, "crosspkg/use")
}
