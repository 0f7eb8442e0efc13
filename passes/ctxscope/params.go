package ctxscope

import (
	"go/ast"
	"go/types"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// Parameters that are never a caller's context.
//
// An unexported function's context parameter is its caller's context only
// if some caller hands it one. When every call in the package passes a
// root or a component's lifetime context (startSweeper(ctx), called only
// from a constructor with context.WithCancel(context.Background()) whose
// cancel a field keeps), the parameter carries no caller's values or
// cancellation: a root made inside the function drops nothing, and a
// ctx-less helper called there loses nothing it had. Such a parameter is a
// lifetime context inside its function, not its caller scope. An exported
// function, or one whose value escapes (a callback, a method an interface
// of the package may call), has callers this package does not see: its
// parameters keep the rule that a context parameter is the caller's.

// ensureParams computes the parameters that are no caller's context, once,
// when a check first asks a question of the result (not while the facts
// are computed, which describe the functions for every caller).
func (r *Result) ensureParams() {
	if r.factsDone {
		r.paramsOnce.Do(r.computeParams)
	}
}

// computeParams finds the context parameters of unexported functions that
// every call in the package hands a root or a lifetime context (notCaller),
// to a fixed point: a parameter passed on from another such parameter
// counts as one. It runs after the facts, which describe the functions for
// every caller, and forgets the flows of the functions whose parameters
// it decides.
func (r *Result) computeParams() {
	r.notCaller = map[*types.Var]bool{}
	r.callerParams()
	r.labelCallbacks()
}

// callerParams computes notCaller for the unexported functions' context
// parameters (computeParams).
func (r *Result) callerParams() {
	info := r.pass.TypesInfo
	// The unexported functions with a named context parameter, and which
	// identifiers name a function where it is called.
	cands := map[*types.Func][]int{} // the indices of the context parameters
	for _, fi := range r.units {
		d, ok := fi.node.(*ast.FuncDecl)
		if !ok || d.Name.IsExported() || len(fi.ctxParams) == 0 || d.Name.Name == "init" || d.Name.Name == "main" {
			continue
		}
		fn, _ := info.Defs[d.Name].(*types.Func)
		if fn == nil {
			continue
		}
		ps := fn.Signature().Params()
		for i := range ps.Len() {
			if r.params[ps.At(i)] {
				cands[fn] = append(cands[fn], i)
			}
		}
	}
	if len(cands) == 0 {
		return
	}
	ifaceMethods := map[string]bool{}
	callFun := map[*ast.Ident]bool{}
	var calls []*ast.CallExpr
	for _, f := range r.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.InterfaceType:
				for _, m := range n.Methods.List {
					for _, id := range m.Names {
						ifaceMethods[id.Name] = true
					}
				}
			case *ast.CallExpr:
				var id *ast.Ident
				switch fun := ast.Unparen(n.Fun).(type) {
				case *ast.Ident:
					id = fun
				case *ast.SelectorExpr:
					id = fun.Sel
				case *ast.IndexExpr: // f[T](ctx)
					id = lintkit.Ident(fun.X)
				case *ast.IndexListExpr:
					id = lintkit.Ident(fun.X)
				}
				if id != nil {
					if fn, ok := info.Uses[id].(*types.Func); ok && cands[fn.Origin()] != nil {
						callFun[id] = true
						calls = append(calls, n)
					}
				}
			}
			return true
		})
	}
	// A function used as a value, or a method an interface of the package
	// may name, has callers not seen here.
	called := map[*types.Func]bool{}
	for id, obj := range info.Uses {
		fn, ok := obj.(*types.Func)
		if !ok || cands[fn.Origin()] == nil {
			continue
		}
		fn = fn.Origin()
		if !callFun[id] || fn.Signature().Recv() != nil && ifaceMethods[fn.Name()] {
			delete(cands, fn)
			continue
		}
		called[fn] = true
	}
	for fn := range cands {
		if !called[fn] {
			delete(cands, fn) // no call seen: its callers are elsewhere
		}
	}
	if len(cands) == 0 {
		return
	}
	// Greatest fixed point: assume every candidate, drop the parameters
	// some call hands a caller's (or unknown) context, until none changes.
	for fn, idx := range cands {
		for _, i := range idx {
			r.notCaller[fn.Signature().Params().At(i)] = true
		}
		r.forgetFlow(fn)
	}
	for changed := true; changed && len(r.notCaller) > 0; {
		changed = false
		for _, call := range calls {
			fn := lintkit.Callee(info, call)
			if fn == nil {
				continue
			}
			sig := fn.Signature()
			for _, i := range cands[fn] {
				p := sig.Params().At(i)
				if !r.notCaller[p] || i >= len(call.Args) {
					continue
				}
				if k := r.classify(call.Args[i]).Kind; k != Root && k != Lifetime {
					delete(r.notCaller, p)
					r.forgetFlow(fn)
					changed = true
				}
			}
		}
	}
}

// labelCallbacks finds the literals run by pprof.Do, which calls its
// callback at once with its own context argument and the labels added:
// the literal's context parameter is that argument's. Given a root
// (pprof.Do(context.Background(), labels, func(ctx context.Context) {
// ... })), it carries no caller's values or cancellation, named or not:
// a lifetime context inside the literal, not its caller scope, like the
// parameters callerParams finds. Given the caller's context, it is the
// caller's, as any context parameter.
func (r *Result) labelCallbacks() {
	for _, call := range r.labels {
		fi := r.fn(ast.Unparen(call.Args[2]).(*ast.FuncLit))
		if fi == nil {
			continue
		}
		if k := r.classify(call.Args[0]).Kind; k != Root && k != Lifetime {
			continue
		}
		fi.givenRoot = true
		for _, v := range fi.ctxParams {
			r.notCaller[v] = true
		}
		r.forgetUnit(fi)
	}
}

// forgetFlow forgets the flows of fn's declaration and its literals: its
// parameters' classes changed. Other functions' flows do not depend on
// them.
func (r *Result) forgetFlow(fn *types.Func) {
	d := r.DeclOf(fn)
	if d == nil {
		return
	}
	fi := r.fn(d)
	if fi == nil {
		return
	}
	r.forgetUnit(fi)
}

// forgetUnit forgets the flows of the function or literal fi and of its
// literals.
func (r *Result) forgetUnit(fi *funcInfo) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var forget func(u *funcInfo)
	forget = func(u *funcInfo) {
		delete(r.flows, u)
		for _, c := range u.children {
			forget(c)
		}
	}
	forget(fi)
}
