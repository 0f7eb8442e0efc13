package lintkit

import (
	"go/types"
	"sync"
)

// Which types are contexts, by the type checker.
//
// A value is a context when its type implements context.Context
// (types.Implements against context.Context's own method set: Deadline()
// (time.Time, bool), Done() <-chan struct{}, Err() error, Value(any) any).
// Method names alone decide nothing: urfave/cli v2's *cli.Context embeds a
// context.Context but declares its own Value(name string) interface{}, so
// it is not one (the compiler says so), and must not be taken for one.
//
// The interface is built from the time.Time of the candidate's own
// Deadline method, once per time package (a program has one), so that
// no import of package context is needed to ask: a package that only
// imports a framework whose request type implements context.Context has
// one too.

// ctxIfaces caches context.Context's method set, by time.Time's type name.
var ctxIfaces sync.Map // *types.TypeName -> *types.Interface

// contextInterface returns an interface with context.Context's method
// set, built over timeTime, the time.Time of the program.
func contextInterface(timeTime *types.Named) *types.Interface {
	if v, ok := ctxIfaces.Load(timeTime.Obj()); ok {
		return v.(*types.Interface)
	}
	anyT := types.Universe.Lookup("any").Type()
	errT := types.Universe.Lookup("error").Type()
	done := types.NewChan(types.RecvOnly, types.NewStruct(nil, nil))
	tuple := func(ts ...types.Type) *types.Tuple {
		vs := make([]*types.Var, len(ts))
		for i, t := range ts {
			vs[i] = types.NewParam(0, nil, "", t)
		}
		return types.NewTuple(vs...)
	}
	method := func(name string, params, results *types.Tuple) *types.Func {
		return types.NewFunc(0, nil, name, types.NewSignatureType(nil, nil, nil, params, results, false))
	}
	iface := types.NewInterfaceType([]*types.Func{
		method("Deadline", nil, tuple(timeTime, types.Typ[types.Bool])),
		method("Done", nil, tuple(done)),
		method("Err", nil, tuple(errT)),
		method("Value", tuple(anyT), tuple(anyT)),
	}, nil).Complete()
	v, _ := ctxIfaces.LoadOrStore(timeTime.Obj(), iface)
	return v.(*types.Interface)
}

// contextOf returns context.Context's method set as an interface when t
// may implement it (it has a method Deadline whose first result is
// time.Time), or nil. It is the cheap filter before types.Implements.
func contextOf(t types.Type) *types.Interface {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Deadline")
	fn, ok := obj.(*types.Func)
	if !ok {
		return nil
	}
	res := fn.Signature().Results()
	if res.Len() != 2 {
		return nil
	}
	tt, ok := types.Unalias(res.At(0).Type()).(*types.Named)
	if !ok || tt.Obj().Name() != "Time" || tt.Obj().Pkg() == nil || tt.Obj().Pkg().Path() != "time" {
		return nil
	}
	return contextInterface(tt)
}

// ImplementsContext reports whether a value of type t is a context: t
// implements context.Context. That is context.Context itself, a defined
// interface over it (type Ctx context.Context) or one that embeds it, a
// type parameter constrained by it, and a concrete type with its four
// methods (a framework's request context), but not a type that merely has
// methods of those names.
func ImplementsContext(t types.Type) bool {
	if t == nil {
		return false
	}
	if IsContextType(t) {
		return true
	}
	if !mayHaveMethods(t, 4) {
		return false
	}
	iface := contextOf(t)
	return iface != nil && types.Implements(t, iface)
}

// mayHaveMethods reports whether t can have n methods: most types cannot,
// and are rejected before a method lookup, which costs more.
func mayHaveMethods(t types.Type, n int) bool {
	switch u := types.Unalias(t).(type) {
	case *types.TypeParam:
		iface, ok := u.Constraint().Underlying().(*types.Interface)
		return ok && iface.NumMethods() >= n
	case *types.Pointer:
		return mayHaveMethods(u.Elem(), n)
	case *types.Named:
		switch under := u.Underlying().(type) {
		case *types.Interface:
			return under.NumMethods() >= n
		case *types.Struct:
			if hasEmbedded(under) {
				return true // promoted methods
			}
		}
		return u.NumMethods() >= n
	case *types.Interface:
		return u.NumMethods() >= n
	}
	return false
}

func hasEmbedded(st *types.Struct) bool {
	for i := range st.NumFields() {
		if st.Field(i).Embedded() {
			return true
		}
	}
	return false
}

// IsContextType reports whether t is context.Context, or a type that is
// the same interface under another name: a defined interface type over it
// (type Ctx context.Context), or an interface with exactly its methods. A
// parameter of such a type takes any context.Context, so it is a context
// parameter: a root passed to it drops the caller's context.
func IsContextType(t types.Type) bool {
	if t == nil {
		return false
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		o := n.Obj()
		if o.Name() == "Context" && o.Pkg() != nil && (o.Pkg().Path() == "context" || o.Pkg().Path() == "golang.org/x/net/context") {
			return true
		}
	}
	if _, ok := types.Unalias(t).(*types.TypeParam); ok {
		return false // a value of it is a context, but a root is no C
	}
	iface, ok := t.Underlying().(*types.Interface)
	if !ok || iface.NumMethods() != 4 {
		return false
	}
	ctx := contextOf(t)
	return ctx != nil && types.Implements(t, ctx)
}

// ParamType returns the type of the parameter that receives argument i,
// following a variadic parameter.
func ParamType(sig *types.Signature, i int) types.Type {
	n := sig.Params().Len()
	if n == 0 {
		return nil
	}
	if sig.Variadic() && i >= n-1 {
		if s, ok := sig.Params().At(n - 1).Type().(*types.Slice); ok {
			return s.Elem()
		}
		return nil
	}
	if i >= n {
		return nil
	}
	return sig.Params().At(i).Type()
}
