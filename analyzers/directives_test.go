package analyzers_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxbound/ctxbound/analyzers"
)

// TestLookAlikeDirectives (issue 13, repro 19): a directive spelt with a
// space or tab after //, or as a /* */ comment, or with -- glued to the
// reason, is reported by the directive check and silences nothing, so the
// finding it meant to silence is still reported; tabs between the words of
// a well-formed directive are spaces, and it silences its finding.
func TestLookAlikeDirectives(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a testdata package with the standard library")
	}
	dir, err := filepath.Abs(filepath.Join("directive", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  dir,
		Env:  append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off", "GOFLAGS="),
	}
	pkgs, err := packages.Load(cfg, "repro19")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("load: %v", err)
	}
	g, err := checker.Analyze(analyzers.Checks(), pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, act := range g.Roots {
		if act.Err != nil {
			t.Fatal(act.Err)
		}
		for _, d := range act.Diagnostics {
			p := act.Package.Fset.Position(d.Pos)
			if filepath.Base(p.Filename) == "a.go" && act.Analyzer.Name != "directive" {
				got = append(got, fmt.Sprintf("%s:%d", act.Analyzer.Name, p.Line))
			}
		}
	}
	slices.Sort(got)
	// Lines 12, 14, 16, 18, 22, 24 follow a look-alike; line 20 follows
	// the directive with tabs.
	want := []string{"ctxdrop:12", "ctxdrop:14", "ctxdrop:16", "ctxdrop:18", "ctxdrop:22", "ctxdrop:24"}
	if !slices.Equal(got, want) {
		t.Errorf("findings in a.go = %v, want %v", got, want)
	}
}
