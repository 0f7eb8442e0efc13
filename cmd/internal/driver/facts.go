package driver

// Facts, as they cross from a package to its importers.
//
// A package's facts are encoded once, after its analysis, as a gob stream
// of (object path, fact) pairs sorted by object path and fact type, so that
// the same facts make the same bytes; the package's own facts only, with
// package facts under the empty path. An importer decodes the facts of each
// package of its closure once (they are shared, read-only, by every
// importer) and resolves the object paths in its own view of the types,
// which it read from export data, as unitchecker does with its vetx files.
// A fact whose object the importer cannot reach is not needed by it.

import (
	"bytes"
	"cmp"
	"encoding/gob"
	"errors"
	"fmt"
	"go/types"
	"io"
	"maps"
	"reflect"
	"slices"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/objectpath"
)

// A gobFact is one encoded fact.
type gobFact struct {
	ObjPath string // "" for a package fact
	Name    string // the object's name, for prefilters (lintkit.Unit.Facts); "" for a package fact
	Fact    analysis.Fact
}

// A factSet is the decoded facts of one package.
type factSet struct {
	facts []gobFact
}

// encodeFacts encodes facts deterministically.
func encodeFacts(facts []gobFact) ([]byte, error) {
	slices.SortFunc(facts, func(a, b gobFact) int {
		return cmp.Or(cmp.Compare(a.ObjPath, b.ObjPath), cmp.Compare(factTypeName(a.Fact), factTypeName(b.Fact)))
	})
	var buf bytes.Buffer
	enc := gob.NewEncoder(&buf)
	for _, f := range facts {
		if err := enc.Encode(&f); err != nil {
			return nil, fmt.Errorf("encoding fact %T of %q: %v", f.Fact, f.ObjPath, err)
		}
	}
	return buf.Bytes(), nil
}

func factTypeName(f analysis.Fact) string { return reflect.TypeOf(f).String() }

func decodeFacts(data []byte) (*factSet, error) {
	s := &factSet{}
	dec := gob.NewDecoder(bytes.NewReader(data))
	for {
		var f gobFact
		if err := dec.Decode(&f); err != nil {
			if errors.Is(err, io.EOF) {
				return s, nil
			}
			return nil, fmt.Errorf("decoding facts: %v", err)
		}
		s.facts = append(s.facts, f)
	}
}

// registerFacts makes the fact types of analyzers known to gob.
//
// gob numbers the types it meets in one process in the order it meets
// them, and those numbers are in the bytes it writes. Packages are encoded
// concurrently, so without care the same facts would make different bytes
// from run to run (and the keys of the importers' cache entries with
// them). Every fact type is therefore encoded once here, in a fixed order,
// before any package is: the numbers are the same in every run.
func registerFacts(analyzers []*analysis.Analyzer) {
	byName := map[string]analysis.Fact{}
	for _, a := range analyzers {
		for _, f := range a.FactTypes {
			byName[factTypeName(f)] = f
		}
	}
	for _, name := range slices.Sorted(maps.Keys(byName)) {
		f := byName[name]
		gob.Register(f)
		// A zero value of the fact's own type: its wire type (and those of
		// its fields) is what this numbers.
		zero := reflect.New(reflect.TypeOf(f).Elem()).Interface().(analysis.Fact)
		_ = gob.NewEncoder(io.Discard).Encode(&gobFact{Fact: zero})
	}
}

// decoded returns n's facts, decoding them on first use.
func (n *node) decoded() (*factSet, error) {
	n.factsOnce.Do(func() {
		n.facts, n.factsErr = decodeFacts(n.factsBlob)
	})
	return n.facts, n.factsErr
}

type objFactKey struct {
	obj types.Object
	typ reflect.Type
}

type pkgFactKey struct {
	pkg *types.Package
	typ reflect.Type
}

// factTable is every fact one package's analysis sees: those of its
// closure, resolved in its types, and those its analyzers export.
type factTable struct {
	objs    map[objFactKey]analysis.Fact // of the closure, resolved on first use
	pkgs    map[pkgFactKey]analysis.Fact
	ownObjs map[objFactKey]analysis.Fact // exported by this package's analyzers
	ownPkgs map[pkgFactKey]analysis.Fact

	once sync.Once
	load func() error // fills objs and pkgs
	err  error

	// typed is objs by fact type, made on first use: every fact pass asks
	// for all the facts of its types, several times a package.
	typed map[reflect.Type][]analysis.ObjectFact
}

// byType returns the closure's object facts by type (after deps).
func (t *factTable) byType() map[reflect.Type][]analysis.ObjectFact {
	if t.typed == nil {
		t.typed = map[reflect.Type][]analysis.ObjectFact{}
		for k, f := range t.objs {
			t.typed[k.typ] = append(t.typed[k.typ], analysis.ObjectFact{Object: k.obj, Fact: f})
		}
	}
	return t.typed
}

// deps resolves the closure's facts on first use; an error is a failure
// of the analyzer that needed them.
func (t *factTable) deps() {
	t.once.Do(func() { t.err = t.load() })
	if t.err != nil {
		panic(factsError{t.err})
	}
}

// factsError is the panic value of a failure to read dependency facts.
// It is an error, so that whoever recovers it (lintkit.Safe, around each
// check) prints the cause, not the struct.
type factsError struct{ err error }

func (e factsError) Error() string { return e.err.Error() }
func (e factsError) Unwrap() error { return e.err }

// resolveClosure fills t with the facts of closure, resolved in the types
// universe that type-checking the package built.
func (t *factTable) resolveClosure(closure map[string]*node, universe map[string]*types.Package) error {
	paths := make([]string, 0, len(closure))
	for path := range closure {
		paths = append(paths, path)
	}
	slices.Sort(paths)
	for _, path := range paths {
		dep := closure[path]
		if dep.factsHash == emptyFactsHash {
			continue
		}
		pkg := universe[path]
		if pkg == nil {
			continue // not reachable from this package's types
		}
		fs, err := dep.decoded()
		if err != nil {
			return fmt.Errorf("facts of %s: %v", dep.pkg.ID, err)
		}
		for _, f := range fs.facts {
			typ := reflect.TypeOf(f.Fact)
			if f.ObjPath == "" {
				t.pkgs[pkgFactKey{pkg, typ}] = f.Fact
				continue
			}
			obj, err := objectpath.Object(pkg, objectpath.Path(f.ObjPath))
			if err != nil {
				continue // an object this package cannot reach
			}
			t.objs[objFactKey{obj, typ}] = f.Fact
		}
	}
	return nil
}

// emptyFactsHash is the hash of a package without facts.
var emptyFactsHash = sha256Sum(nil)

// own returns the facts the package's analyzers exported, to encode.
func (t *factTable) own() []gobFact {
	var out []gobFact
	var enc objectpath.Encoder
	for k, f := range t.ownObjs {
		p, err := enc.For(k.obj)
		if err != nil {
			continue // a local object: no importer can name it
		}
		out = append(out, gobFact{ObjPath: string(p), Name: k.obj.Name(), Fact: f})
	}
	for _, f := range t.ownPkgs {
		out = append(out, gobFact{Fact: f})
	}
	return out
}
