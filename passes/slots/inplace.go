package slots

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// InPlace is the fact of a field whose contents the package changes in
// place: a map or slice field whose elements are assigned, deleted, cleared,
// sorted or shifted (s.peers[k] = p, delete(s.peers, k),
// s.list = append(s.list[:i], s.list[i+1:]...)), or a pointer field whose
// target is written (s.cfg.Limit = n), outside construction and test files.
// A reference to such a field read under its mutex and used after the
// unlock races with those writes (lockescape). Only fields of struct types
// that hold a mutex are considered, and only pointers to structs without a
// mutex of their own (a value with its own lock guards itself); only
// exported fields get the fact (another package can name no other).
type InPlace struct {
	// Fields are, for a pointer, the fields of the target written (sorted,
	// at most maxFields; the last is "..." when there are more).
	Fields []string
	// Locked: some of those writes holds the owner's lock, a mutex of the
	// struct whose field it is (stands in a critical section of it, or in
	// a function every call of which does, or that says its caller holds
	// the lock). A field no write of which holds it is not guarded by the
	// mutex it happens to be read under.
	Locked bool
}

// AFact marks InPlace as a fact.
func (*InPlace) AFact() {}

func (f *InPlace) String() string {
	s := "changed in place"
	if !f.Locked {
		s += " without a lock"
	}
	if len(f.Fields) == 0 {
		return s
	}
	return s + ": " + strings.Join(f.Fields, ", ")
}

// maxFields caps the fields an InPlace fact lists.
const maxFields = 16

// InPlace reports whether the contents of field f are changed in place, by
// this package or (a fact) by f's own; pos is a write of this package, or
// token.NoPos. For a pointer, fields are the target's fields written
// ("..." last when there are more than a fact lists).
func (r *Result) InPlace(f *types.Var) (pos token.Pos, fields []string, ok bool) {
	if f == nil {
		return token.NoPos, nil, false
	}
	f = f.Origin()
	if w, ok := r.inPlace[f]; ok {
		return w.pos, w.fields, true
	}
	if fact, ok := r.inPlaceFacts[f]; ok {
		return token.NoPos, fact.Fields, true
	}
	return token.NoPos, nil, false
}

// InPlaceLocked reports whether some in-place write of field f (by this
// package, or by f's own: a fact) holds a lock: the writers take one, so
// the mutex a reader holds may be the field's guard. False when every
// write runs without a lock (a table its poller writes lock-free): the
// mutex it is read under is not its guard, and a copy under it would race
// just the same.
func (r *Result) InPlaceLocked(f *types.Var) bool {
	if f == nil {
		return false
	}
	f = f.Origin()
	if w, ok := r.inPlace[f]; ok {
		return w.locked
	}
	if fact, ok := r.inPlaceFacts[f]; ok {
		return fact.Locked
	}
	return false
}

// InPlaceAt returns a write of this package to field name of the target of
// pointer field f ("*" for a write of the whole target), or token.NoPos.
func (r *Result) InPlaceAt(f *types.Var, name string) token.Pos {
	if f == nil {
		return token.NoPos
	}
	w := r.inPlace[f.Origin()]
	if pos, ok := w.at[name]; ok {
		return pos
	}
	return w.at["*"]
}

// inPlaceWrite is what the package writes in place in one field.
type inPlaceWrite struct {
	pos    token.Pos
	locked bool // some write holds the owner's lock

	fields []string             // for a pointer: the target's fields written, sorted
	at     map[string]token.Pos // for a pointer: a write of each of those fields
}

// fact returns the InPlace fact of w.
func (w inPlaceWrite) fact() *InPlace {
	fs := w.fields
	if len(fs) > maxFields {
		fs = append(slices.Clone(fs[:maxFields-1]), "...")
	}
	return &InPlace{Fields: fs, Locked: w.locked}
}

// ownsMutex reports whether mu, the mutex of a critical section, is a
// field of struct type owner (directly or embedded): the owner's own lock,
// the one that guards its fields.
func ownsMutex(owner *types.Struct, mu types.Object) bool {
	if owner == nil || mu == nil {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(owner, true, mu.Pkg(), mu.Name())
	return obj == mu
}

// IsReference reports whether a value of type t shares its contents when
// copied: a map, a slice, or a pointer to a struct.
func IsReference(t types.Type) bool {
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Map, *types.Slice:
		return true
	case *types.Pointer:
		_, ok := u.Elem().Underlying().(*types.Struct)
		return ok
	}
	return false
}

// hasMutex reports whether struct st holds a sync.Mutex or sync.RWMutex,
// as a field or through embedded structs.
func hasMutex(st *types.Struct, depth int) bool {
	for f := range st.Fields() {
		t := lintkit.Deref(f.Type())
		if n := lintkit.NamedOf(t); n != nil && n.Obj().Pkg() != nil {
			if p := n.Obj().Pkg().Path(); (p == "sync" || p == "internal/sync") && (n.Obj().Name() == "Mutex" || n.Obj().Name() == "RWMutex") {
				return true
			}
		}
		if f.Embedded() && depth < 3 {
			if inner, ok := t.Underlying().(*types.Struct); ok && hasMutex(inner, depth+1) {
				return true
			}
		}
	}
	return false
}

// inPlaceFuncs change the contents of their first argument: package path
// and names.
var inPlaceFuncs = map[string][]string{
	"maps":   {"Copy", "DeleteFunc"},
	"slices": {"Sort", "SortFunc", "SortStableFunc", "Reverse", "Delete", "DeleteFunc", "Insert", "Replace", "Compact", "CompactFunc"},
	"sort":   {"Slice", "SliceStable", "Sort", "Stable", "Ints", "Strings", "Float64s"},
}

// inPlaceWrites finds the fields of this package's mutex-holding structs
// whose contents its non-test code changes in place, with one position
// each.
func inPlaceWrites(pass *analysis.Pass) (map[*types.Var]inPlaceWrite, *lockIndex) {
	info := pass.TypesInfo
	out := map[*types.Var]inPlaceWrite{}
	k := lintkit.NewKeyer(info)
	// lockedFns[S] are the functions that run under a mutex of struct
	// type S held by every caller (lockedBy), computed at S's first write.
	lockedFns := map[*types.Struct]map[*types.Func]bool{}
	var locks *lockIndex // the package's calls under locks, at the first write
	// owners[f] is the mutex-holding struct type whose field f is.
	owners := map[*types.Var]*types.Struct{}
	// candidate returns the field that e selects, when it is a reference
	// field of a struct of this package that holds a mutex.
	candidate := func(e ast.Expr) *types.Var {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		s := info.Selections[sel]
		if s == nil || s.Kind() != types.FieldVal {
			return nil
		}
		f, _ := s.Obj().(*types.Var)
		if f == nil || f.Pkg() != pass.Pkg || !IsReference(f.Type()) {
			return nil
		}
		if p, ok := types.Unalias(f.Type()).Underlying().(*types.Pointer); ok {
			if st, ok := p.Elem().Underlying().(*types.Struct); ok && hasMutex(st, 0) {
				return nil // a value with a lock of its own
			}
		}
		st, ok := lintkit.Deref(s.Recv()).Underlying().(*types.Struct)
		if !ok || !hasMutex(st, 0) {
			return nil
		}
		if owners[f.Origin()] == nil {
			owners[f.Origin()] = st
		}
		return f.Origin()
	}
	for fd := range lintkit.NonTestFuncs(pass) {
		if fd.Recv == nil && fd.Name.Name == "init" {
			continue
		}
		fresh := FreshLocals(info, fd.Body)
		var sections []Section
		sectionsDone := false
		// lockedAt reports whether a write at pos holds owner's lock:
		// it stands in a critical section of it in the function (or
		// in a literal of it), or the function runs under its
		// callers'.
		lockedAt := func(pos token.Pos, owner *types.Struct) bool {
			owns := func(mu types.Object) bool { return ownsMutex(owner, mu) }
			if lockedFns[owner] == nil {
				if locks == nil {
					locks = newLockIndex(pass, k)
				}
				lockedFns[owner] = locks.locked(owns)
			}
			if fn, ok := info.Defs[fd.Name].(*types.Func); ok && lockedFns[owner][fn] {
				return true
			}
			if !sectionsDone {
				sectionsDone = true
				sections = AllSections(info, k, fd.Body)
			}
			for _, s := range sections {
				if s.Contains(pos) && owns(s.Obj) {
					return true
				}
			}
			return false
		}
		// rebuilt reports whether the write at pos through the field
		// expression fe stands in a critical section (an exclusive
		// Lock) on every path through which, from the Lock, fe was
		// given a new value (s.ctx, err = newContext(...); s.m =
		// make(...); s.p = &T{}): the write builds a value no reader
		// has yet, as a lazy initialiser under the write lock does.
		var fl *lintkit.Flow
		rebuilt := func(fe ast.Expr, pos token.Pos) bool {
			key := k.Key(fe)
			if key == "" {
				return false
			}
			fresh := func(n ast.Node) bool {
				as, ok := n.(*ast.AssignStmt)
				if !ok || as.Tok != token.ASSIGN {
					return false
				}
				for i, l := range as.Lhs {
					if k.Key(l) != key {
						continue
					}
					var rhs ast.Expr
					switch {
					case len(as.Rhs) == len(as.Lhs):
						rhs = as.Rhs[i]
					case len(as.Rhs) == 1:
						rhs = as.Rhs[0]
					}
					if newValue(info, rhs) {
						return true
					}
				}
				return false
			}
			if !sectionsDone {
				sectionsDone = true
				sections = AllSections(info, k, fd.Body)
			}
			for _, sec := range sections {
				if !sec.Contains(pos) || sec.Read || !lintkit.Any(fd.Body, func(n ast.Node) bool { return sec.Contains(n.Pos()) && fresh(n) }) {
					continue
				}
				if fl == nil {
					fl = lintkit.NewFlow(fd.Body)
				}
				if !fl.Reaches(sec.LockPos(), pos, fresh) {
					return true
				}
			}
			return false
		}
		// aliases: locals bound to a candidate field (m := s.peers).
		aliases := map[*types.Var]*types.Var{}
		// field returns the candidate field e denotes, directly or
		// through an alias, outside construction.
		field := func(e ast.Expr) *types.Var {
			if id, ok := ast.Unparen(e).(*ast.Ident); ok {
				if v, _ := info.ObjectOf(id).(*types.Var); v != nil {
					return aliases[v]
				}
				return nil
			}
			f := candidate(e)
			if f == nil {
				return nil
			}
			if root := RootVar(info, e); root != nil && fresh[root] {
				return nil // construction: the value is not shared yet
			}
			return f
		}
		mark := func(f *types.Var, pos token.Pos, field string) {
			if f == nil {
				return
			}
			w, seen := out[f]
			if !seen {
				w.pos = pos
			}
			w.locked = w.locked || lockedAt(pos, owners[f])
			if field != "" && !slices.Contains(w.fields, field) {
				w.fields = append(w.fields, field)
				slices.Sort(w.fields)
				if w.at == nil {
					w.at = map[string]token.Pos{}
				}
				w.at[field] = pos
			}
			out[f] = w
		}
		// written marks the field whose contents the location lhs is in.
		written := func(lhs ast.Expr) {
			var below ast.Expr // the step above the current node
			for e := ast.Unparen(lhs); ; {
				switch x := e.(type) {
				case *ast.IndexExpr:
					if f := field(x.X); f != nil && isMapOrSlice(f.Type()) {
						if _, isSel := below.(*ast.SelectorExpr); (below == nil || isSel && !lintkit.IsPointer(info.TypeOf(x))) && !rebuilt(x.X, lhs.Pos()) {
							mark(f, lhs.Pos(), "")
						}
						return
					}
					below, e = x, ast.Unparen(x.X)
					continue
				case *ast.SelectorExpr:
					if b, ok := below.(*ast.SelectorExpr); ok {
						if f := field(x); f != nil && lintkit.IsPointer(f.Type()) {
							if !rebuilt(x, lhs.Pos()) {
								mark(f, lhs.Pos(), b.Sel.Name) // s.cfg.Limit = n
							}
							return
						}
					}
					if s := info.Selections[x]; s == nil || s.Kind() != types.FieldVal {
						return
					}
					below, e = x, ast.Unparen(x.X)
					continue
				case *ast.StarExpr:
					if f := field(x.X); f != nil && lintkit.IsPointer(f.Type()) {
						if !rebuilt(x.X, lhs.Pos()) {
							mark(f, lhs.Pos(), "*") // *s.cfg = v: every field
						}
						return
					}
					below, e = x, ast.Unparen(x.X)
					continue
				}
				return
			}
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					written(l)
					if len(n.Lhs) != len(n.Rhs) {
						continue
					}
					if id, ok := l.(*ast.Ident); ok && n.Tok != token.ADD_ASSIGN {
						if v, _ := info.ObjectOf(id).(*types.Var); v != nil {
							if f := field(n.Rhs[i]); f != nil {
								aliases[v] = f
							}
						}
					}
					// s.list = append(s.list[:i], ...) shifts the elements
					// in place.
					if call, ok := ast.Unparen(n.Rhs[i]).(*ast.CallExpr); ok && lintkit.IsBuiltin(info, call, "append") && len(call.Args) > 0 {
						if se, ok := ast.Unparen(call.Args[0]).(*ast.SliceExpr); ok {
							mark(field(se.X), call.Pos(), "")
						}
					}
				}
			case *ast.IncDecStmt:
				written(n.X)
			case *ast.CallExpr:
				if len(n.Args) == 0 {
					return true
				}
				arg := n.Args[0]
				if c, ok := ast.Unparen(arg).(*ast.CallExpr); ok && len(c.Args) == 1 {
					if tv, ok := info.Types[c.Fun]; ok && tv.IsType() {
						arg = c.Args[0] // sort.Sort(byName(s.list))
					}
				}
				switch {
				case lintkit.IsBuiltin(info, n, "delete"), lintkit.IsBuiltin(info, n, "clear"), lintkit.IsBuiltin(info, n, "copy"):
					mark(field(arg), n.Pos(), "")
				default:
					if fn := lintkit.Callee(info, n); fn != nil && fn.Pkg() != nil && fn.Signature().Recv() == nil {
						for _, name := range inPlaceFuncs[fn.Pkg().Path()] {
							if fn.Name() == name {
								mark(field(arg), n.Pos(), "")
							}
						}
					}
				}
			}
			return true
		})
	}
	return out, locks
}

// newValue reports whether e makes a new value: a call (a constructor, make,
// new), a composite literal or its address.
func newValue(info *types.Info, e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		tv, ok := info.Types[e.Fun]
		return !ok || !tv.IsType() // a conversion keeps the value it converts
	case *ast.CompositeLit:
		return true
	case *ast.UnaryExpr:
		_, lit := ast.Unparen(e.X).(*ast.CompositeLit)
		return e.Op == token.AND && lit
	}
	return false
}

func isMapOrSlice(t types.Type) bool {
	switch types.Unalias(t).Underlying().(type) {
	case *types.Map, *types.Slice:
		return true
	}
	return false
}

// FreshLocals returns the locals of body bound to a value the function
// allocates (&T{...}, T{...}, new(T), var t T): writes through them are
// construction, before the value is shared.
func FreshLocals(info *types.Info, body *ast.BlockStmt) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE && len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok && Allocates(info, n.Rhs[i]) {
						if v, _ := info.Defs[id].(*types.Var); v != nil {
							out[v] = true
						}
					}
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				v, _ := info.Defs[id].(*types.Var)
				if v != nil && (len(n.Values) == 0 || (len(n.Values) == len(n.Names) && Allocates(info, n.Values[i]))) {
					out[v] = true
				}
			}
		}
		return true
	})
	return out
}

// Allocates reports whether e is a value allocated where it stands: a
// composite literal, its address, or new(T).
func Allocates(info *types.Info, e ast.Expr) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		return true
	case *ast.CallExpr:
		return lintkit.IsBuiltin(info, e, "new")
	}
	return false
}

// RootVar returns the variable at the root of a chain of selectors,
// indirections and index expressions, or nil.
func RootVar(info *types.Info, e ast.Expr) *types.Var {
	if id := rootIdent(e); id != nil {
		v, _ := info.ObjectOf(id).(*types.Var)
		return v
	}
	return nil
}

// rootIdent returns the identifier at the root of a chain of selectors,
// indirections and index expressions, or nil.
func rootIdent(e ast.Expr) *ast.Ident {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.Ident:
			return x
		default:
			return nil
		}
	}
}
