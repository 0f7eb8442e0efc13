package golangciplugin

import (
	"go/ast"
	"reflect"
	"slices"
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

func TestForGolangciFirstFix(t *testing.T) {
	w := forGolangci(twoFixes)
	if w == twoFixes || w.Name != twoFixes.Name || w.Doc != twoFixes.Doc || !reflect.DeepEqual(w.Requires, twoFixes.Requires) {
		t.Fatalf("forGolangci(twofixes) = %+v, want a copy with the same name, doc and requirements", w)
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

func TestForGolangciKeepsFactAnalyzers(t *testing.T) {
	if got := forGolangci(inspect.Analyzer); got != inspect.Analyzer {
		t.Errorf("forGolangci wrapped an analyzer with a result")
	}
}

// related reports the value of every var with two related positions: the
// var's name and its type, when given.
var related = &analysis.Analyzer{
	Name: "related",
	Doc:  "report var values with related positions",
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if vs, ok := n.(*ast.ValueSpec); ok && len(vs.Values) == 1 {
					d := analysis.Diagnostic{Pos: vs.Values[0].Pos(), Message: "a finding",
						Related: []analysis.RelatedInformation{{Pos: vs.Names[0].Pos(), Message: "\tnamed here"}}}
					if vs.Type != nil {
						d.Related = append(d.Related, analysis.RelatedInformation{Pos: vs.Type.Pos(), Message: "typed here"})
					}
					pass.Report(d)
				}
				return true
			})
		}
		return nil, nil
	},
}

// TestForGolangciFoldsRelated (issue 13): golangci-lint makes an issue of
// every related position, so the plugin folds them into the message and
// one finding stays one issue.
func TestForGolangciFoldsRelated(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), forGolangci(related), "relatedprobe")
	var got []string
	for _, d := range results[0].Diagnostics {
		if len(d.Related) > 0 {
			t.Errorf("related positions kept: %+v", d.Related)
		}
		got = append(got, d.Message)
	}
	want := []string{
		"a finding [named here: relatedprobe.go:3:5]",
		"a finding [named here: relatedprobe.go:5:5; typed here: relatedprobe.go:5:7]",
	}
	if !slices.Equal(got, want) {
		t.Errorf("messages = %q, want %q", got, want)
	}
}
