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
