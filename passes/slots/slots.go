// Package slots computes the facts that the run-binding checks
// (slotreread, cancelshare, lockescape, scopedcopy) need about functions,
// fields and types, from syntax and types only, so that they hold in every
// importing package:
//
//   - Accessor: a method that returns one field of its receiver (a path
//     of fields: shared.ID) read under the receiver's mutex, or an atomic
//     Load of a field of its receiver (atomic.Pointer[T], atomic.Value, a
//     numeric atomic, atomic.LoadInt32(&recv.f)). Calling it is a read of
//     that slot, so slotreread treats two calls like two Loads.
//   - StoresCancel: a function that stores one of its cancel parameters
//     (context.CancelFunc, context.CancelCauseFunc, or a type marked
//     //ctxbound:canceltoken) into a field, directly or through another
//     function that does. Passing a cancel func to it hands the func to a
//     new owner, so cancelshare treats the argument like a field store.
//   - InPlace: an exported map, slice or pointer field of a struct that
//     holds a mutex, whose contents the package changes in place
//     (lockescape).
//   - SelfBound: a struct type whose values hold funcs bound to the value
//     itself, set by a constructor or a method (scopedcopy).
//   - AtomicMethod: a method of an atomic type by behaviour (a type that
//     is one atomic location, whose methods load, store, swap,
//     compare-and-swap or add through sync/atomic: go.uber.org/atomic's,
//     a project's own; see wrappers.go). Result.AtomicOp classifies a
//     call of one like the sync/atomic operation it performs (slotreread,
//     atomicrmw).
//
// It also serves the building blocks those checks share: the critical
// sections of a function (Sections) and the operations of sync/atomic
// (AtomicOp). It reports nothing. Reporting analyzers read the facts
// through Result.
package slots

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/directives"
)

// Analyzer computes Accessor and StoresCancel facts.
var Analyzer = &analysis.Analyzer{
	Name:       "slots",
	Doc:        "infer slot accessors and functions that store a cancel parameter into a field; reports nothing",
	URL:        "https://github.com/ctxbound/ctxbound/blob/main/docs/checks.md#slotreread",
	Requires:   []*analysis.Analyzer{directives.Analyzer},
	Run:        lintkit.Safe(run),
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(Accessor), new(StoresCancel), new(InPlace), new(SelfBound), new(AtomicMethod)},
}

// The kinds of Accessor.
const (
	Guarded = "mutex"   // the field is read under the receiver's mutex
	Atomic  = "atomic"  // the field is an atomic.Pointer or atomic.Value, and Loaded
	Numeric = "numeric" // the field is a numeric atomic, or an integer Loaded with atomic.LoadInt32 and its siblings
)

// Accessor is the fact of a method that reads one slot of its receiver:
// it returns Field (a path of fields below the receiver: run, shared.ID),
// read under the receiver's mutex (Kind Guarded) or Loaded atomically
// (Kind Atomic for a binding, Numeric for an integer).
//
// Once says that Field, of Kind Guarded, is bound once in its package's
// life (at construction, or only while it is nil) or only ever cleared: two
// reads through the accessor see one binding, and it is no slot (the
// package that declares the field decides; reboundFields).
type Accessor struct {
	Field string
	Kind  string
	Once  bool
}

// AFact marks Accessor as a fact.
func (*Accessor) AFact() {}

func (a *Accessor) String() string {
	if a.Once {
		return fmt.Sprintf("slot accessor of %s field %s, bound once", a.Kind, a.Field)
	}
	return fmt.Sprintf("slot accessor of %s field %s", a.Kind, a.Field)
}

// StoresCancel is the fact of a function that stores its cancel parameters
// Params (indices, receiver excluded, sorted) into a field.
type StoresCancel struct {
	Params []int
}

// AFact marks StoresCancel as a fact.
func (*StoresCancel) AFact() {}

func (s *StoresCancel) String() string {
	p := make([]string, len(s.Params))
	for i, x := range s.Params {
		p[i] = fmt.Sprint(x)
	}
	return "stores cancel params " + strings.Join(p, ",") + " into a field"
}

// Result serves the facts of this package and its dependencies.
type Result struct {
	dirs      *directives.Result
	accessors map[types.Object]*Accessor
	stores    map[types.Object]*StoresCancel

	inPlace      map[*types.Var]inPlaceWrite // this package's fields changed in place
	inPlaceFacts map[types.Object]*InPlace

	selfBound map[types.Object][]Binding // this package's self-bound types
	selfFacts map[types.Object]*SelfBound

	atomics map[types.Object]*AtomicMethod // methods of atomic types, this package's and imported

	// The package's calls under locks (callers.go), built once for every
	// analyzer that asks, and LockedByCallers's answer.
	pass      *analysis.Pass
	locksOnce sync.Once
	locks     *lockIndex
	heldOnce  sync.Once
	held      map[*types.Func]bool

	reboundOnce sync.Once
	rebound     map[*types.Var]bool // fields of this package rebound outside construction

	writesOnce sync.Once
	writes     *writeIndex // the package's atomic writes by location (writers.go)
}

// Rebound reports whether field f, of the package analysed, is rebound
// outside construction (reboundFields): a field bound once in its life,
// or only ever cleared, is not.
func (r *Result) Rebound(f *types.Var) bool {
	r.reboundOnce.Do(func() { r.rebound = reboundFields(r.pass, lintkit.NewKeyer(r.pass.TypesInfo)) })
	return r.rebound[f.Origin()]
}

// lockIndex returns the package's lockIndex, built at the first call.
func (r *Result) lockIndex() *lockIndex {
	r.locksOnce.Do(func() {
		if r.locks == nil {
			r.locks = newLockIndex(r.pass, lintkit.NewKeyer(r.pass.TypesInfo))
		}
	})
	return r.locks
}

// LockedByCallers is LockedByCallers of the package analysed, computed
// once for every analyzer that asks. The map is never nil; callers must
// not change it.
func (r *Result) LockedByCallers() map[*types.Func]bool {
	r.heldOnce.Do(func() {
		r.held = r.lockIndex().locked(func(mu types.Object) bool { return mu != nil })
	})
	return r.held
}

// HasAccessors reports whether any accessor is known, of this package or an
// imported one.
func (r *Result) HasAccessors() bool { return len(r.accessors) > 0 }

// Accessor returns the Accessor fact of fn (matched by origin), or nil.
func (r *Result) Accessor(fn *types.Func) *Accessor {
	if fn == nil {
		return nil
	}
	return r.accessors[fn.Origin()]
}

// StoresParam reports whether fn stores its parameter i into a field.
func (r *Result) StoresParam(fn *types.Func, i int) bool {
	if fn == nil {
		return false
	}
	s := r.stores[fn.Origin()]
	return s != nil && slices.Contains(s.Params, i)
}

// IsCancel reports whether t is a cancel token: context.CancelFunc,
// context.CancelCauseFunc, a type marked //ctxbound:canceltoken, or a
// pointer to one of those.
func (r *Result) IsCancel(t types.Type) bool {
	t = lintkit.Deref(t)
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	o := n.Origin().Obj()
	if o.Pkg() != nil && o.Pkg().Path() == "context" && (o.Name() == "CancelFunc" || o.Name() == "CancelCauseFunc") {
		return true
	}
	return r.dirs.Has(o, directives.CancelToken)
}

func run(pass *analysis.Pass) (any, error) {
	r := &Result{
		pass:      pass,
		dirs:      pass.ResultOf[directives.Analyzer].(*directives.Result),
		accessors: lintkit.ObjectFacts[*Accessor](pass),
		stores:    lintkit.ObjectFacts[*StoresCancel](pass),

		inPlaceFacts: lintkit.ObjectFacts[*InPlace](pass),
		selfFacts:    lintkit.ObjectFacts[*SelfBound](pass),
		selfBound:    map[types.Object][]Binding{},
		atomics:      lintkit.ObjectFacts[*AtomicMethod](pass),
	}
	local := selfBindings(pass)
	named := slices.SortedFunc(maps.Keys(local), func(a, b *types.TypeName) int { return cmp.Compare(a.Pos(), b.Pos()) })
	for _, tn := range named {
		r.selfBound[tn] = local[tn]
		pass.ExportObjectFact(tn, &SelfBound{Fields: local[tn]})
	}
	if lintkit.ImportsAny(pass.Pkg, "sync", "internal/sync") {
		r.inPlace, r.locks = inPlaceWrites(pass)
		fields := slices.SortedFunc(maps.Keys(r.inPlace), func(a, b *types.Var) int { return cmp.Compare(a.Pos(), b.Pos()) })
		for _, f := range fields {
			if f.Exported() {
				pass.ExportObjectFact(f, r.inPlace[f].fact())
			}
		}
	}
	var decls []*ast.FuncDecl
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				decls = append(decls, fd)
			}
		}
	}
	if lintkit.Imports(pass.Pkg, "sync/atomic") || len(r.atomics) > 0 {
		for _, fn := range r.atomicTypes(pass, decls) {
			pass.ExportObjectFact(fn, r.atomics[fn])
		}
	}
	for _, fd := range decls {
		fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
		if fn == nil {
			continue
		}
		if r.atomics[fn] != nil {
			continue // a method of an atomic type is that type's operation, not an accessor of its field
		}
		if a := r.accessor(pass.TypesInfo, fd); a != nil {
			if a.Kind == Guarded {
				f, _ := FieldAt(fn.Signature().Recv().Type(), a.Field).(*types.Var)
				a.Once = f != nil && !r.Rebound(f)
			}
			r.accessors[fn] = a
			pass.ExportObjectFact(fn, a)
		}
	}
	// StoresCancel: a fixpoint over the package, since a constructor may
	// hand its parameter to another constructor declared later.
	stored := map[*types.Func][]int{}
	for changed := true; changed; {
		changed = false
		for _, fd := range decls {
			fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			got := storedParams(pass.TypesInfo, r, fd, fn)
			if len(got) != len(stored[fn]) {
				stored[fn] = got
				r.stores[fn] = &StoresCancel{Params: got}
				changed = true
			}
		}
	}
	for _, fd := range decls {
		fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
		if fn != nil && len(stored[fn]) > 0 {
			pass.ExportObjectFact(fn, &StoresCancel{Params: stored[fn]})
		}
	}
	return r, nil
}

// accessor returns the Accessor fact of a method declaration, or nil. The
// shapes are deliberately narrow: a method without parameters whose every
// return statement returns recv.f (or a local assigned only from recv.f)
// after locking a mutex of recv, or the Load of an atomic at recv.f:
// recv.f.Load() (possibly type-asserted) of an atomic.Pointer, an
// atomic.Value or a numeric atomic, or atomic.LoadInt32(&recv.f) and its
// siblings. f may be a path of fields (recv.shared.ID).
func (r *Result) accessor(info *types.Info, fd *ast.FuncDecl) *Accessor {
	if fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 {
		return nil
	}
	if fd.Type.Params.NumFields() != 0 || fd.Type.Results.NumFields() != 1 {
		return nil
	}
	recv := info.Defs[fd.Recv.List[0].Names[0]]
	if recv == nil {
		return nil
	}
	k := lintkit.NewKeyer(info)
	var field, kind string
	var ftype types.Type
	locked := false
	agree := func(f, kd string, t types.Type) bool {
		if field == "" {
			field, kind, ftype = f, kd, t
		}
		return field == f && kind == kd
	}
	ok := true
	locals := map[types.Object]string{} // local := recv.f
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if isLock(info, n) && rootOf(info, n.Fun) == recv {
				locked = true
			}
		case *ast.AssignStmt:
			if len(n.Lhs) == 1 && len(n.Rhs) == 1 {
				if id, isID := n.Lhs[0].(*ast.Ident); isID {
					if obj := info.ObjectOf(id); obj != nil {
						if f := recvPath(info, k, recv, n.Rhs[0]); f != "" && n.Tok == token.DEFINE {
							locals[obj] = f
						} else if _, seen := locals[obj]; seen {
							locals[obj] = "" // reassigned from something else
						}
					}
				}
			}
		case *ast.ReturnStmt:
			if len(n.Results) != 1 {
				ok = false
				return false
			}
			e := ast.Unparen(n.Results[0])
			if ta, isTA := e.(*ast.TypeAssertExpr); isTA {
				if t := info.TypeOf(ta); t != nil && !IsBinding(t) {
					// return s.conf.Load().(Config): a copy of a value,
					// a snapshot of data, not a binding (hashicorp/raft's
					// reloadable config).
					ok = false
					return false
				}
				e = ast.Unparen(ta.X)
			}
			if call, isCall := e.(*ast.CallExpr); isCall {
				if a, isAtomic := r.AtomicOp(info, call); isAtomic && a.Op == OpLoad && (a.Binding() || a.Numeric()) && a.Loc != nil {
					if f := recvPath(info, k, recv, a.Loc); f != "" {
						kd := Atomic
						if a.Numeric() {
							kd = Numeric
						}
						ok = agree(f, kd, nil)
						return false
					}
				}
				ok = false
				return false
			}
			if id, isID := e.(*ast.Ident); isID {
				if f := locals[info.ObjectOf(id)]; f != "" {
					ok = agree(f, Guarded, info.TypeOf(e))
					return false
				}
			}
			if f := recvPath(info, k, recv, e); f != "" {
				ok = agree(f, Guarded, info.TypeOf(e))
				return false
			}
			ok = false
			return false
		}
		return true
	})
	if !ok || field == "" || (kind == Guarded && (!locked || !IsBinding(ftype))) {
		return nil
	}
	return &Accessor{Field: field, Kind: kind}
}

// recvPath returns the path of fields f (a.b for recv.a.b, embedded fields
// included, as lintkit.Keyer spells them) when e is a chain of field
// selections on recv, or "".
func recvPath(info *types.Info, k *lintkit.Keyer, recv types.Object, e ast.Expr) string {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	if s := info.Selections[sel]; s == nil || s.Kind() != types.FieldVal {
		return ""
	}
	if rootOf(info, sel) != recv {
		return ""
	}
	v, ok := recv.(*types.Var)
	if !ok {
		return ""
	}
	key, base := k.Key(sel), k.VarKey(v)
	path, ok := strings.CutPrefix(key, base+".")
	if !ok {
		return ""
	}
	return path
}

// isLock reports whether call locks a mutex.
func isLock(info *types.Info, call *ast.CallExpr) bool {
	return IsLock(lintkit.Callee(info, call))
}

// mutexPkgs are the packages whose Mutex and RWMutex guard slots: sync, and
// the standard library's internal copy.
var mutexPkgs = []string{"sync", "internal/sync"}

// IsLock reports whether fn is Lock or RLock of a sync.Mutex or
// sync.RWMutex.
func IsLock(fn *types.Func) bool {
	return isMutexMethod(fn, "Lock", "RLock")
}

// IsTryLock reports whether fn is TryLock of a sync.Mutex or
// sync.RWMutex, or TryRLock of a sync.RWMutex.
func IsTryLock(fn *types.Func) bool {
	return isMutexMethod(fn, "TryLock", "TryRLock")
}

// IsUnlock reports whether fn is Unlock or RUnlock of a sync.Mutex or
// sync.RWMutex.
func IsUnlock(fn *types.Func) bool {
	return isMutexMethod(fn, "Unlock", "RUnlock")
}

func isMutexMethod(fn *types.Func, name, rname string) bool {
	if fn == nil {
		return false
	}
	for _, p := range mutexPkgs {
		if lintkit.IsMethod(fn, p, "Mutex", name) || lintkit.IsMethod(fn, p, "RWMutex", name) || lintkit.IsMethod(fn, p, "RWMutex", rname) {
			return true
		}
	}
	return false
}

// IsBinding reports whether a field of type t can hold a binding to
// another object, the way a run slot does: a pointer, or an interface
// other than error (an error field is state, not a binding). Values,
// strings, slices, maps and channels are not slots.
func IsBinding(t types.Type) bool {
	if types.Identical(t, types.Universe.Lookup("error").Type()) {
		return false
	}
	switch types.Unalias(t).Underlying().(type) {
	case *types.Pointer, *types.Interface:
		return true
	}
	return false
}

// rootOf returns the variable at the root of a selector chain x.f.g.Lock.
func rootOf(info *types.Info, e ast.Expr) types.Object {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.Ident:
			return info.ObjectOf(x)
		default:
			return nil
		}
	}
}

// storedParams returns the indices of the cancel parameters of fd that it
// stores into a field: as the value of a composite literal element, the
// right side of an assignment to a field, or an argument that a callee
// stores (by fact or by the fixpoint in progress).
func storedParams(info *types.Info, r *Result, fd *ast.FuncDecl, fn *types.Func) []int {
	params := fn.Signature().Params()
	index := map[types.Object]int{}
	for i := range params.Len() {
		if p := params.At(i); r.IsCancel(p.Type()) {
			index[p] = i
		}
	}
	if len(index) == 0 {
		return nil
	}
	var got []int
	mark := func(e ast.Expr) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if i, ok := index[info.ObjectOf(id)]; ok && !slices.Contains(got, i) {
				got = append(got, i)
			}
		}
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CompositeLit:
			if _, ok := info.TypeOf(n).Underlying().(*types.Struct); ok {
				for _, el := range n.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						mark(kv.Value)
					} else {
						mark(el)
					}
				}
			}
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok {
						if s := info.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
							mark(n.Rhs[i])
						}
					}
				}
			}
		case *ast.CallExpr:
			callee := lintkit.Callee(info, n)
			for i, a := range n.Args {
				if callee != nil && r.StoresParam(callee, i) {
					mark(a)
				}
			}
		}
		return true
	})
	slices.Sort(got)
	return got
}
