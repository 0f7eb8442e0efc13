package slots

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// The writers of an atomic location.
//
// Whether a location has one writer at a time (atomicrmw), or whether a
// lock a reader holds keeps every rebind out (slotreread), is a question
// about all the writes of the location in the package: where each stands
// and which mutexes of the written value it holds. The index is built once
// per package, for every analyzer that asks.

// A Write is one atomic write (Store, Swap, CompareAndSwap, Add...) of a
// field or package-level variable, outside test files and construction.
type Write struct {
	// Held are the mutexes of the written value held at the write (s.mu
	// for s.f, a package-level mutex for a package-level variable), with
	// how: Read for an RLock.
	Held []Hold
	// Locked: the write is in a function that runs with a lock its
	// callers hold (LockedByCallers), which lock not said.
	Locked bool
	// Op is the atomic operation (OpStore, OpSwap, ...), "" for a plain
	// assignment.
	Op string
	// Puts is the constant a Store, a Swap or a CompareAndSwap puts in the
	// location (its new value), nil when it is no constant or the write
	// is another (an Add, a wrapper's method that takes no value).
	Puts constant.Value
}

// Stored returns the constant a Store writes (s.referenced.Store(true)),
// nil for any other write.
func (w Write) Stored() constant.Value {
	if w.Op != OpStore {
		return nil
	}
	return w.Puts
}

// A locWrite is a Write and the name of the location it writes.
type locWrite struct {
	Write
	loc string
}

// A Hold is a mutex held at a write.
type Hold struct {
	Obj  types.Object // the mutex's field or variable
	Read bool         // held by an RLock
}

// Holds reports whether the write holds mutex mu, in either mode.
func (w Write) Holds(mu types.Object) bool {
	for _, h := range w.Held {
		if h.Obj == mu {
			return true
		}
	}
	return false
}

// Excludes reports whether the write holds mutex mu in a mode that
// section s of the same mutex excludes: any hold when s is exclusive, an
// exclusive one when s holds mu shared (two RLocks run together).
func (w Write) Excludes(s Section) bool {
	for _, h := range w.Held {
		if h.Obj == s.Obj && !(h.Read && s.Read) {
			return true
		}
	}
	return false
}

// writeIndex is the package's atomic writes by location (Location), and
// the fields and variables whose address the package takes other than
// for an atomic function (&s.f passed or kept: a write through the
// pointer is not seen).
type writeIndex struct {
	byLast  map[string][]locWrite // by lastPart of the location
	escapes map[*types.Var]bool
	byFunc  map[*types.Func]*ast.FuncDecl
}

// AtomicWrites returns the atomic writes of location loc (Location) in
// the package's non-test files, outside construction (a value the
// function itself allocates, or gets from a constructor of this package
// that allocates it). A write in a function literal holds the mutexes of
// the literal's own critical sections, and those of its function only
// when the literal is called where it stands (func() { ... }()) or is
// bound to a local that is only ever called (then those around every
// call): a literal started as a goroutine, deferred or kept may run after
// the Unlock.
func (r *Result) AtomicWrites(loc string) []Write {
	var out []Write
	for _, e := range r.writeIndex().byLast[lastPart(loc)] {
		if aliases(loc, e.loc) {
			out = append(out, e.Write)
		}
	}
	return out
}

// lastPart returns the last part of a location's name: the field every
// location it aliases ends in, or the variable.
func lastPart(loc string) string {
	return loc[strings.LastIndex(loc, sep)+1:]
}

// writeIndex returns the package's writeIndex, built at the first call.
func (r *Result) writeIndex() *writeIndex {
	r.writesOnce.Do(func() {
		x := &writeIndex{byLast: map[string][]locWrite{}, escapes: map[*types.Var]bool{}, byFunc: map[*types.Func]*ast.FuncDecl{}}
		r.writes = x
		info := r.pass.TypesInfo
		k := lintkit.NewKeyer(info)
		var decls []*ast.FuncDecl
		for fd := range lintkit.NonTestFuncs(r.pass) {
			decls = append(decls, fd)
			if fn, _ := info.Defs[fd.Name].(*types.Func); fn != nil {
				x.byFunc[fn] = fd
			}
		}
		held := r.LockedByCallers()
		for _, fd := range decls {
			fn, _ := info.Defs[fd.Name].(*types.Func)
			r.collectWrites(k, fd.Body, fn != nil && held[fn])
		}
		r.collectEscapes(x)
	})
	return r.writes
}

// collectWrites records the atomic writes of one function declaration's
// body and of the function literals in it.
func (r *Result) collectWrites(k *lintkit.Keyer, body *ast.BlockStmt, locked bool) {
	info := r.pass.TypesInfo
	x := r.writes
	fresh := r.fresh(body)
	// The sections of each body (the declaration's, a literal's) that a
	// write in it holds: its own, and for a literal called where it
	// stands, those of the body around it; and whether its callers hold
	// a lock (LockedByCallers, for a literal called or deferred there).
	type frame struct {
		sections []Section // held where they stand
		whole    []Section // held in all of the body: a named literal's calls stand in them
		locked   bool
	}
	own := func(b *ast.BlockStmt) []Section {
		return append(Sections(info, k, b), r.SpinSections(info, k, b)...)
	}
	frames := map[*ast.FuncLit]frame{nil: {sections: own(body), locked: locked}} // by literal, nil for body
	local := localCalls(info, body)
	// record adds a write of location e at node at, in the body of the
	// literal in (nil for body).
	record := func(e ast.Expr, at ast.Node, in *ast.FuncLit, w Write) {
		loc, _, _ := r.location(e)
		if loc == "" {
			return
		}
		if root := RootVar(info, e); root != nil && fresh[root] {
			return // construction: the value is not shared yet
		}
		top := frames[in]
		w.Locked = top.locked
		for _, s := range top.sections {
			if s.Obj != nil && s.Contains(at.Pos()) && r.Guards(k, s, e) {
				w.Held = append(w.Held, Hold{Obj: s.Obj, Read: s.Read})
			}
		}
		for _, s := range top.whole {
			if s.Obj != nil && r.Guards(k, s, e) {
				w.Held = append(w.Held, Hold{Obj: s.Obj, Read: s.Read})
			}
		}
		x.byLast[lastPart(loc)] = append(x.byLast[lastPart(loc)], locWrite{w, loc})
	}
	inLits(body, func(n ast.Node, stack []ast.Node, in *ast.FuncLit) {
		switch n := n.(type) {
		case *ast.FuncLit:
			// A literal called where it stands runs inside the critical
			// sections around it; one deferred runs when the function
			// returns, still under its callers' lock (not necessarily
			// under its own sections: a deferred Unlock may run first);
			// one bound to a local that is only ever called runs at its
			// calls.
			standing, deferred := false, false
			if m := len(stack); m >= 3 {
				if call, ok := stack[m-2].(*ast.CallExpr); ok && ast.Unparen(call.Fun) == n {
					_, standing = stack[m-3].(*ast.ExprStmt)
					_, deferred = stack[m-3].(*ast.DeferStmt)
				}
			}
			top := frames[in]
			f := frame{sections: own(n.Body)}
			calls, named := local[n]
			switch {
			case standing:
				f.sections = append(f.sections, top.sections...)
				f.whole = top.whole
			case named:
				// f := func() { ... }, only ever called in this body: it
				// runs in the sections that hold every call.
				f.whole = slices.Clone(top.whole)
				for _, s := range top.sections {
					if !slices.ContainsFunc(calls, func(p token.Pos) bool { return !s.Contains(p) }) {
						f.whole = append(f.whole, s)
					}
				}
			}
			f.locked = (standing || deferred || named) && top.locked
			frames[n] = f
		case *ast.AssignStmt:
			// A plain assignment of a location that is also loaded
			// atomically (c.state = 0 beside atomic.LoadInt32(&c.state)),
			// or of a whole atomic value, is a write of any value.
			if n.Tok != token.DEFINE {
				for _, l := range n.Lhs {
					if plainAtomic(info.TypeOf(l)) {
						record(l, n, in, Write{})
					}
				}
			}
		case *ast.IncDecStmt:
			if plainAtomic(info.TypeOf(n.X)) {
				record(n.X, n, in, Write{})
			}
		case *ast.CallExpr:
			a, ok := r.AtomicOp(info, n)
			if !ok || !a.IsWrite() || a.Loc == nil {
				return
			}
			w := Write{Op: a.Op}
			switch {
			case (a.Op == OpStore || a.Op == OpSwap) && len(a.Args) == 1:
				w.Puts = info.Types[a.Args[0]].Value
			case a.Op == OpCAS && len(a.Args) == 2:
				w.Puts = info.Types[a.Args[1]].Value
			}
			record(a.Loc, n, in, w)
		}
	})
}

// localCalls returns the function literals of body bound to a local (f
// := func() { ... }, var f = func() { ... }) that is never assigned again
// and whose every use is a call of it (f(), not go f(), defer f(), nor a
// call from inside another literal, which may run later), with the
// positions of those calls: such a literal runs where it is called.
func localCalls(info *types.Info, body *ast.BlockStmt) map[*ast.FuncLit][]token.Pos {
	lits := map[*types.Var]*ast.FuncLit{}
	home := map[*types.Var]*ast.FuncLit{} // the literal the binding stands in, nil for body
	bind := func(id *ast.Ident, e ast.Expr, in *ast.FuncLit) {
		lit, ok := ast.Unparen(e).(*ast.FuncLit)
		if v, _ := info.Defs[id].(*types.Var); ok && v != nil {
			lits[v], home[v] = lit, in
		}
	}
	inLits(body, func(n ast.Node, _ []ast.Node, in *ast.FuncLit) {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE && len(n.Lhs) == 1 && len(n.Rhs) == 1 {
				if id, ok := n.Lhs[0].(*ast.Ident); ok {
					bind(id, n.Rhs[0], in)
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == 1 && len(n.Values) == 1 {
				bind(n.Names[0], n.Values[0], in)
			}
		}
	})
	if len(lits) == 0 {
		return nil
	}
	calls := map[*types.Var][]token.Pos{}
	bad := map[*types.Var]bool{}
	inLits(body, func(n ast.Node, stack []ast.Node, in *ast.FuncLit) {
		id, ok := n.(*ast.Ident)
		if !ok {
			return
		}
		v, _ := info.Uses[id].(*types.Var)
		if v == nil || lits[v] == nil {
			return
		}
		m := len(stack)
		call, isCall := stack[m-2].(*ast.CallExpr)
		if !isCall || call.Fun != id || in != home[v] {
			bad[v] = true
			return
		}
		switch stack[m-3].(type) {
		case *ast.GoStmt, *ast.DeferStmt:
			bad[v] = true
		}
		calls[v] = append(calls[v], call.Pos())
	})
	out := map[*ast.FuncLit][]token.Pos{}
	for v, lit := range lits {
		if !bad[v] && len(calls[v]) > 0 {
			out[lit] = calls[v]
		}
	}
	return out
}

// inLits calls visit for every node of body, with the nodes that enclose
// it (itself last) and the innermost function literal that holds it (nil
// for body's own code).
func inLits(body *ast.BlockStmt, visit func(n ast.Node, stack []ast.Node, in *ast.FuncLit)) {
	var stack []ast.Node
	var outer []*ast.FuncLit
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			if _, ok := stack[len(stack)-1].(*ast.FuncLit); ok {
				outer = outer[:len(outer)-1]
			}
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		var in *ast.FuncLit
		if len(outer) > 0 {
			in = outer[len(outer)-1]
		}
		visit(n, stack, in)
		if lit, ok := n.(*ast.FuncLit); ok {
			outer = append(outer, lit)
		}
		return true
	})
}

// plainAtomic reports whether a plain assignment to a location of type t
// may write a location that is loaded atomically: an integer, a pointer
// (unsafe.Pointer included), or a struct (an atomic type by value).
func plainAtomic(t types.Type) bool {
	if t == nil {
		return false
	}
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsInteger != 0 || u.Kind() == types.UnsafePointer
	case *types.Pointer, *types.Struct:
		return true
	}
	return false
}

// collectEscapes records the fields and package-level variables whose
// address the package's non-test code takes (&s.f), in functions or in
// package-level declarations, other than as the location of an atomic
// function (atomic.StoreInt32(&s.f, v)).
func (r *Result) collectEscapes(x *writeIndex) {
	info := r.pass.TypesInfo
	for _, f := range r.pass.Files {
		if strings.HasSuffix(r.pass.Fset.File(f.FileStart).Name(), "_test.go") {
			continue
		}
		atomicArg := map[ast.Expr]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if a, ok := r.AtomicOp(info, n); ok && a.Func && len(n.Args) > 0 {
					atomicArg[ast.Unparen(n.Args[0])] = true
				}
			case *ast.UnaryExpr:
				if n.Op != token.AND || atomicArg[n] {
					return true
				}
				var v *types.Var
				switch e := ast.Unparen(n.X).(type) {
				case *ast.SelectorExpr:
					if s := info.Selections[e]; s != nil && s.Kind() == types.FieldVal {
						v, _ = s.Obj().(*types.Var)
					} else {
						v, _ = info.Uses[e.Sel].(*types.Var) // pkg.V
					}
				case *ast.Ident:
					v, _ = info.Uses[e].(*types.Var)
				}
				if v != nil {
					x.escapes[v.Origin()] = true
				}
			}
			return true
		})
	}
}

// Guards reports whether section s holds the mutex of the value that loc
// belongs to: s.mu for s.f or s.inner.f, a package-level mutex for a
// package-level variable. Below a pointer field the value is every
// holder's, so a mutex above it guards nothing there: for s.core.state
// through an embedded *core, core's mutex does, not s's. k names
// locations as for Sections.
func (r *Result) Guards(k *lintkit.Keyer, s Section, loc ast.Expr) bool {
	info := r.pass.TypesInfo
	switch x := ast.Unparen(loc).(type) {
	case *ast.SelectorExpr:
		if sel := info.Selections[x]; sel != nil && sel.Kind() == types.FieldVal {
			if !lintkit.KeyCovers(s.Owner, k.Key(x.X)) {
				return false
			}
			root, fields := fieldPath(info, loc)
			for i := len(fields) - 2; i >= 0; i-- {
				if _, ok := types.Unalias(fields[i].Type()).Underlying().(*types.Pointer); ok {
					below := k.VarKey(root)
					for _, f := range fields[:i+1] {
						below += "." + f.Name()
					}
					return lintkit.KeyCovers(below, s.Mutex) // the mutex lies below the pointer too
				}
			}
			return true
		}
	case *ast.Ident:
		v, ok := s.Obj.(*types.Var)
		return ok && !v.IsField() && v.Parent() == r.pass.Pkg.Scope()
	}
	return false
}

// Location names the atomic location loc the same way in every function:
// a package-level variable (not a pointer) and the fields below it, or a
// path of fields from the last pointer on, each field named by its
// declaration (so s.state, promoted from an embedded struct, and d.state
// on that struct name one field, and below an embedded *defaultConsumer
// every holder's path is the pointee's); "" for a location it cannot name
// (a local, an element). private reports whether only this package can
// write it, and the index sees every write: an unexported variable, or a
// path with an unexported field of this package, whose address the
// package never takes (for any field on the path) but for an atomic
// function.
func (r *Result) Location(loc ast.Expr) (name string, private bool) {
	name, private, path := r.location(loc)
	if !private {
		return name, false
	}
	esc := r.writeIndex().escapes
	for _, v := range path {
		if esc[v.Origin()] {
			return name, false
		}
	}
	return name, true
}

// location is Location without the test of the address: path is the
// variable (a package-level one) and the fields of the location.
func (r *Result) location(loc ast.Expr) (name string, private bool, path []*types.Var) {
	root, fields := fieldPath(r.pass.TypesInfo, loc)
	if root == nil {
		return "", false, nil
	}
	pkg := r.pass.Pkg
	global := root.Pkg() != nil && root.Parent() == root.Pkg().Scope()
	if global {
		path = append(path, root)
	}
	path = append(path, fields...)
	// Below a pointer, the value is every holder's: the location is the
	// path from the last pointer on (a package's *Config, an embedded
	// *defaultConsumer).
	_, ptr := types.Unalias(root.Type()).Underlying().(*types.Pointer)
	byType := !global || ptr
	for i := len(fields) - 2; i >= 0; i-- {
		if _, ok := types.Unalias(fields[i].Type()).Underlying().(*types.Pointer); ok {
			fields, byType = fields[i+1:], true
			break
		}
	}
	var b strings.Builder
	switch {
	case !byType:
		b.WriteString("var " + root.Pkg().Path() + "." + root.Name())
		private = root.Pkg() == pkg && !root.Exported()
	case len(fields) == 0:
		return "", false, nil // a local, or a pointer variable itself
	default:
		b.WriteString("type")
		for _, f := range fields {
			if !f.Exported() && f.Pkg() == pkg {
				private = true // no other package can name the path
			}
		}
	}
	for _, f := range fields {
		b.WriteString(sep + fieldName(f))
	}
	return b.String(), private, path
}

// sep separates the parts of a location's name: no package path holds it.
const sep = "|"

// fieldName names a field by its declaration: its package, position and
// name.
func fieldName(f *types.Var) string {
	f = f.Origin()
	p := ""
	if f.Pkg() != nil {
		p = f.Pkg().Path()
	}
	return p + "." + strconv.Itoa(int(f.Pos())) + "." + f.Name()
}

// fieldPath returns the variable at the root of location e and the fields
// on the path below it, embedded ones included (s.state of a promoted
// field walks s's embedded struct, then state); nil for an expression
// that is no variable or chain of field selections on one.
func fieldPath(info *types.Info, e ast.Expr) (*types.Var, []*types.Var) {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := info.ObjectOf(x).(*types.Var)
		if !ok || v.IsField() {
			return nil, nil
		}
		return v, nil
	case *ast.StarExpr:
		return fieldPath(info, x.X)
	case *ast.SelectorExpr:
		s := info.Selections[x]
		if s == nil || s.Kind() != types.FieldVal {
			if v, ok := info.Uses[x.Sel].(*types.Var); ok && !v.IsField() {
				return v, nil // pkg.V
			}
			return nil, nil
		}
		root, fields := fieldPath(info, x.X)
		if root == nil {
			return nil, nil
		}
		t := s.Recv()
		for _, i := range s.Index() {
			st, ok := lintkit.Deref(t).Underlying().(*types.Struct)
			if !ok {
				return nil, nil
			}
			f := st.Field(i)
			fields = append(fields, f)
			t = f.Type()
		}
		return root, fields
	}
	return nil, nil
}

// aliases reports whether locations a and b (Location's names) may be one
// location: the same variable and fields, or a path of fields that ends
// the other (a write of p.seq through a *position may write s.first.seq).
func aliases(a, b string) bool {
	if a == b {
		return true
	}
	pa, pb := strings.Split(a, sep), strings.Split(b, sep)
	ta, tb := pa[0] == "type", pb[0] == "type"
	switch {
	case !ta && !tb:
		return false // two variables, or one variable's two paths
	case ta && tb:
		return suffix(pa[1:], pb[1:]) || suffix(pb[1:], pa[1:])
	case ta:
		return suffix(pa[1:], pb[1:])
	default:
		return suffix(pb[1:], pa[1:])
	}
}

// suffix reports whether the fields s end the fields of path.
func suffix(s, path []string) bool {
	return len(s) > 0 && len(s) <= len(path) && slices.Equal(s, path[len(path)-len(s):])
}

// fresh returns the locals of body bound to a value that is not shared
// yet: allocated here (FreshLocals), or returned by a constructor of this
// package (a function whose every return hands back such a value).
func (r *Result) fresh(body *ast.BlockStmt) map[*types.Var]bool {
	info := r.pass.TypesInfo
	out := FreshLocals(info, body)
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Rhs) != 1 {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok || !r.constructor(lintkit.Callee(info, call)) {
			return true
		}
		if id, ok := as.Lhs[0].(*ast.Ident); ok {
			if v, _ := info.Defs[id].(*types.Var); v != nil {
				out[v] = true
			}
		}
		return true
	})
	return out
}

// constructor reports whether fn, of this package, returns a value it
// allocates in every return statement.
func (r *Result) constructor(fn *types.Func) bool {
	fd := r.writes.byFunc[fn]
	if fd == nil || fd.Type.Results.NumFields() == 0 {
		return false
	}
	info := r.pass.TypesInfo
	fresh := FreshLocals(info, fd.Body)
	ok, any := true, false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			any = true
			if len(n.Results) == 0 {
				ok = false
				return false
			}
			e := ast.Unparen(n.Results[0])
			if u, isAddr := e.(*ast.UnaryExpr); isAddr && u.Op == token.AND {
				e = ast.Unparen(u.X)
			}
			switch e := e.(type) {
			case *ast.CompositeLit:
			case *ast.Ident:
				v, _ := info.Uses[e].(*types.Var)
				ok = ok && v != nil && fresh[v]
			default:
				ok = false
			}
		}
		return ok
	})
	return ok && any
}

// SpinSections returns the critical sections of a spin lock in body,
// function literals included: an if whose condition holds, as a conjunct,
// a CompareAndSwap of an atomic field from one constant to another (if
// s.busy.CompareAndSwap(0, 1) { ... }), and whose body later stores the
// first constant back in the same field as a statement of its own (...;
// s.busy.Store(0)). The statements between run with the field held, as
// between mu.Lock() and mu.Unlock(): a CompareAndSwap that only one
// goroutine at a time wins (Caffeine's cellsBusy, a striped counter's
// table lock). The section's mutex is the field, its owner the value
// that holds it; it is held exclusively.
func (r *Result) SpinSections(info *types.Info, k *lintkit.Keyer, body *ast.BlockStmt) []Section {
	var out []Section
	ast.Inspect(body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok {
			return true
		}
		for _, e := range lintkit.Conjuncts(ifs.Cond) {
			call, ok := ast.Unparen(e).(*ast.CallExpr)
			if !ok {
				continue
			}
			a, ok := r.AtomicOp(info, call)
			if !ok || a.Op != OpCAS || len(a.Args) != 2 || a.Loc == nil {
				continue
			}
			sel, ok := ast.Unparen(a.Loc).(*ast.SelectorExpr)
			if !ok {
				continue
			}
			field := info.Selections[sel]
			free, held := info.Types[a.Args[0]].Value, info.Types[a.Args[1]].Value
			if field == nil || field.Kind() != types.FieldVal || free == nil || held == nil || constant.Compare(free, token.EQL, held) {
				continue
			}
			key := k.Key(a.Loc)
			for _, st := range ifs.Body.List {
				es, ok := st.(*ast.ExprStmt)
				if !ok {
					continue
				}
				rel, ok := ast.Unparen(es.X).(*ast.CallExpr)
				if !ok {
					continue
				}
				w, ok := r.AtomicOp(info, rel)
				if !ok || w.Op != OpStore || len(w.Args) != 1 || w.Loc == nil || k.Key(w.Loc) != key {
					continue
				}
				if v := info.Types[w.Args[0]].Value; v != nil && constant.Compare(v, token.EQL, free) {
					out = append(out, Section{
						Owner: k.Key(sel.X), Mutex: key, Text: types.ExprString(a.Loc), Obj: field.Obj(),
						Lock: ifs, Start: ifs.Body.Lbrace, End: es.Pos(), Unlock: st,
					})
					break
				}
			}
		}
		return true
	})
	return out
}
