package ctxscope_test

import (
	"bytes"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/ctxscope"
)

// TestFacts checks every fact type of the pass: gob round-trip,
// deterministic bytes and a size cap.
func TestFacts(t *testing.T) {
	for _, tc := range []struct {
		fact analysis.Fact
		max  int
	}{
		{&ctxscope.ReturnsRoot{What: "context.Background", At: "util.go:12"}, 128},
		{&ctxscope.MakesRoot{What: "context.TODO", At: "store.go:42", Module: "example.com/m"}, 256},
		{&ctxscope.MakesRoot{What: "context.Background", At: "store.go:42", Module: "example.com/m",
			Via: []ctxscope.Step{{Pkg: "example.com/m/store", Name: "Store.flush", At: "store.go:40"}}}, 320},
	} {
		a, err := lintkit.EncodeFact(tc.fact)
		if err != nil {
			t.Fatalf("%v: %v", tc.fact, err)
		}
		b, _ := lintkit.EncodeFact(tc.fact)
		if !bytes.Equal(a, b) {
			t.Errorf("%v: encoding is not deterministic", tc.fact)
		}
		if len(a) > tc.max {
			t.Errorf("%v: %d bytes, want at most %d", tc.fact, len(a), tc.max)
		}
		back, err := lintkit.DecodeFact(tc.fact, a)
		if err != nil {
			t.Fatalf("%v: %v", tc.fact, err)
		}
		if !reflect.DeepEqual(back, tc.fact) {
			t.Errorf("round trip: got %v, want %v", back, tc.fact)
		}
	}
}

func TestChain(t *testing.T) {
	f := &ctxscope.MakesRoot{What: "context.Background", At: "a.go:3",
		Via: []ctxscope.Step{{Pkg: "example.com/m/store", Name: "flush", At: "b.go:9"}}}
	if got, want := f.Chain(nil), "through store.flush: context.Background"; got != want {
		t.Errorf("Chain = %q, want %q", got, want)
	}
	if got, want := f.String(), "makes root through store.flush (b.go:9): context.Background at a.go:3"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
}
