package slots

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// Atomic types by behaviour (issue 20). A type is atomic when it is one
// atomic location with methods that load, store, swap, compare-and-swap or
// add through sync/atomic: go.uber.org/atomic's Int64 (a struct whose one
// field is an atomic.Int64, or an int64 loaded with atomic.LoadInt64), a
// project's own type atomicBool int32 whose isSet calls
// atomic.LoadInt32((*int32)(b)). Its methods then get an AtomicMethod fact,
// and the checks treat a call of one like the sync/atomic operation it
// performs: x.n.Load() of a go.uber.org/atomic.Int64 like x.n.Load() of an
// atomic.Int64.
//
// The shape is deliberately narrow, so that a type that merely has a Load
// method is not taken for one: the type is an integer, a pointer-sized
// basic type, or a struct with exactly one field that is not blank (the
// location; a blank field such as go.uber.org/atomic's _ nocmp is fine);
// each method with a fact has a body of one statement (a return or a call)
// that performs exactly one atomic operation, on that location (the field,
// or the receiver itself through a pointer conversion), possibly through
// another method of the type (CAS calls CompareAndSwap) or of the field's
// type (a wrapper of a wrapper); and the type has a load (a method without
// parameters and with one result) and at least one other operation.

// AtomicMethod is the fact of a method of an atomic type: the operation
// it performs on the type's location, and the kind of value held there.
type AtomicMethod struct {
	Op string // OpLoad, OpStore, OpSwap, OpCAS, OpAdd, OpAnd, OpOr
	// Type is the value's kind, named like sync/atomic's types where one
	// fits: "Int32", "Int64", "Uint32", "Uint64", "Uintptr", "Bool",
	// "Pointer" (a pointer), "Value" (an interface); else "String",
	// "Float" or "Data".
	Type string
	// Const: a write of a value the method holds itself (setTrue() {
	// atomic.StoreInt32(&b.v, 1) }), not of an argument.
	Const bool
}

// AFact marks AtomicMethod as a fact.
func (*AtomicMethod) AFact() {}

func (a *AtomicMethod) String() string {
	s := fmt.Sprintf("atomic %s of %s", a.Op, a.Type)
	if a.Const {
		s += " (a constant)"
	}
	return s
}

// HasAtomicMethods reports whether a method of an atomic type is known, of
// this package or an imported one.
func (r *Result) HasAtomicMethods() bool { return len(r.atomics) > 0 }

// AtomicMethod returns the AtomicMethod fact of fn (matched by origin), or
// nil.
func (r *Result) AtomicMethod(fn *types.Func) *AtomicMethod {
	if fn == nil {
		return nil
	}
	return r.atomics[fn.Origin()]
}

// AtomicOp classifies call as an atomic operation: one of sync/atomic
// (AtomicOp), or a call of a method of an atomic type (an AtomicMethod
// fact), whose location is the receiver expression.
func (r *Result) AtomicOp(info *types.Info, call *ast.CallExpr) (AtomicCall, bool) {
	if a, ok := AtomicOp(info, call); ok {
		return a, true
	}
	if len(r.atomics) == 0 {
		return AtomicCall{}, false
	}
	fn := lintkit.Callee(info, call)
	if fn == nil || fn.Signature().Recv() == nil {
		return AtomicCall{}, false
	}
	m := r.atomics[fn.Origin()]
	if m == nil {
		return AtomicCall{}, false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return AtomicCall{}, false
	}
	return AtomicCall{Op: m.Op, Type: m.Type, Loc: sel.X, Args: call.Args, Method: fn.Name(), Const: m.Const}, true
}

// IsAtomic reports whether t (or the type t points to) is one of the types
// of sync/atomic, or an atomic type by behaviour (one of its methods has
// an AtomicMethod fact).
func (r *Result) IsAtomic(t types.Type) bool {
	if IsAtomicType(t) {
		return true
	}
	n := lintkit.NamedOf(t)
	if n == nil {
		return false
	}
	for m := range n.Origin().Methods() {
		if r.atomics[m] != nil {
			return true
		}
	}
	return false
}

// valueKind names the kind of an atomic's value of type t (see
// AtomicMethod.Type).
func valueKind(t types.Type) string {
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Basic:
		switch u.Kind() {
		case types.Bool:
			return "Bool"
		case types.Int8, types.Int16, types.Int32:
			return "Int32"
		case types.Int, types.Int64:
			return "Int64"
		case types.Uint8, types.Uint16, types.Uint32:
			return "Uint32"
		case types.Uint, types.Uint64:
			return "Uint64"
		case types.Uintptr:
			return "Uintptr"
		case types.UnsafePointer:
			return "Pointer"
		case types.String:
			return "String"
		case types.Float32, types.Float64:
			return "Float"
		}
	case *types.Pointer:
		return "Pointer"
	case *types.Interface:
		return "Value"
	}
	return "Data"
}

// atomicTypes finds the atomic types of the package, records the facts of
// their methods in r.atomics, and returns those methods by position (run
// exports their facts).
func (r *Result) atomicTypes(pass *analysis.Pass, decls []*ast.FuncDecl) []*types.Func {
	info := pass.TypesInfo
	// The candidate types and their location: "" for the receiver itself,
	// else the one field that is not blank.
	type candidate struct {
		field   *types.Var // nil: the receiver itself
		methods []*ast.FuncDecl
	}
	cands := map[*types.TypeName]*candidate{}
	for _, fd := range decls {
		if fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 || len(fd.Body.List) != 1 {
			continue
		}
		recv, _ := info.Defs[fd.Recv.List[0].Names[0]].(*types.Var)
		if recv == nil {
			continue
		}
		n := lintkit.NamedOf(recv.Type())
		if n == nil || n.Obj().Pkg() != pass.Pkg {
			continue
		}
		tn := n.Origin().Obj()
		c, seen := cands[tn]
		if !seen {
			c = &candidate{}
			switch u := n.Underlying().(type) {
			case *types.Basic:
				if u.Info()&types.IsInteger == 0 && u.Kind() != types.UnsafePointer {
					c = nil
				}
			case *types.Struct:
				for f := range u.Fields() {
					if f.Name() == "_" {
						continue
					}
					if c.field != nil {
						c = nil
						break
					}
					c.field = f
				}
				if c != nil && c.field == nil {
					c = nil
				}
			default:
				c = nil
			}
			cands[tn] = c
		}
		if c != nil {
			c.methods = append(c.methods, fd)
		}
	}
	// at returns whether e is the location of the type whose receiver is
	// recv: the field selected on recv, or recv itself through a pointer
	// (ptr: a function of sync/atomic given the receiver) or by a method of
	// an atomic type called on it.
	at := func(c *candidate, recv *types.Var, a AtomicCall) bool {
		e := ast.Unparen(a.Loc)
		if id, ok := e.(*ast.Ident); ok && info.Uses[id] == recv {
			return c.field == nil && a.Ptr || a.Method != ""
		}
		sel, ok := e.(*ast.SelectorExpr)
		if !ok || c.field == nil || a.Ptr {
			return false
		}
		s := info.Selections[sel]
		id, ok := ast.Unparen(sel.X).(*ast.Ident)
		if !ok || s == nil || s.Kind() != types.FieldVal || len(s.Index()) != 1 || info.Uses[id] != recv {
			return false
		}
		f, _ := s.Obj().(*types.Var)
		return f != nil && f.Origin() == c.field.Origin() // of a generic type, each method's receiver has its own instance
	}
	// op returns the fact of one method, if it is an atomic operation.
	op := func(c *candidate, fd *ast.FuncDecl) *AtomicMethod {
		recv, _ := info.Defs[fd.Recv.List[0].Names[0]].(*types.Var)
		fn, _ := info.Defs[fd.Name].(*types.Func)
		if recv == nil || fn == nil {
			return nil
		}
		switch st := fd.Body.List[0].(type) {
		case *ast.ReturnStmt:
			if len(st.Results) != 1 {
				return nil
			}
		case *ast.ExprStmt:
		default:
			return nil // a loop, a branch, a declaration: more than one operation
		}
		var found []AtomicCall
		ast.Inspect(fd.Body.List[0], func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.CallExpr:
				if a, ok := r.AtomicOp(info, n); ok {
					found = append(found, a)
				}
			}
			return true
		})
		if len(found) != 1 || !at(c, recv, found[0]) {
			return nil
		}
		a := found[0]
		sig := fn.Signature()
		m := &AtomicMethod{Op: a.Op, Type: "Data"}
		switch {
		case a.Op == OpLoad:
			if sig.Params().Len() != 0 || sig.Results().Len() != 1 {
				return nil
			}
			m.Type = valueKind(sig.Results().At(0).Type())
		case sig.Params().Len() > 0:
			m.Type = valueKind(sig.Params().At(0).Type())
		default:
			// A write of a value of its own: the argument it stores is a
			// constant, or it calls a method that stores one.
			m.Const = a.Const || len(a.Args) == 1 && info.Types[a.Args[0]].Value != nil
		}
		return m
	}
	// To a fixed point, each method recomputed each round (one may call
	// another that is found later); a few rounds at most.
	for round, changed := 0, true; changed && round < 8; round++ {
		changed = false
		for _, c := range cands {
			if c == nil {
				continue
			}
			for _, fd := range c.methods {
				fn, _ := info.Defs[fd.Name].(*types.Func)
				if fn == nil {
					continue
				}
				m, old := op(c, fd), r.atomics[fn]
				if m == nil && old != nil {
					delete(r.atomics, fn)
					changed = true
				} else if m != nil && (old == nil || *m != *old) {
					r.atomics[fn] = m
					changed = true
				}
			}
		}
	}
	// A type is atomic with a load and another operation; the constant
	// writes of a Bool-like type take the kind of its load.
	var out []*types.Func
	for _, c := range cands {
		if c == nil {
			continue
		}
		var load *AtomicMethod
		other := false
		for _, fd := range c.methods {
			fn, _ := info.Defs[fd.Name].(*types.Func)
			if m := r.atomics[fn]; m != nil {
				if m.Op == OpLoad && load == nil {
					load = m
				} else if m.Op != OpLoad {
					other = true
				}
			}
		}
		for _, fd := range c.methods {
			fn, _ := info.Defs[fd.Name].(*types.Func)
			m := r.atomics[fn]
			if m == nil {
				continue
			}
			if load == nil || !other {
				delete(r.atomics, fn)
				continue
			}
			if m.Type == "Data" && m.Op != OpLoad {
				m.Type = load.Type
			}
			out = append(out, fn)
		}
	}
	slices.SortFunc(out, func(a, b *types.Func) int { return cmp.Compare(a.Pos(), b.Pos()) })
	return out
}
