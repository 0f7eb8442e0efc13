package slots_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
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
		{&slots.Accessor{Field: "fs", Kind: slots.Guarded, Once: true}, 100, "slot accessor of mutex field fs, bound once"},
		{&slots.Accessor{Field: "current", Kind: slots.Atomic}, 100, "slot accessor of atomic field current"},
		{&slots.Accessor{Field: "shared.ID", Kind: slots.Numeric}, 100, "slot accessor of numeric field shared.ID"},
		{&slots.StoresCancel{Params: []int{1}}, 100, "stores cancel params 1 into a field"},
		{&slots.StoresCancel{Params: []int{0, 2, 5}}, 100, "stores cancel params 0,2,5 into a field"},
		{&slots.InPlace{Locked: true}, 100, "changed in place"},
		{&slots.InPlace{}, 100, "changed in place without a lock"},
		{&slots.InPlace{Fields: []string{"Limit", "Name"}, Locked: true}, 100, "changed in place: Limit, Name"},
		{&slots.InPlace{Fields: []string{"Limit", "Name"}}, 100, "changed in place without a lock: Limit, Name"},
		{&slots.AtomicMethod{Op: slots.OpLoad, Type: "Int64"}, 100, "atomic Load of Int64"},
		{&slots.AtomicMethod{Op: slots.OpStore, Type: "Bool", Const: true}, 100, "atomic Store of Bool (a constant)"},
		{&slots.SelfBound{Fields: []slots.Binding{{Path: "hooks.process", Method: "Process"}, {Path: "onClose"}}}, 200, "self-bound fields hooks.process (Process), onClose (a closure)"},
	} {
		lintkit.CheckFact(t, tc.fact, tc.max, tc.str)
	}
}
