package atomicrmw_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/analyzers/atomicrmw"
)

func TestAtomicrmw(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), atomicrmw.Analyzer,
		"basic", "negative", "generated", "suppress", "crosspkg/use", "wrappers")
}

func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), atomicrmw.Analyzer, "fixes", "wrapfix")
}

// TestOneFindingPerLoad: the Stores one Load guards are one finding, the
// others related, and no fix is offered for part of them.
func TestOneFindingPerLoad(t *testing.T) {
	for _, r := range analysistest.Run(t, analysistest.TestData(), atomicrmw.Analyzer, "basic") {
		for _, d := range r.Diagnostics {
			if !strings.Contains(d.Message, "atomic e.v") {
				continue
			}
			var rel []string
			for _, x := range d.Related {
				rel = append(rel, fmt.Sprintf("%d: %s", r.Pass.Fset.Position(x.Pos).Line, x.Message))
			}
			line := r.Pass.Fset.Position(d.Pos).Line
			want := []string{fmt.Sprintf("%d: the Load tested here", line-2), fmt.Sprintf("%d: and a Store that the same Load guards", line+3)}
			if !slices.Equal(rel, want) {
				t.Errorf("related = %q, want %q", rel, want)
			}
			if len(d.SuggestedFixes) != 0 {
				t.Errorf("a fix for one of two Stores: %v", d.SuggestedFixes)
			}
		}
	}
}
