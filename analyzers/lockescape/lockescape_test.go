package lockescape_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
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
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), lockescape.Analyzer, "fixes", "fixes2", "group")
}

// TestGroup: the reads of one field that race with one write are one
// finding, at the first read, with the others, in this file and another,
// as related positions; a read silenced by a directive is not among them.
func TestGroup(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), lockescape.Analyzer, "group")
	got := map[string][]string{}
	for _, r := range results {
		for _, d := range r.Diagnostics {
			pos := r.Pass.Fset.Position(d.Pos)
			at := fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line)
			for _, rel := range d.Related {
				if strings.HasPrefix(rel.Message, "also read under the lock here") {
					p := r.Pass.Fset.Position(rel.Pos)
					got[at] = append(got[at], fmt.Sprintf("%s:%d: %s", filepath.Base(p.Filename), p.Line, rel.Message))
				}
			}
			if len(d.SuggestedFixes) > 0 {
				got[at] = append(got[at], "fix: "+d.SuggestedFixes[0].Message)
			}
		}
	}
	want := map[string][]string{
		"hooks.go:41": {
			"hooks.go:50: also read under the lock here and ranged over after the unlock",
			"z.go:7: also read under the lock here and ranged over after the unlock",
			"fix: Copy h.hooks under the lock with slices.Clone at its 3 reads",
		},
		"hooks.go:79":  {"fix: Copy q.names under the lock with slices.Clone"},
		"set.go:23":    {"set.go:32: also read under the lock here and indexed after the unlock", "fix: Copy s.m under the lock with maps.Clone at its 2 reads"},
		"server.go:33": {"server.go:41: also read under the lock here and read through after the unlock"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("related reads and fixes:\n got %q\nwant %q", got, want)
	}
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

// TestIssue21 holds issue 21's repro 12: the copy under the lock is
// offered only where the function does not change the map or slice through
// the local it took (the golden file keeps the code of the others).
func TestIssue21(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), lockescape.Analyzer, "issue21")
}

// TestBehave: the packages whose own tests the fix harness's behavioural
// mode runs before and after every fix (issue 21, repro 12) report what
// their want comments say.
func TestBehave(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), lockescape.Analyzer, "behave")
}
