package lintkit

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
)

// A Prefilter tells, before a package is type-checked, whether a fact pass
// may export a fact for it: false means that the pass, run on the package,
// exports none. It must never say false of a package the pass exports a
// fact for (a superset is always right; a false negative loses findings in
// every importer), so it errs towards true.
//
// Most dependencies of a program export no fact: of the 551 packages etcd's
// server imports, 488 (three quarters of their source) export none. The
// standalone driver parses a dependency, asks the prefilter of every fact
// pass of the run, and when all of them say false it neither type-checks
// nor analyzes the package: its importers read its types from export data
// and see no facts of it, as they would have. CTXBOUND_PREFILTER=check makes
// the driver analyze such packages anyway and fail on any fact they export.
type Prefilter func(u *Unit) bool

// A Unit is what a Prefilter knows of a package: its syntax, its imports,
// and the facts of the packages it imports, by the names of their objects.
type Unit struct {
	// Path is the package's path.
	Path string
	// Files are the package's files. A driver may parse a file without
	// its comments when none of them can be a directive (its bytes do not
	// hold "ctxbound:").
	Files []*ast.File
	// Imports reports whether the package imports path directly.
	Imports func(path string) bool
	// Reaches reports whether path is among the package's transitive
	// imports.
	Reaches func(path string) bool
	// Facts returns the names of the objects of the transitive imports
	// that carry a fact of like's type; unknown when the driver cannot say
	// (then every name may).
	Facts func(like analysis.Fact) (names map[string]bool, unknown bool)
	// Configured reports that a configuration file applies to the package
	// (spawners, context types and identity keys may be configured).
	Configured bool
	// Lookup returns the object that qual.name denotes in file (qual
	// names an import of it), as the import's export data says, or nil
	// when it cannot tell. It may be nil.
	Lookup func(file *ast.File, qual, name string) types.Object

	syn atomic.Pointer[unitSyntax] // what scan finds, perhaps shared (ShareSyntax)
}

// unitSyntax is what one walk of a unit's files finds.
type unitSyntax struct {
	once    sync.Once
	idents  map[string]bool
	specs   map[string][]TypeSpecAt
	structs []StructAt
	assigns []*ast.AssignStmt // by position
}

// A StructAt is a struct type of a unit (a declaration's, a literal's, a
// field's) and the file that holds it.
type StructAt struct {
	Type *ast.StructType
	File *ast.File
}

// syntax returns u's unitSyntax, made on first use.
func (u *Unit) syntax() *unitSyntax {
	if s := u.syn.Load(); s != nil {
		return s
	}
	u.syn.CompareAndSwap(nil, new(unitSyntax))
	return u.syn.Load()
}

// ShareSyntax makes u read what v finds in the files (identifiers, type
// declarations, struct types, field assignments), walked once for both.
// A driver that asks several prefilters about one package builds a Unit
// per pass, since each pass sees the facts of its own analyzers, over the
// same files: v's.
func (u *Unit) ShareSyntax(v *Unit) { u.syn.Store(v.syntax()) }

// A TypeSpecAt is a type declaration of a unit and the file that holds it.
type TypeSpecAt struct {
	Spec *ast.TypeSpec
	File *ast.File
}

// scan walks the files once for the identifiers, the type declarations,
// the struct types and the field assignments.
func (u *Unit) scan() *unitSyntax {
	s := u.syntax()
	s.once.Do(func() {
		size := 0
		for _, f := range u.Files {
			size += int(f.FileEnd - f.FileStart)
		}
		s.idents = make(map[string]bool, size/64) // distinct names: one per 64 bytes or so
		s.specs = map[string][]TypeSpecAt{}
		for _, f := range u.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.Ident:
					s.idents[n.Name] = true
				case *ast.TypeSpec:
					s.specs[n.Name.Name] = append(s.specs[n.Name.Name], TypeSpecAt{n, f})
				case *ast.StructType:
					s.structs = append(s.structs, StructAt{n, f})
				case *ast.AssignStmt:
					if n.Tok == token.ASSIGN && slices.ContainsFunc(n.Lhs, func(l ast.Expr) bool {
						_, ok := ast.Unparen(l).(*ast.SelectorExpr)
						return ok
					}) {
						s.assigns = append(s.assigns, n)
					}
				}
				return true
			})
		}
		// Files are walked in order, but the file set may hold them in
		// another: FieldAssigns searches by position.
		slices.SortFunc(s.assigns, func(a, b *ast.AssignStmt) int { return cmp.Compare(a.Pos(), b.Pos()) })
	})
	return s
}

// StructTypes returns the unit's struct types, those in function bodies
// and in other types included, in file order.
func (u *Unit) StructTypes() []StructAt { return u.scan().structs }

// FieldAssigns returns the plain assignments (=) between pos and end that
// assign a selector expression (x.f = v, among others), in source order.
func (u *Unit) FieldAssigns(pos, end token.Pos) []*ast.AssignStmt {
	all := u.scan().assigns
	i, _ := slices.BinarySearchFunc(all, pos, func(a *ast.AssignStmt, p token.Pos) int { return cmp.Compare(a.Pos(), p) })
	j := i
	for j < len(all) && all[j].End() <= end {
		j++
	}
	return all[i:j]
}

// TypeSpecs returns the unit's type declarations by name, in file order,
// those in function bodies included (a name may then have several).
func (u *Unit) TypeSpecs() map[string][]TypeSpecAt {
	return u.scan().specs
}

// ImportNamed returns the package that file imports under the name qual
// (the package's own name when the import gives none), resolve mapping an
// import path of the file to its package (nil: unknown); nil when there is
// none.
func ImportNamed(file *ast.File, qual string, resolve func(path string) *types.Package) *types.Package {
	for _, spec := range file.Imports {
		path, _ := strconv.Unquote(spec.Path.Value)
		pkg := resolve(path)
		if pkg == nil {
			continue
		}
		if spec.Name != nil && spec.Name.Name == qual || spec.Name == nil && pkg.Name() == qual {
			return pkg
		}
	}
	return nil
}

// Mentions reports whether an identifier of the package's files is name.
// A call of a function or method, a method value and a reference to a type
// all name it, so a package that mentions none of the names of the
// objects a fact depends on cannot depend on them.
func (u *Unit) Mentions(name string) bool {
	return u.scan().idents[name]
}

// LookupIn returns what qual.name denotes in file, or nil when the unit
// cannot tell.
func (u *Unit) LookupIn(file *ast.File, qual, name string) types.Object {
	if u.Lookup == nil {
		return nil
	}
	return u.Lookup(file, qual, name)
}

// HasFacts reports whether an object of the transitive imports carries a
// fact of like's type.
func (u *Unit) HasFacts(like analysis.Fact) bool {
	names, unknown := u.Facts(like)
	return unknown || len(names) > 0
}

// FactNames adds to set the names of the objects of the transitive imports
// that carry a fact of one of the types of likes, and reports false when
// any name may (the facts are unknown).
func (u *Unit) FactNames(set map[string]bool, likes ...analysis.Fact) bool {
	for _, like := range likes {
		names, unknown := u.Facts(like)
		if unknown {
			return false
		}
		for name := range names {
			set[name] = true
		}
	}
	return true
}

// MentionsFact reports whether the package mentions the name of an object
// of its transitive imports that carries a fact of one of the types of
// likes.
func (u *Unit) MentionsFact(likes ...analysis.Fact) bool {
	names := map[string]bool{}
	if !u.FactNames(names, likes...) {
		return true
	}
	if len(names) == 0 {
		return false
	}
	idents := u.scan().idents
	if len(names) > len(idents) {
		for name := range idents {
			if names[name] {
				return true
			}
		}
		return false
	}
	for name := range names {
		if idents[name] {
			return true
		}
	}
	return false
}

var prefilters sync.Map // *analysis.Analyzer → Prefilter

// SetPrefilter registers the prefilter of fact pass a; a pass calls it
// from an init function of its package.
func SetPrefilter(a *analysis.Analyzer, p Prefilter) { prefilters.Store(a, p) }

// PrefilterOf returns the prefilter of a, or nil when it has none (a
// driver then analyzes every package a runs on).
func PrefilterOf(a *analysis.Analyzer) Prefilter {
	p, _ := prefilters.Load(a)
	f, _ := p.(Prefilter)
	return f
}

// UnitOf returns the Unit a driver would build for pass's package, before
// type-checking it: its files, its imports, and the facts its imports
// carry (of pass's analyzer and those it requires, as pass sees them).
func UnitOf(pass *analysis.Pass, configured bool) *Unit {
	closure := map[string]bool{}
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		for _, q := range p.Imports() {
			if !closure[q.Path()] {
				closure[q.Path()] = true
				visit(q)
			}
		}
	}
	visit(pass.Pkg)
	names := map[reflect.Type]map[string]bool{}
	for _, f := range pass.AllObjectFacts() {
		if f.Object.Pkg() == pass.Pkg {
			continue
		}
		t := reflect.TypeOf(f.Fact)
		if names[t] == nil {
			names[t] = map[string]bool{}
		}
		names[t][f.Object.Name()] = true
	}
	imported := map[string]*types.Package{}
	for _, im := range pass.Pkg.Imports() {
		imported[im.Path()] = im
	}
	lookup := func(file *ast.File, qual, name string) types.Object {
		if pkg := ImportNamed(file, qual, func(path string) *types.Package { return imported[path] }); pkg != nil {
			return pkg.Scope().Lookup(name)
		}
		return nil
	}
	return &Unit{
		Path:    pass.Pkg.Path(),
		Files:   pass.Files,
		Lookup:  lookup,
		Imports: func(path string) bool { return imported[path] != nil },
		Reaches: func(path string) bool { return closure[path] },
		Facts: func(like analysis.Fact) (map[string]bool, bool) {
			return names[reflect.TypeOf(like)], false
		},
		Configured: configured,
	}
}

// CheckPrefilter is the test every prefilter gets, on every package its
// pass's tests analyze: where the pass exported a fact (own, as
// analysistest.Result.Facts holds them), the prefilter must say it may.
func CheckPrefilter(t TB, a *analysis.Analyzer, pass *analysis.Pass, own map[types.Object][]analysis.Fact) {
	t.Helper()
	p := PrefilterOf(a)
	if p == nil {
		t.Errorf("%s has no prefilter", a.Name)
		return
	}
	if pass == nil || len(own) == 0 {
		return
	}
	if !p(UnitOf(pass, false)) {
		for obj, fs := range own {
			t.Errorf("%s: the prefilter of %s says no fact, but %s has %v", pass.Pkg.Path(), a.Name, obj.Name(), fs)
			break
		}
	}
}

// ParseUnit returns the Unit of a package at path made of srcs, which
// imports (directly and transitively) reaches, with the facts of facts
// (fact type name, as reflect spells it, to object names): prefilter
// tests build their cases with it.
func ParseUnit(path string, reaches []string, facts map[string][]string, srcs ...string) (*Unit, error) {
	fset := token.NewFileSet()
	var files []*ast.File
	for i, src := range srcs {
		f, err := parser.ParseFile(fset, fmt.Sprintf("%s/f%d.go", path, i), src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	direct := map[string]bool{}
	for _, f := range files {
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			direct[p] = true
		}
	}
	return &Unit{
		Path:    path,
		Files:   files,
		Imports: func(p string) bool { return direct[p] },
		Reaches: func(p string) bool { return direct[p] || slices.Contains(reaches, p) },
		Facts: func(like analysis.Fact) (map[string]bool, bool) {
			names := map[string]bool{}
			for _, n := range facts[reflect.TypeOf(like).String()] {
				names[n] = true
			}
			return names, false
		},
	}, nil
}
