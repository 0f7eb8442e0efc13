package slots

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// The atomic operations an AtomicCall performs.
const (
	OpLoad  = "Load"
	OpStore = "Store"
	OpSwap  = "Swap"
	OpCAS   = "CompareAndSwap"
	OpAdd   = "Add"
	OpAnd   = "And"
	OpOr    = "Or"
)

// An AtomicCall is a call of a sync/atomic operation on one location: a
// method of atomic.Int32, ..., atomic.Pointer[T], atomic.Value or
// atomic.Bool (x.f.Load()), or a function of the package applied to an
// address (atomic.LoadInt32(&s.f)).
type AtomicCall struct {
	Op string // OpLoad, OpStore, ...
	// Type is the atomic type: "Int32", "Int64", "Uint32", "Uint64",
	// "Uintptr", "Pointer", "Value" or "Bool".
	Type string
	// Loc is the location operated on: x.f for x.f.Load(), s.f for
	// atomic.LoadInt32(&s.f), and for a function applied to a pointer
	// value, the pointer (Ptr); nil for a pointer that has no key (a call,
	// an index), which may be any location.
	Loc ast.Expr
	// Func is true for the function form (atomic.LoadInt32(&s.f)).
	Func bool
	// Ptr is true for the function form given a pointer value
	// (atomic.LoadInt32(p), atomic.LoadInt32((*int32)(b))): Loc is then
	// the pointer (p, b), whose key names the location it points to as
	// long as the pointer is not assigned.
	Ptr bool
	// Method is the method of an atomic type by behaviour
	// (Result.AtomicOp), "" for sync/atomic's own.
	Method string
	// Const: for such a method, a write of a value it holds itself.
	Const bool
	// Args are the operands after the location: the value of a Store, the
	// old and new values of a CompareAndSwap.
	Args []ast.Expr
}

// Numeric reports whether the location is an integer: atomic.Int32 and
// its siblings, or an integer handed to the function form.
func (a AtomicCall) Numeric() bool {
	switch a.Type {
	case "Int32", "Int64", "Uint32", "Uint64", "Uintptr":
		return true
	}
	return false
}

// Binding reports whether the location holds a binding to another object:
// an atomic.Pointer[T] or atomic.Value (and the unsafe.Pointer functions).
func (a AtomicCall) Binding() bool { return a.Type == "Pointer" || a.Type == "Value" }

// IsWrite reports whether the operation changes the location.
func (a AtomicCall) IsWrite() bool { return a.Op != OpLoad }

// atomicTypes are the types of sync/atomic with methods.
var atomicTypes = []string{"Bool", "Int32", "Int64", "Uint32", "Uint64", "Uintptr", "Pointer", "Value"}

// atomicOps are the operations, longest prefix first for the function
// form (CompareAndSwapInt32 before SwapInt32).
var atomicOps = []string{OpCAS, OpLoad, OpStore, OpSwap, OpAdd, OpAnd, OpOr}

// AtomicOp classifies call as an operation of sync/atomic, if it is one.
func AtomicOp(info *types.Info, call *ast.CallExpr) (AtomicCall, bool) {
	fn := lintkit.Callee(info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "sync/atomic" {
		return AtomicCall{}, false
	}
	if recv := fn.Signature().Recv(); recv != nil {
		n := lintkit.NamedOf(recv.Type())
		if n == nil {
			return AtomicCall{}, false
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return AtomicCall{}, false
		}
		for _, op := range atomicOps {
			if fn.Name() == op {
				return AtomicCall{Op: op, Type: n.Obj().Name(), Loc: sel.X, Args: call.Args}, true
			}
		}
		return AtomicCall{}, false
	}
	for _, op := range atomicOps {
		typ, ok := strings.CutPrefix(fn.Name(), op)
		if !ok || len(call.Args) == 0 {
			continue
		}
		switch typ {
		case "Int32", "Int64", "Uint32", "Uint64", "Uintptr", "Pointer":
		default:
			return AtomicCall{}, false
		}
		a := AtomicCall{Op: op, Type: typ, Func: true, Args: call.Args[1:]}
		arg := ast.Unparen(call.Args[0])
		// Through pointer conversions: (*int32)(&s.f), unsafe.Pointer(p).
		for {
			c, ok := arg.(*ast.CallExpr)
			if !ok || len(c.Args) != 1 {
				break
			}
			if tv, ok := info.Types[c.Fun]; !ok || !tv.IsType() {
				break
			}
			arg = ast.Unparen(c.Args[0])
		}
		switch x := arg.(type) {
		case *ast.UnaryExpr:
			if x.Op == token.AND {
				a.Loc = x.X
			}
		case *ast.Ident, *ast.SelectorExpr:
			a.Loc, a.Ptr = x, true
		}
		return a, true
	}
	return AtomicCall{}, false
}

// IsAtomicSlot reports whether fn is the method name of atomic.Pointer or
// atomic.Value: the atomics that hold a binding, unlike the counters
// (atomic.Int64 and friends) and flags (atomic.Bool).
func IsAtomicSlot(fn *types.Func, name string) bool {
	// A nil *types.Func must not reach IsMethod as a non-nil types.Object.
	return fn != nil && (lintkit.IsMethod(fn, "sync/atomic", "Pointer", name) || lintkit.IsMethod(fn, "sync/atomic", "Value", name))
}

// IsAtomicType reports whether t is one of the types of sync/atomic (a
// value that must not be copied, and is changed only by its methods).
func IsAtomicType(t types.Type) bool {
	n := lintkit.NamedOf(t)
	if n == nil || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "sync/atomic" {
		return false
	}
	for _, name := range atomicTypes {
		if n.Obj().Name() == name {
			return true
		}
	}
	return false
}
