package fixtest_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/checker"

	"github.com/ctxbound/ctxbound/analyzers"
)

// TestGoVersionGate: a fix that uses context.WithoutCancel (go1.21) is
// offered only where the file's Go version has it. The go1.20 tree keeps
// every finding, with "pass ctx" where that is a fix and nothing where
// detaching was the only one; the same code with a go1.21 line (the twin)
// is offered the detach fixes.
func TestGoVersionGate(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a module")
	}
	old, err := filepath.Abs(filepath.Join("testdata", "trees", "go120"))
	if err != nil {
		t.Fatal(err)
	}
	twin := t.TempDir()
	if err := os.CopyFS(twin, os.DirFS(old)); err != nil {
		t.Fatal(err)
	}
	mod := filepath.Join(twin, "go.mod")
	data, err := os.ReadFile(mod)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mod, []byte(strings.Replace(string(data), "\ngo 1.20\n", "\ngo 1.21\n", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	// line -> the titles of the fixes, in order
	detach := "Pass context.WithoutCancel(ctx) to outlive the caller"
	for _, c := range []struct {
		dir  string
		want map[int][]string
	}{
		{old, map[int][]string{
			21: {"Pass ctx to the spawned work"},
			31: nil,
			37: {"Pass ctx"},
			45: nil,
		}},
		{twin, map[int][]string{
			21: {"Pass ctx to the spawned work", detach},
			31: {detach, "Pass ctx to the spawned work"},
			37: {"Pass ctx", detach},
			45: {"Detach the shared work from the caller's cancellation"},
		}},
	} {
		pkgs, err := loadTree(tree{name: c.dir, dir: c.dir, patterns: []string{"./old"}})
		if err != nil {
			t.Fatal(err)
		}
		g, err := checker.Analyze(analyzers.Checks(), pkgs, nil)
		if err != nil {
			t.Fatal(err)
		}
		got := map[int][]string{}
		for _, act := range g.Roots {
			for _, d := range act.Diagnostics {
				line := act.Package.Fset.Position(d.Pos).Line
				titles := []string{}
				for _, f := range d.SuggestedFixes {
					titles = append(titles, f.Message)
				}
				got[line] = titles
			}
		}
		for line, want := range c.want {
			titles, ok := got[line]
			if !ok {
				t.Errorf("%s: no finding at line %d (findings at %v)", filepath.Base(c.dir), line, got)
				continue
			}
			if !slices.Equal(titles, want) && !(len(titles) == 0 && len(want) == 0) {
				t.Errorf("%s: line %d: fixes %q, want %q", filepath.Base(c.dir), line, titles, want)
			}
		}
	}
}
