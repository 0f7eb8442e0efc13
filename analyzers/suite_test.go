package analyzers_test

// Properties that Bazel's nogo (and any driver that loads analyzers as
// plain values) relies on, checked for every analyzer of the suite:
//
//   - its package exports exactly one variable, Analyzer, and it is this
//     analyzer;
//   - no package-level mutable state in analyzers/* and passes/*: besides
//     Analyzer and go:embed doc strings, a package-level variable must be
//     initialised where it is declared, of a type with no synchronisation
//     inside, and never written (assigned, incremented, address taken,
//     passed to delete, clear, copy or a mutating slices/maps/sort
//     function, or the receiver of a pointer method): a read-only lookup
//     table. A write through a helper that receives the table is not seen;
//   - configuration only through Analyzer.Flags: no environment reads, no
//     use of the global flag set;
//   - facts: every fact type has a String method, and running an analyzer
//     twice over the same packages, loaded twice, produces the same facts
//     with the same gob bytes (map iteration order, pointers or addresses
//     in a fact would show here).

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxbound/ctxbound/analyzers"
)

const module = "github.com/ctxbound/ctxbound"

// suitePackages loads analyzers/... and passes/... with syntax and types.
func suitePackages(t *testing.T) []*packages.Package {
	t.Helper()
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo,
		Dir:  "..",
	}
	pkgs, err := packages.Load(cfg, "./analyzers/...", "./passes/...")
	if err != nil {
		t.Fatal(err)
	}
	var out []*packages.Package
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			t.Fatalf("%s: %v", p.PkgPath, p.Errors)
		}
		out = append(out, p)
	}
	return out
}

// everyAnalyzer is All and everything it requires that is ours.
func everyAnalyzer() []*analysis.Analyzer {
	var list []*analysis.Analyzer
	seen := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		list = append(list, a)
		for _, r := range a.Requires {
			visit(r)
		}
	}
	for _, a := range analyzers.All() {
		visit(a)
	}
	return list
}

// analyzerVars finds each package-level variable initialised with an
// &analysis.Analyzer{Name: ...} literal: name -> package.
func analyzerVars(pkgs []*packages.Package) map[string][]*packages.Package {
	m := map[string][]*packages.Package{}
	for _, p := range pkgs {
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				gd, ok := d.(*ast.GenDecl)
				if !ok || gd.Tok != token.VAR {
					continue
				}
				for _, s := range gd.Specs {
					for _, v := range s.(*ast.ValueSpec).Values {
						u, ok := v.(*ast.UnaryExpr)
						if !ok {
							continue
						}
						lit, ok := u.X.(*ast.CompositeLit)
						if !ok || !isAnalyzerType(p.TypesInfo.TypeOf(lit)) {
							continue
						}
						for _, e := range lit.Elts {
							kv, ok := e.(*ast.KeyValueExpr)
							if k, _ := kv.Key.(*ast.Ident); ok && k != nil && k.Name == "Name" {
								if tv := p.TypesInfo.Types[kv.Value]; tv.Value != nil {
									name := strings.Trim(tv.Value.ExactString(), `"`)
									m[name] = append(m[name], p)
								}
							}
						}
					}
				}
			}
		}
	}
	return m
}

func isAnalyzerType(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Name() == "Analyzer" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "golang.org/x/tools/go/analysis"
}

// TestNogoOneAnalyzerPerPackage: every check's package exports exactly one
// variable, Analyzer, and it is the check.
func TestNogoOneAnalyzerPerPackage(t *testing.T) {
	pkgs := suitePackages(t)
	decl := analyzerVars(pkgs)
	for _, a := range everyAnalyzer() {
		ps := decl[a.Name]
		if len(ps) == 0 {
			// x/tools' passes (inspect, buildssa, ctrlflow) are not ours.
			continue
		}
		if len(ps) != 1 {
			t.Errorf("%s: declared in %d packages", a.Name, len(ps))
			continue
		}
		p := ps[0]
		var exported []string
		scope := p.Types.Scope()
		for _, name := range scope.Names() {
			if v, ok := scope.Lookup(name).(*types.Var); ok && v.Exported() {
				exported = append(exported, name)
			}
		}
		if !slices.Equal(exported, []string{"Analyzer"}) {
			t.Errorf("%s (%s): exported package-level variables %v, want exactly [Analyzer]", a.Name, p.PkgPath, exported)
		}
		if strings.HasPrefix(p.PkgPath, module+"/analyzers/") || strings.HasPrefix(p.PkgPath, module+"/passes/") {
			if got := filepath.Base(p.PkgPath); got != a.Name {
				t.Errorf("%s is declared in package %s: name, package and folder must agree", a.Name, p.PkgPath)
			}
		}
	}
	// Every check folder is in the suite.
	inSuite := map[string]bool{}
	for _, a := range analyzers.All() {
		inSuite[a.Name] = true
	}
	for _, p := range pkgs {
		if strings.HasPrefix(p.PkgPath, module+"/analyzers/") && !inSuite[filepath.Base(p.PkgPath)] {
			t.Errorf("%s is not in analyzers.All", p.PkgPath)
		}
	}
}

// TestNogoNoPackageState: no package-level mutable state.
func TestNogoNoPackageState(t *testing.T) {
	for _, p := range suitePackages(t) {
		tables, errs := checkPackageState(p)
		for _, e := range errs {
			t.Error(e)
		}
		if len(tables) > 0 {
			t.Logf("%s: read-only tables %v", p.PkgPath, tables)
		}
	}
}

// checkPackageState returns the read-only tables among the package-level
// variables of p, and an error for each that is state.
func checkPackageState(p *packages.Package) (tables, errs []string) {
	errorf := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	vars := map[*types.Var]*ast.ValueSpec{}
	for _, f := range p.Syntax {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, s := range gd.Specs {
				vs := s.(*ast.ValueSpec)
				for _, id := range vs.Names {
					if v, ok := p.TypesInfo.Defs[id].(*types.Var); ok {
						vars[v] = vs
					}
				}
			}
		}
	}
	writes := writtenVars(p)
	for v, vs := range vars {
		posn := p.Fset.Position(v.Pos())
		switch {
		case v.Name() == "_":
			continue
		case v.Name() == "Analyzer" && isAnalyzerPtr(v.Type()):
			if w := writes[v]; w != "" {
				errorf("%s: Analyzer is written at %s", posn, w)
			}
			continue
		case isEmbedSpec(p, vs) && types.Identical(v.Type(), types.Typ[types.String]):
			if w := writes[v]; w != "" {
				errorf("%s: embedded %s is written at %s", posn, v.Name(), w)
			}
			continue
		}
		switch {
		case len(vs.Values) == 0:
			errorf("%s: package-level variable %s has no initialiser: package-level state (nogo runs many packages in one process)", posn, v.Name())
		case hasSync(v.Type(), map[types.Type]bool{}):
			errorf("%s: package-level variable %s holds synchronisation or a channel: package-level state", posn, v.Name())
		case writes[v] != "":
			errorf("%s: package-level variable %s is written at %s: package-level state", posn, v.Name(), writes[v])
		default:
			tables = append(tables, v.Name())
		}
	}
	slices.Sort(tables)
	slices.Sort(errs)
	return tables, errs
}

func isAnalyzerPtr(t types.Type) bool {
	ptr, ok := types.Unalias(t).(*types.Pointer)
	return ok && isAnalyzerType(ptr.Elem())
}

func isEmbed(gd *ast.GenDecl, vs *ast.ValueSpec) bool {
	for _, cg := range []*ast.CommentGroup{gd.Doc, vs.Doc} {
		if cg == nil {
			continue
		}
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//go:embed ") {
				return true
			}
		}
	}
	return false
}

func isEmbedSpec(p *packages.Package, vs *ast.ValueSpec) bool {
	for _, f := range p.Syntax {
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && slices.Contains(gd.Specs, ast.Spec(vs)) {
				return isEmbed(gd, vs)
			}
		}
	}
	return false
}

// hasSync reports whether t holds a sync or sync/atomic type or a channel.
func hasSync(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		if pkg := t.Obj().Pkg(); pkg != nil && (pkg.Path() == "sync" || pkg.Path() == "sync/atomic") {
			return true
		}
		return hasSync(t.Underlying(), seen)
	case *types.Chan:
		return true
	case *types.Pointer:
		return hasSync(t.Elem(), seen)
	case *types.Slice:
		return hasSync(t.Elem(), seen)
	case *types.Array:
		return hasSync(t.Elem(), seen)
	case *types.Map:
		return hasSync(t.Key(), seen) || hasSync(t.Elem(), seen)
	case *types.Struct:
		for i := range t.NumFields() {
			if hasSync(t.Field(i).Type(), seen) {
				return true
			}
		}
	}
	return false
}

// mutators are the standard functions that write into their first
// argument.
var mutators = map[string]bool{
	"slices.Sort": true, "slices.SortFunc": true, "slices.SortStableFunc": true, "slices.Reverse": true,
	"slices.Delete": true, "slices.DeleteFunc": true, "slices.Compact": true, "slices.CompactFunc": true,
	"slices.Replace": true, "slices.Insert": true, "maps.Copy": true, "maps.DeleteFunc": true,
	"sort.Strings": true, "sort.Ints": true, "sort.Slice": true, "sort.SliceStable": true, "sort.Sort": true, "sort.Stable": true,
}

// writtenVars returns, for each package-level variable of p that is
// written directly, the position of one write.
func writtenVars(p *packages.Package) map[*types.Var]string {
	out := map[*types.Var]string{}
	// root returns the package-level variable at the root of an
	// expression x, x[i], x.f, x[i].f[j], *x.
	var root func(e ast.Expr) *types.Var
	root = func(e ast.Expr) *types.Var {
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			if v, ok := p.TypesInfo.Uses[e].(*types.Var); ok && v.Parent() == p.Types.Scope() {
				return v
			}
		case *ast.IndexExpr:
			return root(e.X)
		case *ast.SelectorExpr:
			if sel := p.TypesInfo.Selections[e]; sel != nil && sel.Kind() == types.FieldVal {
				return root(e.X)
			}
			return root(e.Sel)
		case *ast.StarExpr:
			return root(e.X)
		case *ast.SliceExpr:
			return root(e.X)
		}
		return nil
	}
	mark := func(e ast.Expr) {
		if v := root(e); v != nil {
			if _, ok := out[v]; !ok {
				out[v] = p.Fset.Position(e.Pos()).String()
			}
		}
	}
	for _, f := range p.Syntax {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GenDecl:
				// The initialisers of package-level declarations are not writes.
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					mark(l)
				}
			case *ast.IncDecStmt:
				mark(n.X)
			case *ast.RangeStmt:
				if n.Key != nil && n.Tok == token.ASSIGN {
					mark(n.Key)
				}
				if n.Value != nil && n.Tok == token.ASSIGN {
					mark(n.Value)
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					mark(n.X)
				}
			case *ast.CallExpr:
				if len(n.Args) == 0 {
					break
				}
				switch fn := p.TypesInfo.Uses[calleeIdent(n.Fun)].(type) {
				case *types.Builtin:
					switch fn.Name() {
					case "delete", "clear", "copy", "append":
						mark(n.Args[0])
					}
				case *types.Func:
					if fn.Pkg() != nil && mutators[fn.Pkg().Path()+"."+fn.Name()] {
						mark(n.Args[0])
					}
				}
				// A pointer method called on a variable (auto-addressed).
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
					if s := p.TypesInfo.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
						if _, ptr := s.Obj().(*types.Func).Signature().Recv().Type().(*types.Pointer); ptr {
							if _, isPtr := types.Unalias(p.TypesInfo.TypeOf(sel.X)).(*types.Pointer); !isPtr {
								mark(sel.X)
							}
						}
					}
				}
			}
			return true
		})
	}
	return out
}

func calleeIdent(e ast.Expr) *ast.Ident {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e
	case *ast.SelectorExpr:
		return e.Sel
	case *ast.IndexExpr: // generic instantiation
		return calleeIdent(e.X)
	case *ast.IndexListExpr:
		return calleeIdent(e.X)
	}
	return nil
}

// TestNogoStateCheck makes sure checkPackageState can fail.
func TestNogoStateCheck(t *testing.T) {
	src := `package p

import (
	"slices"
	"sync"
)

var counter int
var cache = map[string]int{}
var mu = new(sync.Mutex)
var table = []string{"a", "b"}
var sorted = []string{"b", "a"}
var helped = []string{"b", "a"}
var addr = 1

func F(k string) int {
	counter++
	cache[k] = len(table)
	slices.Sort(sorted)
	sortIt(helped)
	_ = &addr
	return counter
}

func sortIt(s []string) { s[0] = "" }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{},
		Types: map[ast.Expr]types.TypeAndValue{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	tables, errs := checkPackageState(&packages.Package{PkgPath: "p", Fset: fset, Syntax: []*ast.File{f}, Types: pkg, TypesInfo: info})
	if !slices.Equal(tables, []string{"helped", "table"}) {
		t.Errorf("read-only tables %v, want [helped table] (a write through a helper is not seen)", tables)
	}
	for _, v := range []string{"counter has no initialiser", "cache is written", "mu holds synchronisation", "sorted is written", "addr is written"} {
		if !slices.ContainsFunc(errs, func(e string) bool { return strings.Contains(e, v) }) {
			t.Errorf("no error %q in %q", v, errs)
		}
	}
}

// TestNogoConfigThroughFlags: no environment reads, no global flag set.
func TestNogoConfigThroughFlags(t *testing.T) {
	forbidden := map[string]bool{
		"os.Getenv": true, "os.LookupEnv": true, "os.Environ": true, "syscall.Getenv": true, "os.ExpandEnv": true,
	}
	for _, p := range suitePackages(t) {
		for id, obj := range p.TypesInfo.Uses {
			if obj.Pkg() == nil {
				continue
			}
			name := obj.Pkg().Path() + "." + obj.Name()
			bad := forbidden[name]
			if obj.Pkg().Path() == "flag" && obj.Parent() == obj.Pkg().Scope() {
				// Package-level flag functions and CommandLine use the
				// global flag set; NewFlagSet and the types are fine.
				switch obj.(type) {
				case *types.Func:
					bad = obj.Name() != "NewFlagSet"
				case *types.Var:
					bad = true
				}
			}
			if bad {
				t.Errorf("%s: %s: configuration must come through Analyzer.Flags", p.Fset.Position(id.Pos()), name)
			}
		}
	}
}

// TestNogoFacts: reporting checks declare no facts (they read them through
// the fact passes' results); every fact type has a String method; and
// each analyzer, run twice over testdata/nogo loaded twice, exports the
// same facts with the same gob bytes. testdata/nogo has an instance of
// every fact type.
func TestNogoFacts(t *testing.T) {
	if testing.Short() {
		t.Skip("loads testdata/nogo twice and analyzes it twice per analyzer")
	}
	for _, a := range analyzers.Checks() {
		if len(a.FactTypes) > 0 {
			t.Errorf("%s: a reporting check declares facts %T: facts belong in a pass under passes/", a.Name, a.FactTypes)
		}
	}
	for _, a := range everyAnalyzer() {
		for _, f := range a.FactTypes {
			if _, ok := f.(fmt.Stringer); !ok {
				t.Errorf("%s: fact type %T has no String method", a.Name, f)
			}
		}
	}

	load := func() []*packages.Package {
		cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: filepath.Join("..", "testdata", "nogo"), Env: append(os.Environ(), "GOWORK=off")}
		pkgs, err := packages.Load(cfg, "./...")
		if err != nil {
			t.Fatal(err)
		}
		if n := packages.PrintErrors(pkgs); n > 0 {
			t.Fatalf("testdata/nogo: %d errors", n)
		}
		return pkgs
	}
	first, second := load(), load()

	counts := map[string]int{}
	for _, a := range analyzers.All() {
		f1 := facts(t, a, first)
		f2 := facts(t, a, second)
		for k, b := range f1 {
			counts[k[:strings.Index(k, "|")]]++
			if b2, ok := f2[k]; !ok {
				t.Errorf("%s: fact %s is missing from the second run", a.Name, k)
			} else if !bytes.Equal(b, b2) {
				t.Errorf("%s: fact %s has different gob bytes in the second run", a.Name, k)
			}
		}
		for k := range f2 {
			if _, ok := f1[k]; !ok {
				t.Errorf("%s: fact %s is only in the second run", a.Name, k)
			}
		}
	}
	t.Logf("facts compared, by fact type: %v", counts)
	for _, a := range everyAnalyzer() {
		for _, f := range a.FactTypes {
			if typ := fmt.Sprintf("%T", f); counts[typ] == 0 {
				t.Errorf("no %s fact in testdata/nogo: add a declaration that has one to testdata/nogo/facts", typ)
			}
		}
	}
}

// maxFactSize is a generous cap on one encoded fact: facts travel through
// the build cache for every package of every build.
const maxFactSize = 16 << 10

// facts runs a over pkgs and returns every fact exported by every action
// of the graph, keyed by fact type, package, object and analyzer, as gob
// bytes. It also checks that encoding is deterministic within a run and
// that a fact survives a gob round trip.
func facts(t *testing.T, a *analysis.Analyzer, pkgs []*packages.Package) map[string][]byte {
	t.Helper()
	out, problems, err := analyzeFacts(a, pkgs)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
	return out
}

// analyzeFacts is facts without a testing.T: it returns the problems.
func analyzeFacts(a *analysis.Analyzer, pkgs []*packages.Package) (map[string][]byte, []string, error) {
	g, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
	if err != nil {
		return nil, nil, err
	}
	out := map[string][]byte{}
	var problems []string
	errorf := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	encode := func(key string, f analysis.Fact) {
		var b1, b2 bytes.Buffer
		if err := gob.NewEncoder(&b1).Encode(f); err != nil {
			errorf("%s: gob: %v", key, err)
			return
		}
		gob.NewEncoder(&b2).Encode(f)
		if !bytes.Equal(b1.Bytes(), b2.Bytes()) {
			errorf("%s: two encodings of one fact differ (a map in the fact?)", key)
		}
		if b1.Len() > maxFactSize {
			errorf("%s: %d bytes encoded, over %d", key, b1.Len(), maxFactSize)
		}
		back := reflect.New(reflect.TypeOf(f).Elem()).Interface()
		if err := gob.NewDecoder(bytes.NewReader(b1.Bytes())).Decode(back); err != nil {
			errorf("%s: gob decode: %v", key, err)
		} else if s1, s2 := fmt.Sprint(f), fmt.Sprint(back); s1 != s2 {
			errorf("%s: after a gob round trip the fact reads %q, was %q", key, s2, s1)
		}
		out[key] = b1.Bytes()
	}
	for act := range g.All() {
		if act.Err != nil {
			errorf("%s: %v", act, act.Err)
			continue
		}
		if len(act.Analyzer.FactTypes) == 0 {
			continue
		}
		self := act.Package.Types
		for _, f := range act.AllObjectFacts() {
			if f.Object.Pkg() != self {
				continue // inherited from a dependency
			}
			posn := act.Package.Fset.Position(f.Object.Pos())
			encode(fmt.Sprintf("%T|%s|%s:%d:%d %s|%s", f.Fact, self.Path(), filepath.Base(posn.Filename), posn.Line, posn.Column, f.Object.Name(), act.Analyzer.Name), f.Fact)
		}
		for _, f := range act.AllPackageFacts() {
			if f.Package == self {
				encode(fmt.Sprintf("%T|%s|package|%s", f.Fact, self.Path(), act.Analyzer.Name), f.Fact)
			}
		}
	}
	return out, problems, nil
}

// mapFact is a nondeterministic fact: gob encodes maps in iteration order.
type mapFact struct{ M map[string]int }

func (*mapFact) AFact()           {}
func (f *mapFact) String() string { return fmt.Sprint(len(f.M)) }

// TestNogoFactsCheck makes sure analyzeFacts sees a fact whose encoding
// changes from one encoding to the next.
func TestNogoFactsCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("loads testdata/nogo")
	}
	bad := &analysis.Analyzer{
		Name:      "mapfacts",
		Doc:       "export a fact with a map on every package-level function",
		FactTypes: []analysis.Fact{new(mapFact)},
		Run: func(pass *analysis.Pass) (any, error) {
			for _, name := range pass.Pkg.Scope().Names() {
				if fn, ok := pass.Pkg.Scope().Lookup(name).(*types.Func); ok {
					m := map[string]int{}
					for i := range 64 {
						m[fmt.Sprint(name, i)] = i
					}
					pass.ExportObjectFact(fn, &mapFact{M: m})
				}
			}
			return nil, nil
		},
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: filepath.Join("..", "testdata", "nogo"), Env: append(os.Environ(), "GOWORK=off")}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	_, problems, err := analyzeFacts(bad, pkgs)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(problems, func(p string) bool { return strings.Contains(p, "two encodings of one fact differ") }) {
		t.Errorf("a map-holding fact was not caught; problems: %q", problems)
	}
}
