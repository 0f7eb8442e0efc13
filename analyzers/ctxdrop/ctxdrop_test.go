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
		"basic", "negative", "provenance", "contexttypes", "clirun", "clictx", "clilib", "urfavectx", "urfaverun", "carriers", "compat", "realbugs", "crosspkg/use", "generated", "suppress", "labels", "unused", "rootmain", "bounded", "hooks", "linked", "ownerlog")
}

// TestFixes applies the fixes; on golang.org/x/net/context, which has no
// WithoutCancel, only "Pass ctx" is offered.
func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), ctxdrop.Analyzer, "fixes", "xnet", "fixcarrier", "lookalike")
}

// TestChainRelated: a ctx-less helper's root is reported once, at the
// root, with every call from code with a context and each step of the
// helper chain as related information.
func TestChainRelated(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), ctxdrop.Analyzer, "basic")
	var got []string
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if !strings.HasPrefix(d.Message, "Store.refresh makes its own root context") {
				continue
			}
			for _, rel := range d.Related {
				got = append(got, fmt.Sprintf("%d: %s", r.Pass.Fset.Position(rel.Pos).Line, rel.Message))
			}
		}
	}
	want := []string{"54: called here with ctx in scope", "55: called here with ctx in scope", "49: Store.refreshAll calls Store.refresh here"}
	if !slices.Equal(got, want) {
		t.Errorf("related = %q, want %q", got, want)
	}
}

// TestFixOrder: the first fix, the one -fix applies, adds no cancellation
// the code did not have where the code means its work to outlive the
// caller (a deadline of its own, a fresh root), and passes ctx elsewhere.
func TestFixOrder(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), ctxdrop.Analyzer, "fixes")
	got := map[int][]string{}
	for _, r := range results {
		for _, d := range r.Diagnostics {
			line := r.Pass.Fset.Position(d.Pos).Line
			for _, f := range d.SuggestedFixes {
				got[line] = append(got[line], f.Message)
			}
		}
	}
	detach := "Pass context.WithoutCancel(ctx) to outlive the caller"
	for line, want := range map[int][]string{
		16: {"Pass ctx", detach},                                   // direct
		27: {detach, "Pass ctx"},                                   // deadline
		34: {detach},                                               // shutdown, values lost
		39: {"Name the context parameter ctx and pass it", detach}, // unnamed parameter
	} {
		if !slices.Equal(got[line], want) {
			t.Errorf("line %d: fixes %q, want %q", line, got[line], want)
		}
	}
}

// TestNoDetachFixWithoutContext: a file that imports only
// golang.org/x/net/context, which has no WithoutCancel, is offered no fix
// that spells it.
func TestNoDetachFixWithoutContext(t *testing.T) {
	n := 0
	for _, r := range analysistest.Run(t, analysistest.TestData(), ctxdrop.Analyzer, "xnet") {
		for _, d := range r.Diagnostics {
			for _, f := range d.SuggestedFixes {
				n++
				if strings.Contains(f.Message, "WithoutCancel") {
					t.Errorf("%s: fix %q on a file without package context", r.Pass.Fset.Position(d.Pos), f.Message)
				}
			}
		}
	}
	if n == 0 {
		t.Error("no fix offered at all")
	}
}

// TestForeignHelperOnce: the calls of one helper of another package are
// one finding in this package, at the first call, with the others as
// related positions.
func TestForeignHelperOnce(t *testing.T) {
	var got []string
	for _, r := range analysistest.Run(t, analysistest.TestData(), ctxdrop.Analyzer, "crosspkg/use") {
		for _, d := range r.Diagnostics {
			if !strings.HasPrefix(d.Message, "call of dep.Flush") {
				continue
			}
			got = append(got, fmt.Sprintf("%d", r.Pass.Fset.Position(d.Pos).Line))
			for _, rel := range d.Related {
				got = append(got, fmt.Sprintf("%d: %s", r.Pass.Fset.Position(rel.Pos).Line, rel.Message))
			}
		}
	}
	want := []string{"24", "28: also called here with c in scope", "29: also called here with c in scope"}
	if !slices.Equal(got, want) {
		t.Errorf("dep.Flush findings = %q, want %q", got, want)
	}
}
