package directives_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/directives"
)

// TestAnnotations matches the exported Annotations facts by String().
func TestAnnotations(t *testing.T) {
	for _, res := range analysistest.Run(t, analysistest.TestData(), directives.Analyzer, "annot") {
		// The prefilter lets through every package the pass exports a fact for.
		lintkit.CheckPrefilter(t, directives.Analyzer, res.Pass, res.Facts)
	}
}

// TestFacts checks the fact type: String, gob round-trip, deterministic
// bytes and a size cap.
func TestFacts(t *testing.T) {
	lintkit.CheckFact(t, &directives.Annotations{Verbs: []string{"root", "slot", "spawner"}}, 96, "ctxbound:root,slot,spawner")
}

func TestChecksSorted(t *testing.T) {
	c := directives.Checks()
	for i := 1; i < len(c); i++ {
		if c[i-1] >= c[i] {
			t.Errorf("Checks not sorted: %q before %q", c[i-1], c[i])
		}
	}
}
