package directives_test

import (
	"bytes"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/directives"
)

// TestAnnotations matches the exported Annotations facts by String().
func TestAnnotations(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), directives.Analyzer, "annot")
}

// TestFacts checks the fact type: gob round-trip, deterministic bytes and a
// size cap.
func TestFacts(t *testing.T) {
	f := &directives.Annotations{Verbs: []string{"root", "slot", "spawner"}}
	a, err := lintkit.EncodeFact(f)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := lintkit.EncodeFact(f)
	if !bytes.Equal(a, b) {
		t.Error("encoding is not deterministic")
	}
	if len(a) > 96 {
		t.Errorf("%d bytes, want at most 96", len(a))
	}
	back, err := lintkit.DecodeFact(f, a)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, f) {
		t.Errorf("round trip: got %v, want %v", back, f)
	}
}

func TestChecksSorted(t *testing.T) {
	c := directives.Checks()
	for i := 1; i < len(c); i++ {
		if c[i-1] >= c[i] {
			t.Errorf("Checks not sorted: %q before %q", c[i-1], c[i])
		}
	}
}
