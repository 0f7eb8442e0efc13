package spawners_test

import (
	"bytes"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/spawners"
)

// TestInferred matches the inferred Spawner facts by their String().
func TestInferred(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), spawners.Analyzer, "wrappers")
}

// TestFacts checks the fact type: gob round-trip, deterministic bytes and a
// size cap.
func TestFacts(t *testing.T) {
	for _, f := range []*spawners.Spawner{
		{Params: []int{0}, Carries: -1},
		{Params: []int{1, 2}, Carries: 0},
	} {
		a, err := lintkit.EncodeFact(f)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := lintkit.EncodeFact(f)
		if !bytes.Equal(a, b) {
			t.Errorf("%v: encoding is not deterministic", f)
		}
		if len(a) > 96 {
			t.Errorf("%v: %d bytes, want at most 96", f, len(a))
		}
		back, err := lintkit.DecodeFact(f, a)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back, f) {
			t.Errorf("round trip: got %v, want %v", back, f)
		}
	}
}
