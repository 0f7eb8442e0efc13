package lockescape_test

import (
	"os"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/analyzers/lockescape"
	"github.com/ctxbound/ctxbound/passes/slots"
)

func TestLockescape(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), lockescape.Analyzer,
		"basic", "negative", "generated", "suppress", "crosspkg/use")
}

// TestFacts: the field's own package exports the fact lockescape reads
// in crosspkg/use.
func TestFacts(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), slots.Analyzer, "crosspkg/dep")
}

func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), lockescape.Analyzer, "fixes", "fixes2")
}

// TestRelatedWrite: the write shown for a pointer read through is one of
// the field read.
func TestRelatedWrite(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), lockescape.Analyzer, "related")
	var found bool
	for _, r := range results {
		for _, d := range r.Diagnostics {
			for _, rel := range d.Related {
				if rel.Message != "changed in place here" {
					continue
				}
				found = true
				pos := r.Pass.Fset.Position(rel.Pos)
				if src := line(t, pos.Filename, pos.Line); !strings.Contains(src, "s.sys.account = acc") {
					t.Errorf("changed in place here at %s (%q), want the write of s.sys.account", pos, src)
				}
			}
		}
	}
	if !found {
		t.Fatal("no diagnostic with a \"changed in place here\" position")
	}
}

func line(t *testing.T, file string, n int) string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	if n < 1 || n > len(lines) {
		t.Fatalf("%s has no line %d", file, n)
	}
	return lines[n-1]
}
