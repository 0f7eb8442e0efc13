package golangciplugin

import (
	"go/ast"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/inspect"
)

// twoFixes reports the value of every var with two alternative fixes on
// the same range, the shape of spawnctx's and ctxdrop's diagnostics.
var twoFixes = &analysis.Analyzer{
	Name:     "twofixes",
	Doc:      "report var values with two alternative fixes",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if vs, ok := n.(*ast.ValueSpec); ok && len(vs.Values) == 1 {
					v := vs.Values[0]
					fix := func(msg, text string) analysis.SuggestedFix {
						return analysis.SuggestedFix{Message: msg, TextEdits: []analysis.TextEdit{{Pos: v.Pos(), End: v.End(), NewText: []byte(text)}}}
					}
					pass.Report(analysis.Diagnostic{
						Pos: v.Pos(), End: v.End(), Message: "two alternatives",
						SuggestedFixes: []analysis.SuggestedFix{fix("Use 42", "42"), fix("Use 43", "43")},
					})
				}
				return true
			})
		}
		return nil, nil
	},
}

func TestFirstFixOnly(t *testing.T) {
	w := firstFixOnly(twoFixes)
	if w == twoFixes || w.Name != twoFixes.Name || w.Doc != twoFixes.Doc || !reflect.DeepEqual(w.Requires, twoFixes.Requires) {
		t.Fatalf("firstFixOnly(twofixes) = %+v, want a copy with the same name, doc and requirements", w)
	}
	// The golden file holds the first fix applied alone; with both fixes
	// kept, RunWithSuggestedFixes would want one golden section per fix.
	results := analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), w, "fixprobe")
	if len(results) != 1 || len(results[0].Diagnostics) != 1 {
		t.Fatalf("want one diagnostic, got %+v", results)
	}
	if fixes := results[0].Diagnostics[0].SuggestedFixes; len(fixes) != 1 || fixes[0].Message != "Use 42" {
		t.Errorf("fixes = %+v, want only the first, \"Use 42\"", fixes)
	}
	// The unwrapped analyzer still offers both.
	results = analysistest.Run(t, analysistest.TestData(), twoFixes, "fixprobe")
	if n := len(results[0].Diagnostics[0].SuggestedFixes); n != 2 {
		t.Errorf("unwrapped analyzer: %d fixes, want 2", n)
	}
}

func TestFirstFixOnlyKeepsFactAnalyzers(t *testing.T) {
	if got := firstFixOnly(inspect.Analyzer); got != inspect.Analyzer {
		t.Errorf("firstFixOnly wrapped an analyzer with a result")
	}
}
