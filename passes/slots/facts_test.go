package slots_test

import (
	"bytes"
	"encoding/gob"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/passes/slots"
)

// TestFactsGob checks every fact type: String, gob round trip,
// deterministic bytes and a size cap (facts travel through the build cache
// under go vet, one per accessor or constructor).
func TestFactsGob(t *testing.T) {
	for _, tc := range []struct {
		fact analysis.Fact
		max  int
		str  string
	}{
		{&slots.Accessor{Field: "run", Kind: slots.Guarded}, 100, "slot accessor of mutex field run"},
		{&slots.Accessor{Field: "current", Kind: slots.Atomic}, 100, "slot accessor of atomic field current"},
		{&slots.StoresCancel{Params: []int{1}}, 100, "stores cancel params 1 into a field"},
		{&slots.StoresCancel{Params: []int{0, 2, 5}}, 100, "stores cancel params 0,2,5 into a field"},
	} {
		t.Run(tc.str, func(t *testing.T) {
			if got := tc.fact.(interface{ String() string }).String(); got != tc.str {
				t.Errorf("String() = %q, want %q", got, tc.str)
			}
			enc := func(f analysis.Fact) []byte {
				var buf bytes.Buffer
				if err := gob.NewEncoder(&buf).Encode(f); err != nil {
					t.Fatal(err)
				}
				return buf.Bytes()
			}
			a := enc(tc.fact)
			if b := enc(tc.fact); !bytes.Equal(a, b) {
				t.Errorf("encoding is not deterministic")
			}
			if len(a) > tc.max {
				t.Errorf("encoded size %d > cap %d", len(a), tc.max)
			}
			out := reflect.New(reflect.TypeOf(tc.fact).Elem()).Interface().(analysis.Fact)
			if err := gob.NewDecoder(bytes.NewReader(a)).Decode(out); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(out, tc.fact) {
				t.Errorf("round trip: got %#v, want %#v", out, tc.fact)
			}
			if c := enc(out); !bytes.Equal(a, c) {
				t.Errorf("re-encoding the decoded fact changed its bytes")
			}
		})
	}
}
