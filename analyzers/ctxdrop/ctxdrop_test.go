package ctxdrop_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/analyzers/ctxdrop"
)

// TestScenarios runs every scenario package in one load, so that the
// standard library they import is analysed once.
func TestScenarios(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), ctxdrop.Analyzer,
		"basic", "negative", "crosspkg/use", "generated", "suppress")
}

func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), ctxdrop.Analyzer, "fixes")
}

// TestChainRelated: a drop through a helper chain carries the chain with
// positions as related information, one step per helper of this package.
func TestChainRelated(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), ctxdrop.Analyzer, "basic")
	var got []string
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if !strings.HasPrefix(d.Message, "call of Store.refreshAll ") {
				continue
			}
			for _, rel := range d.Related {
				got = append(got, fmt.Sprintf("%d: %s", r.Pass.Fset.Position(rel.Pos).Line, rel.Message))
			}
		}
	}
	want := []string{"49: Store.refreshAll calls Store.refresh here", "46: Store.refresh makes its root context here"}
	if !slices.Equal(got, want) {
		t.Errorf("related = %q, want %q", got, want)
	}
}
