package spawnctx_test

import (
	"flag"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/analyzers/spawnctx"
)

// TestScenarios runs every scenario package in one load, so that the
// standard library they import is analysed once.
func TestScenarios(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), spawnctx.Analyzer,
		"basic", "negative", "provenance", "crosspkg/use", "generated", "suppress", "config", "queue", "dynamic", "groupctx", "carriers", "realbugs", "ctxtypes", "lookalike")
}

func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), spawnctx.Analyzer, "fixes", "shared")
}

// TestFixOrder: the first fix, the one -fix applies, adds no cancellation
// the code did not have where the work means to outlive the caller (a
// deadline of its own), and passes ctx elsewhere; -spawnctx.fix=detach puts
// context.WithoutCancel first everywhere.
func TestFixOrder(t *testing.T) {
	detach := "Pass context.WithoutCancel(ctx) to outlive the caller"
	pass := "Pass ctx to the spawned work"
	for _, tc := range []struct {
		flag string
		want map[int][]string
	}{
		{"auto", map[int][]string{14: {pass, detach}, 36: {detach, pass}}},
		{"detach", map[int][]string{14: {detach, pass}, 36: {detach, pass}}},
	} {
		// A copy of the analyzer with its own -fix value: no global flag
		// is changed.
		a := *spawnctx.Analyzer
		a.Flags = flag.FlagSet{}
		a.Flags.Var(getter(tc.flag), "fix", "")
		results := analysistest.Run(t, analysistest.TestData(), &a, "fixes")
		got := map[int][]string{}
		for _, r := range results {
			for _, d := range r.Diagnostics {
				if p := r.Pass.Fset.Position(d.Pos); filepath.Base(p.Filename) == "fixes.go" {
					for _, fx := range d.SuggestedFixes {
						got[p.Line] = append(got[p.Line], fx.Message)
					}
				}
			}
		}
		for line, want := range tc.want {
			if !slices.Equal(got[line], want) {
				t.Errorf("-fix=%s, line %d: fixes %q, want %q", tc.flag, line, got[line], want)
			}
		}
	}
}

// getter is a fixed flag value.
type getter string

func (g getter) String() string   { return string(g) }
func (g getter) Set(string) error { return nil }
func (g getter) Get() any         { return string(g) }

// TestGroupFixes applies both fixes for a discarded group context; each
// section of the golden files must also compile (TestGroupFixesCompile).
func TestGroupFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), spawnctx.Analyzer, "groupfix")
}
