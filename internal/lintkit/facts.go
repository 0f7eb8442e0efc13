package lintkit

import (
	"bytes"
	"encoding/gob"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
)

// ObjectFacts returns every object fact of type T that pass knows, from this
// package and from its dependencies, keyed by object. A fact pass calls it
// once in its run and serves lookups from the map, so that reporting
// analyzers, which cannot import another analyzer's facts, read them through
// the pass's result.
func ObjectFacts[T analysis.Fact](pass *analysis.Pass) map[types.Object]T {
	m := make(map[types.Object]T)
	for _, f := range pass.AllObjectFacts() {
		if t, ok := f.Fact.(T); ok {
			m[f.Object] = t
		}
	}
	return m
}

// Origin returns the generic origin of a function or variable object, so that
// lookups keyed by declaration also find instantiated uses.
func Origin(obj types.Object) types.Object {
	switch o := obj.(type) {
	case *types.Func:
		return o.Origin()
	case *types.Var:
		return o.Origin()
	}
	return obj
}

// EncodeFact gob-encodes a fact as the drivers do; tests use it to check
// that facts round-trip, encode deterministically and stay small.
func EncodeFact(f analysis.Fact) ([]byte, error) {
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(f); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// DecodeFact decodes data into a new fact of the same type as like.
func DecodeFact(like analysis.Fact, data []byte) (analysis.Fact, error) {
	f := reflect.New(reflect.TypeOf(like).Elem()).Interface().(analysis.Fact)
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(f); err != nil {
		return nil, err
	}
	return f, nil
}

// TB is the part of testing.TB that CheckFact needs; lintkit does not
// import testing.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
}

// CheckFact is the one table test every fact type gets: its String() is
// want (unless want is ""), it gob-encodes to the same bytes twice, to at
// most max bytes (facts travel through the build cache under go vet), and
// decodes back to an equal value.
func CheckFact(t TB, fact analysis.Fact, max int, want string) {
	t.Helper()
	if s, ok := fact.(interface{ String() string }); !ok {
		t.Errorf("%T has no String method", fact)
	} else if want != "" && s.String() != want {
		t.Errorf("%T.String() = %q, want %q", fact, s.String(), want)
	}
	a, err := EncodeFact(fact)
	if err != nil {
		t.Errorf("%T: %v", fact, err)
		return
	}
	if b, _ := EncodeFact(fact); !bytes.Equal(a, b) {
		t.Errorf("%v: encoding is not deterministic", fact)
	}
	if len(a) > max {
		t.Errorf("%v: %d bytes encoded, want at most %d", fact, len(a), max)
	}
	back, err := DecodeFact(fact, a)
	if err != nil {
		t.Errorf("%T: %v", fact, err)
		return
	}
	if !reflect.DeepEqual(back, fact) {
		t.Errorf("round trip: got %#v, want %#v", back, fact)
	}
}
