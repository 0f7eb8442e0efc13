package slots

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sync"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/directives"
)

func init() { lintkit.SetPrefilter(Analyzer, prefilter) }

// prefilter says whether the pass may export a fact for a package, fact by
// fact:
//
//   - InPlace: run's own gate, an import of sync (or internal/sync), and an
//     exported field of a reference type (mayInPlace);
//   - StoresCancel: context among the imports, and a parameter that may be
//     a cancel token: context.CancelFunc or CancelCauseFunc, an alias of
//     one, or a type marked canceltoken (a fact of directives; a directive
//     of the package is the directives pass's to say), or a pointer to one;
//   - Accessor: sync or sync/atomic among the imports, and a method
//     without parameters and with one result that names Lock, RLock, an
//     atomic operation (Load, LoadInt32, ...) or a method of an imported
//     atomic type (an AtomicMethod fact);
//   - AtomicMethod: the same imports, and a method whose body is one
//     statement that names one of those;
//   - SelfBound: a field of the receiver or of a value the function
//     allocates, x, assigned a method value of x (a method of the package,
//     or any where a struct embeds) or a function literal that names x
//     (c.f = c.M, c.f = func() { c.g() }), bare, converted, or in a struct
//     literal.
func prefilter(u *lintkit.Unit) bool {
	if u.Path == "context" || u.Reaches("context") && mayStoreCancel(u) {
		return true
	}
	if (u.Imports("sync") || u.Imports("internal/sync")) && mayInPlace(u) {
		return true
	}
	locks := slices.ContainsFunc(mutexPkgs, u.Reaches) || u.Reaches("sync/atomic") || slices.Contains(mutexPkgs, u.Path) || u.Path == "sync/atomic"
	b := &binder{u: u}
	var names map[string]bool // the names an accessor or an atomic method calls; nil: any
	if locks {
		names = map[string]bool{}
		if !u.FactNames(names, new(AtomicMethod)) {
			names = nil
		} else {
			for n := range atomicNames {
				names[n] = true
			}
		}
	}
	for _, f := range u.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && (locks && (mayAccess(fd, names) || mayAtomic(fd, names)) || b.maySelfBind(fd)) {
				return true
			}
		}
	}
	return false
}

// atomicNames are the names that an accessor or a method of an atomic type
// calls, besides the methods of imported atomic types: a mutex's Lock and
// RLock, and the operations of sync/atomic (AtomicOp), methods and
// functions.
var atomicNames = func() map[string]bool {
	m := map[string]bool{"Lock": true, "RLock": true}
	for _, op := range atomicOps {
		m[op] = true
		for _, t := range []string{"Int32", "Int64", "Uint32", "Uint64", "Uintptr", "Pointer"} {
			m[op+t] = true
		}
	}
	return m
}()

// mayAtomic reports whether fd may be a method of an atomic type (see
// atomicTypes): a method whose body is one statement that names an atomic
// operation (names; nil for any name).
func mayAtomic(fd *ast.FuncDecl, names map[string]bool) bool {
	if fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Body.List) != 1 {
		return false
	}
	return lintkit.Any(fd.Body, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		return ok && (names == nil || names[id.Name])
	})
}

// funcNames returns the names of the functions the unit declares, but for
// those that a type declared anywhere in it (a local type) shares.
func funcNames(u *lintkit.Unit) map[string]bool {
	funcs := map[string]bool{}
	for _, f := range u.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && u.TypeSpecs()[fd.Name.Name] == nil {
				funcs[fd.Name.Name] = true
			}
		}
	}
	return funcs
}

// A typeDecl is what the files say of one of their types' methods.
type typeDecl struct {
	methods map[string]bool // its methods, and its interface's
	embeds  []string        // the package's types its struct embeds
	foreign bool            // it embeds a type of another package, or an alias: any method may be promoted
}

// typeDecls returns the types the unit declares, by name.
func typeDecls(u *lintkit.Unit) map[string]*typeDecl {
	decls := map[string]*typeDecl{}
	get := func(name string) *typeDecl {
		if decls[name] == nil {
			decls[name] = &typeDecl{methods: map[string]bool{}}
		}
		return decls[name]
	}
	for _, f := range u.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil && len(fd.Recv.List) == 1 {
				if name := typeName(fd.Recv.List[0].Type); name != "" {
					get(name).methods[fd.Name.Name] = true
				}
			}
		}
	}
	for name, specs := range u.TypeSpecs() {
		d := get(name)
		for _, at := range specs {
			if at.Spec.Assign.IsValid() {
				d.foreign = true
				continue
			}
			switch t := at.Spec.Type.(type) {
			case *ast.InterfaceType:
				for _, m := range t.Methods.List {
					for _, id := range m.Names {
						d.methods[id.Name] = true
					}
					if len(m.Names) == 0 {
						d.foreign = true // an embedded interface
					}
				}
			case *ast.StructType:
				for _, fl := range t.Fields.List {
					if len(fl.Names) > 0 {
						continue
					}
					if _, qualified := ast.Unparen(fl.Type).(*ast.SelectorExpr); qualified {
						d.foreign = true
					} else if name := typeName(fl.Type); name != "" {
						d.embeds = append(d.embeds, name)
					} else {
						d.foreign = true
					}
				}
			case *ast.MapType, *ast.ArrayType, *ast.FuncType, *ast.ChanType, *ast.StarExpr:
				// no method to promote
			case *ast.Ident:
				// type T U: U's promoted methods, if U is the
				// package's (its own are not, but a superset does)
				d.embeds = append(d.embeds, t.Name)
			default:
				d.foreign = true // type T pkg.U, type T U[V]: not followed
			}
		}
	}
	return decls
}

// typeName is the name of the type t spells, through a pointer and type
// arguments, when it is a name of the package (or predeclared); "" else.
func typeName(t ast.Expr) string {
	switch t := ast.Unparen(t).(type) {
	case *ast.StarExpr:
		return typeName(t.X)
	case *ast.IndexExpr:
		return typeName(t.X)
	case *ast.IndexListExpr:
		return typeName(t.X)
	case *ast.Ident:
		return t.Name
	}
	return ""
}

// methodSet returns the names a method of type name may have, nil for
// any.
func methodSet(decls map[string]*typeDecl, name string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]bool{}
	var add func(name string) bool
	add = func(name string) bool {
		if seen[name] {
			return true
		}
		seen[name] = true
		d := decls[name]
		if d == nil {
			if name == "error" {
				out["Error"] = true
				return true
			}
			return types.Universe.Lookup(name) != nil // a predeclared type; else unknown
		}
		if d.foreign {
			return false
		}
		for m := range d.methods {
			out[m] = true
		}
		for _, e := range d.embeds {
			if !add(e) {
				return false
			}
		}
		return true
	}
	if !add(name) {
		return nil
	}
	return out
}

// mayInPlace reports whether the package declares a struct that may hold
// a mutex (mutexStructs) with an exported field of a type that may be a
// reference (a map, a slice, a pointer, a named type), its own or one of a
// struct of the package it embeds, and names such a field where its
// contents may change: below the left of an assignment (s.peers[k],
// s.cfg.Limit, *s.cfg), bound to a local (changed through it), shifted
// (append(s.list[:i], ...)), or in the arguments of delete, clear, copy or
// an in-place function (inPlaceFuncs).
func mayInPlace(u *lintkit.Unit) bool {
	files := u.Files
	fields := map[string]bool{}
	for _, st := range mutexStructs(u) {
		for _, fl := range st.Fields.List {
			if !mayReference(fl.Type) {
				continue
			}
			for _, id := range fl.Names {
				if id.IsExported() {
					fields[id.Name] = true
				}
			}
			if len(fl.Names) == 0 {
				if name := embeddedName(fl.Type); ast.IsExported(name) {
					fields[name] = true
				}
			}
		}
	}
	if len(fields) == 0 {
		return false
	}
	changers := map[string]bool{"delete": true, "clear": true, "copy": true}
	for _, names := range inPlaceFuncs {
		for _, name := range names {
			changers[name] = true
		}
	}
	// field reports whether e selects one of the fields.
	field := func(e ast.Expr) bool {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		return ok && fields[sel.Sel.Name]
	}
	// names reports whether e names one of the fields.
	names := func(e ast.Node) bool {
		return lintkit.Any(e, func(n ast.Node) bool { return field(anyExpr(n)) })
	}
	// below reports whether the location l changes the contents of one of
	// the fields: an element, a field or the target of it (s.peers[k],
	// s.cfg.Limit, *s.cfg), not the field itself.
	below := func(l ast.Expr) bool {
		return lintkit.Any(l, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.IndexExpr:
				return field(n.X)
			case *ast.SelectorExpr:
				return field(n.X)
			case *ast.StarExpr:
				return field(n.X)
			}
			return false
		})
	}
	found := false
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					found = found || below(l)
				}
				for _, r := range n.Rhs {
					if sel, ok := ast.Unparen(r).(*ast.SelectorExpr); ok && fields[sel.Sel.Name] {
						found = true // m := s.peers
					}
				}
			case *ast.ValueSpec:
				for _, v := range n.Values {
					if sel, ok := ast.Unparen(v).(*ast.SelectorExpr); ok && fields[sel.Sel.Name] {
						found = true
					}
				}
			case *ast.IncDecStmt:
				found = found || below(n.X)
			case *ast.CallExpr:
				var name string
				switch fun := ast.Unparen(n.Fun).(type) {
				case *ast.Ident:
					name = fun.Name
				case *ast.SelectorExpr:
					name = fun.Sel.Name
				}
				if changers[name] {
					for _, a := range n.Args {
						found = found || names(a)
					}
				}
				if name == "append" && len(n.Args) > 0 {
					if se, ok := ast.Unparen(n.Args[0]).(*ast.SliceExpr); ok && field(se.X) {
						found = true // s.list = append(s.list[:i], ...)
					}
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// mutexStructs returns the struct types of the package that may hold a
// sync.Mutex or sync.RWMutex (hasMutex: a field, or an embedded struct's),
// with the structs of the package they embed (whose fields they promote).
func mutexStructs(u *lintkit.Unit) []*ast.StructType {
	type decl struct {
		spec *ast.TypeSpec
		file *ast.File
	}
	decls := map[string]decl{}
	for name, specs := range u.TypeSpecs() {
		if len(specs) == 1 {
			decls[name] = decl{specs[0].Spec, specs[0].File}
		} else {
			decls[name] = decl{} // declared twice (in functions): not followed
		}
	}
	type lit struct {
		st   *ast.StructType
		file *ast.File
	}
	var all []lit
	for _, st := range u.StructTypes() {
		all = append(all, lit{st.Type, st.File})
	}
	// local returns the struct type a local type name declares, following
	// aliases of the package; known is false when the name is not one the
	// syntax can follow.
	var local func(name string, depth int) (st *ast.StructType, file *ast.File, known bool)
	local = func(name string, depth int) (*ast.StructType, *ast.File, bool) {
		d, ok := decls[name]
		if !ok {
			return nil, nil, types.Universe.Lookup(name) != nil
		}
		if d.spec == nil || depth > 8 {
			return nil, nil, false
		}
		switch t := ast.Unparen(d.spec.Type).(type) {
		case *ast.StructType:
			return t, d.file, true
		case *ast.Ident:
			return local(t.Name, depth+1) // type T = U, type T U: U's struct
		case *ast.MapType, *ast.ArrayType, *ast.FuncType, *ast.ChanType, *ast.InterfaceType, *ast.StarExpr:
			return nil, nil, true
		}
		return nil, nil, false // type T pkg.U, a generic, ...: not followed
	}
	// holds reports whether a field of type t (embedded or not) may make
	// its struct hold a mutex.
	var holds func(file *ast.File, t ast.Expr, embedded bool, depth int) bool
	var structHolds func(file *ast.File, st *ast.StructType, depth int) bool
	holds = func(file *ast.File, t ast.Expr, embedded bool, depth int) bool {
		t = ast.Unparen(t)
		if star, ok := t.(*ast.StarExpr); ok {
			t = ast.Unparen(star.X)
		}
		switch x := t.(type) {
		case *ast.Ident:
			if d, ok := decls[x.Name]; ok && d.spec != nil && d.spec.Assign.IsValid() {
				return holds(d.file, d.spec.Type, embedded, depth+1) // an alias: what it names
			}
			st, sf, known := local(x.Name, 0)
			if !known {
				return true
			}
			return embedded && st != nil && depth < 3 && structHolds(sf, st, depth+1)
		case *ast.SelectorExpr:
			q, ok := x.X.(*ast.Ident)
			if !ok {
				return true
			}
			obj := u.LookupIn(file, q.Name, x.Sel.Name)
			tn, ok := obj.(*types.TypeName)
			if !ok {
				return true // not known: it may be
			}
			t := lintkit.Deref(tn.Type())
			if n := lintkit.NamedOf(t); n != nil && n.Obj().Pkg() != nil && slices.Contains(mutexPkgs, n.Obj().Pkg().Path()) && (n.Obj().Name() == "Mutex" || n.Obj().Name() == "RWMutex") {
				return true
			}
			if inner, ok := t.Underlying().(*types.Struct); ok && embedded && depth < 3 {
				return hasMutex(inner, depth+1)
			}
			return false
		case *ast.IndexExpr, *ast.IndexListExpr:
			return true // a generic instance: not followed
		}
		return false
	}
	structHolds = func(file *ast.File, st *ast.StructType, depth int) bool {
		for _, fl := range st.Fields.List {
			if holds(file, fl.Type, len(fl.Names) == 0, depth) {
				return true
			}
		}
		return false
	}
	var out []*ast.StructType
	seen := map[*ast.StructType]bool{}
	var add func(st *ast.StructType, depth int)
	add = func(st *ast.StructType, depth int) {
		if seen[st] || depth > 8 {
			return
		}
		seen[st] = true
		out = append(out, st)
		for _, fl := range st.Fields.List {
			if len(fl.Names) != 0 {
				continue
			}
			if name := typeName(fl.Type); name != "" {
				if inner, _, _ := local(name, 0); inner != nil {
					add(inner, depth+1)
				}
			}
		}
	}
	for _, l := range all {
		if structHolds(l.file, l.st, 0) {
			add(l.st, 0)
		}
	}
	return out
}

// anyExpr returns n as an expression, or nil.
func anyExpr(n ast.Node) ast.Expr {
	e, _ := n.(ast.Expr)
	return e
}

// mayReference reports whether a field of type expression t may have a
// reference type (IsReference): anything but a func, channel, interface,
// struct or array type, or a predeclared type that is none.
func mayReference(t ast.Expr) bool {
	switch t := ast.Unparen(t).(type) {
	case *ast.FuncType, *ast.ChanType, *ast.InterfaceType, *ast.StructType:
		return false
	case *ast.ArrayType:
		return t.Len == nil
	case *ast.Ident:
		switch t.Name {
		case "bool", "string", "int", "int8", "int16", "int32", "int64",
			"uint", "uint8", "uint16", "uint32", "uint64", "uintptr",
			"float32", "float64", "complex64", "complex128", "byte", "rune", "error", "any":
			return false
		}
	}
	return true
}

// embeddedName is the field name of an embedded field of type t.
func embeddedName(t ast.Expr) string {
	switch t := ast.Unparen(t).(type) {
	case *ast.StarExpr:
		return embeddedName(t.X)
	case *ast.Ident:
		return t.Name
	case *ast.SelectorExpr:
		return t.Sel.Name
	case *ast.IndexExpr:
		return embeddedName(t.X)
	case *ast.IndexListExpr:
		return embeddedName(t.X)
	}
	return ""
}

// mayStoreCancel reports whether a function of the package has a
// parameter whose type may be a cancel token (IsCancel).
func mayStoreCancel(u *lintkit.Unit) bool {
	marked := map[string]bool{}
	if !u.FactNames(marked, new(directives.Annotations)) {
		return true
	}
	// alias returns the last alias declaration of name, if any.
	alias := func(name string) (at lintkit.TypeSpecAt, ok bool) {
		for _, x := range u.TypeSpecs()[name] {
			if x.Spec.Assign.IsValid() {
				at, ok = x, true
			}
		}
		return at, ok
	}
	// may reports whether t may be a cancel token; deref says whether a
	// pointer may still be taken off (IsCancel takes one off).
	var may func(file *ast.File, t ast.Expr, deref bool, depth int) bool
	may = func(file *ast.File, t ast.Expr, deref bool, depth int) bool {
		t = ast.Unparen(t)
		if star, ok := t.(*ast.StarExpr); ok && deref {
			t, deref = ast.Unparen(star.X), false
		}
		switch x := t.(type) {
		case *ast.Ident:
			if at, ok := alias(x.Name); ok {
				return depth > 8 || may(at.File, at.Spec.Type, deref, depth+1)
			}
			if u.TypeSpecs()[x.Name] != nil {
				return false // a type of the package: marked only by a directive of it
			}
			return types.Universe.Lookup(x.Name) == nil // a dot import: not followed
		case *ast.SelectorExpr:
			if x.Sel.Name == "CancelFunc" || x.Sel.Name == "CancelCauseFunc" || marked[x.Sel.Name] {
				return true
			}
			q, ok := x.X.(*ast.Ident)
			if !ok {
				return true
			}
			tn, ok := u.LookupIn(file, q.Name, x.Sel.Name).(*types.TypeName)
			if !ok {
				return true // not known: it may be
			}
			t := types.Unalias(tn.Type())
			if p, ok := t.(*types.Pointer); ok && deref {
				t = p.Elem()
			}
			n, ok := types.Unalias(t).(*types.Named)
			if !ok {
				return false
			}
			o := n.Origin().Obj()
			return o.Pkg() != nil && o.Pkg().Path() == "context" && (o.Name() == "CancelFunc" || o.Name() == "CancelCauseFunc") || marked[o.Name()]
		case *ast.IndexExpr, *ast.IndexListExpr:
			return true
		}
		return false
	}
	for _, f := range u.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			for _, p := range fd.Type.Params.List {
				if may(f, p.Type, true, 0) {
					return true
				}
			}
		}
	}
	return false
}

// mayAccess reports whether fd has the shape of an accessor (see accessor)
// and names a Lock or a load (names; nil for any name).
func mayAccess(fd *ast.FuncDecl, names map[string]bool) bool {
	if fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 {
		return false
	}
	if fd.Type.Params.NumFields() != 0 || fd.Type.Results.NumFields() != 1 {
		return false
	}
	return lintkit.Any(fd.Body, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		return ok && (names == nil || names[id.Name])
	})
}

// maySelfBind reports whether fd assigns a field below its receiver or a
// value it allocates, x, a value that may bind x (see selfBindings): x.M,
// a function literal that names x, either converted (a call with one
// argument), or such a value in a struct literal.
func (b *binder) maySelfBind(fd *ast.FuncDecl) bool {
	// The assignments of a field first: most functions have none that a
	// binding could be, and need no owners.
	type assign struct {
		x   string
		rhs ast.Expr
	}
	var cands []assign
	for _, as := range b.u.FieldAssigns(fd.Body.Pos(), fd.Body.End()) {
		if len(as.Lhs) != len(as.Rhs) {
			continue
		}
		for i, l := range as.Lhs {
			if _, isSel := ast.Unparen(l).(*ast.SelectorExpr); !isSel {
				continue
			}
			switch ast.Unparen(as.Rhs[i]).(type) {
			case *ast.SelectorExpr, *ast.FuncLit, *ast.CallExpr, *ast.CompositeLit:
				if x := rootName(l); x != "" {
					cands = append(cands, assign{x, as.Rhs[i]})
				}
			}
		}
	}
	if len(cands) == 0 {
		return false
	}
	owners := freshNames(fd.Body)
	if fd.Recv != nil && len(fd.Recv.List) == 1 && len(fd.Recv.List[0].Names) == 1 {
		owners[fd.Recv.List[0].Names[0].Name] = append(owners[fd.Recv.List[0].Names[0].Name], typeName(fd.Recv.List[0].Type))
	}
	// methods returns the names x's methods may have: nil for any.
	methods := func(x string) map[string]bool {
		b.load()
		out := map[string]bool{}
		for _, t := range owners[x] {
			if t == "" {
				return nil
			}
			set := methodSet(b.types, t)
			if set == nil {
				return nil
			}
			for m := range set {
				out[m] = true
			}
		}
		return out
	}
	for _, c := range cands {
		if owners[c.x] != nil && b.mayBind(c.x, c.rhs, func() map[string]bool { return methods(c.x) }) {
			return true
		}
	}
	return false
}

// freshNames returns the names of the locals that FreshLocals may find
// in body, bound to &T{...}, T{...}, new(T), or declared var t T, with
// the names of their types ("" where the syntax does not say).
func freshNames(body *ast.BlockStmt) map[string][]string {
	out := map[string][]string{}
	// fresh returns the type a fresh value e has, if e is one.
	fresh := func(e ast.Expr) (string, bool) {
		e = ast.Unparen(e)
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = ast.Unparen(u.X)
		}
		switch e := e.(type) {
		case *ast.CompositeLit:
			return typeName(e.Type), true
		case *ast.CallExpr:
			if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok && id.Name == "new" {
				if len(e.Args) == 1 {
					return typeName(e.Args[0]), true
				}
				return "", true
			}
		}
		return "", false
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE && len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						if t, ok := fresh(n.Rhs[i]); ok {
							out[id.Name] = append(out[id.Name], t)
						}
					}
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if len(n.Values) == 0 {
					t := ""
					if n.Type != nil {
						t = typeName(n.Type)
					}
					out[id.Name] = append(out[id.Name], t)
				} else if len(n.Values) == len(n.Names) {
					if t, ok := fresh(n.Values[i]); ok {
						out[id.Name] = append(out[id.Name], t)
					}
				}
			}
		}
		return true
	})
	return out
}

// rootName is the name of the variable at the root of e, as RootVar finds
// it, or "".
func rootName(e ast.Expr) string {
	if id := rootIdent(e); id != nil {
		return id.Name
	}
	return ""
}

// A binder knows, of the files of a package, what maySelfBind needs,
// learnt on first use.
type binder struct {
	u     *lintkit.Unit
	once  sync.Once
	types map[string]*typeDecl
	funcs map[string]bool // the functions, which a conversion cannot name
}

func (b *binder) load() {
	b.once.Do(func() { b.types, b.funcs = typeDecls(b.u), funcNames(b.u) })
}

// mayBind reports whether e may be a value bound to the variable named x,
// whose methods are named in methods() (nil: any).
func (b *binder) mayBind(x string, e ast.Expr, methods func() map[string]bool) bool {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		b.load()
		if id, isID := ast.Unparen(call.Fun).(*ast.Ident); (!isID || !b.funcs[id.Name]) && b.mayBind(x, call.Args[0], methods) {
			return true // http.HandlerFunc(c.serve)
		}
	}
	switch e := e.(type) {
	case *ast.SelectorExpr:
		id, ok := ast.Unparen(e.X).(*ast.Ident)
		if !ok || id.Name != x {
			return false
		}
		set := methods()
		return set == nil || set[e.Sel.Name]
	case *ast.FuncLit:
		names := false
		ast.Inspect(e.Body, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Name == x {
				names = true
			}
			return !names
		})
		return names
	case *ast.CompositeLit:
		for _, el := range e.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok && b.mayBind(x, kv.Value, methods) {
				return true
			}
		}
	}
	return false
}
