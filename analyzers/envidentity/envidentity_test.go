package envidentity_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/analyzers/envidentity"
	"github.com/ctxbound/ctxbound/passes/identity"
)

func TestEnvidentity(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), envidentity.Analyzer,
		"basic", "negative", "negative/main", "negative/reset", "rootpkg", "generated", "suppress", "seed001", "seed002", "restored", "hermetic", "clicmd/cmd", "clicmd/lib")
}

func TestCrossPackage(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), identity.Analyzer, "crosspkg/dep")
	analysistest.Run(t, analysistest.TestData(), envidentity.Analyzer, "crosspkg/use")
}

func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), envidentity.Analyzer, "fixes", "fixes2")
}

// TestIssue13 holds what issue 13 broke: a t.Setenv fix where t is
// shadowed or the test is parallel (not offered now), and a megabyte key
// quoted in full.
func TestIssue13(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), envidentity.Analyzer, "issue13")
}

// TestEnvWrite runs with the envwrite option (envwrite/.ctxbound.json):
// every write outside a root in non-test code, package main included;
// envlib/ shows the default.
func TestEnvWrite(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), envidentity.Analyzer, "envwrite", "envwrite/main")
}

// TestEnvWriteDefault: without the option, writes at run time in a
// library are reported; package main, init, package-level initialisers,
// forwarding helpers and tests are not.
func TestEnvWriteDefault(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), envidentity.Analyzer, "envlib", "envlib/main")
}
