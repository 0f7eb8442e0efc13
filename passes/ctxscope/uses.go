package ctxscope

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// Context parameters their function never uses.
//
// A root handed to a context parameter that the callee never reads (no
// Done, Err, Value or Deadline, no call that takes it, not stored, not
// captured), or reads only on a path the call cannot take (it uses ctx to
// dial only when the conn it is given is nil), drops nothing: the
// caller's context would change nothing there. maxLTXFile(ctx) that lists
// a folder, or recover(ctx) that hands ctx only to helpers that ignore
// it, are given context.Background() by a function that has none, and
// neither that function nor its callers lose anything.
//
// The use of a parameter is decided for the functions declared in this
// package, to a fixed point over the calls between them: a parameter
// passed on to another function's parameter is used when that one is, on
// the paths the call can take. A function of another package, a function
// value or an interface method is taken to use its context, and so is a
// function of a file built only for some systems (TimesWithContext in
// cpu_linux.go may ignore ctx where cpu_darwin.go's runs a command with
// it): what it does holds for this build alone.

// ctxUse says how a function uses one of its context parameters: not at
// all (!used), or only where guards, parameters of the same function,
// are their zero value (ZeroParams' sense; none: on every path).
type ctxUse struct {
	used   bool
	guards []int
	// cancels: some use may observe its cancellation or deadline: any but
	// ctx.Value(k) and handing it to a parameter that is used for values
	// alone (a config or logger looked up in it).
	cancels bool
}

// useKey names a context parameter: parameter i of fn.
type useKey struct {
	fn *types.Func
	i  int
}

// useEdge is a context parameter handed on to parameter i of callee, a
// function of this package, at call in from, under guards.
type useEdge struct {
	call   *ast.CallExpr
	from   *ast.FuncDecl
	callee *types.Func
	i      int
	guards []int
}

// paramUse returns how fn, a function of this package, uses its context
// parameter i; false when that is not known here (fn is declared
// elsewhere, without an Ignores fact, or i is not one of its named
// context parameters).
func (r *Result) paramUse(fn *types.Func, i int) (ctxUse, bool) {
	if fn.Pkg() != r.pass.Pkg && r.ignoredParam(fn, i) {
		return ctxUse{}, true // another package's function that never mentions it (Ignores)
	}
	r.usesOnce.Do(r.computeUses)
	u, ok := r.uses[useKey{fn.Origin(), i}]
	return u, ok
}

// computeUses decides the use of every named context parameter of the
// package's functions: each one's own uses, and the parameters it is
// handed on to, then a fixed point from "unused": a use makes a parameter
// used, and its guards are those every use has.
func (r *Result) computeUses() {
	info := r.pass.TypesInfo
	direct := map[useKey][][]int{}
	values := map[useKey][][]int{} // ctx.Value(k) uses
	uncond := map[useKey]bool{}    // a direct use on every path was seen
	edges := map[useKey][]useEdge{}
	var keys []useKey
	// A function of a file built only for some systems (cpu_linux.go, a
	// //go:build line) has variants for others that may use the context
	// this one ignores: its use is not known from this build.
	var conditional []*ast.File
	for _, f := range r.pass.Files {
		if lintkit.Conditional(r.pass.Fset, f) {
			conditional = append(conditional, f)
		}
	}
	for _, fi := range r.units {
		d, ok := fi.node.(*ast.FuncDecl)
		if !ok || d.Body == nil || len(fi.ctxParams) == 0 {
			continue
		}
		if slices.ContainsFunc(conditional, func(f *ast.File) bool { return f.FileStart <= d.Pos() && d.Pos() < f.FileEnd }) {
			continue
		}
		fn, _ := info.Defs[d.Name].(*types.Func)
		if fn == nil {
			continue
		}
		index := map[*types.Var]int{}
		ps := fn.Signature().Params()
		for i := range ps.Len() {
			if slices.Contains(fi.ctxParams, ps.At(i)) {
				index[ps.At(i)] = i
				keys = append(keys, useKey{fn, i})
			}
		}
		handed := map[*ast.Ident]bool{}
		ast.Inspect(d.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if r.isContextMethod(n, "Value") {
					// ctx.Value(k): a use for values alone.
					if id, ok := ast.Unparen(ast.Unparen(n.Fun).(*ast.SelectorExpr).X).(*ast.Ident); ok {
						v, _ := info.Uses[id].(*types.Var)
						if i, ok := index[v]; ok {
							handed[id] = true
							key := useKey{fn, i}
							values[key] = append(values[key], r.guardsAt(d, n.Pos()))
						}
					}
				}
				callee := lintkit.Callee(info, n)
				if callee == nil || r.decls[callee.Origin()] == nil || n.Ellipsis.IsValid() {
					return true
				}
				csig := callee.Signature()
				for k, a := range n.Args {
					id, ok := ast.Unparen(a).(*ast.Ident)
					if !ok || k >= csig.Params().Len() || csig.Variadic() && k >= csig.Params().Len()-1 {
						continue
					}
					v, _ := info.Uses[id].(*types.Var)
					i, ok := index[v]
					if !ok {
						continue
					}
					handed[id] = true
					key := useKey{fn, i}
					edges[key] = append(edges[key], useEdge{call: n, from: d, callee: callee.Origin(), i: k, guards: r.guardsAt(d, n.Pos())})
				}
			case *ast.Ident:
				v, _ := info.Uses[n].(*types.Var)
				if i, ok := index[v]; ok && !handed[n] {
					key := useKey{fn, i}
					if uncond[key] {
						break // used on every path already: no guard to find
					}
					g := r.guardsAt(d, n.Pos())
					if len(g) == 0 {
						uncond[key] = true
						direct[key] = nil
					}
					direct[key] = append(direct[key], g)
				}
			}
			return true
		})
	}
	uses := make(map[useKey]ctxUse, len(keys))
	for _, key := range keys {
		uses[key] = ctxUse{}
	}
	// A parameter handed to a callee's parameter that is not one of its
	// named contexts (an any, a context of another type) is used; to an
	// unnamed or _ one, not.
	for _, key := range keys {
		for _, e := range edges[key] {
			if _, ok := uses[useKey{e.callee, e.i}]; !ok && !ignores(e.callee.Signature(), e.i) {
				direct[key] = append(direct[key], e.guards)
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, key := range keys {
			var u ctxUse
			add := func(guards []int, cancels bool) {
				if !u.used {
					u = ctxUse{used: true, guards: slices.Clone(guards)}
				} else {
					u.guards = commonGuards(u.guards, guards)
				}
				u.cancels = u.cancels || cancels
			}
			for _, g := range direct[key] {
				add(g, true)
			}
			for _, g := range values[key] {
				add(g, false)
			}
			for _, e := range edges[key] {
				cu, ok := uses[useKey{e.callee, e.i}]
				if !ok || !cu.used {
					continue
				}
				if ok, residual := r.meets(e.call, cu.guards, e.from); ok {
					add(unionGuards(e.guards, residual), cu.cancels)
				}
			}
			if old := uses[key]; old.used != u.used || old.cancels != u.cancels || !slices.Equal(old.guards, u.guards) {
				uses[key] = u
				changed = true
			}
		}
	}
	r.uses = uses
}

// ObservesCancel reports whether fn may observe the cancellation or
// deadline of the context it is given as parameter i: true unless fn is a
// function of this package that never uses that parameter, or uses it
// only for its values (ctx.Value(k), or handing it to parameters that do
// no more). Shared work that only looks a configuration up in the first
// caller's context is not failed by that caller's cancellation.
func (r *Result) ObservesCancel(fn *types.Func, i int) bool {
	u, ok := r.paramUse(fn, i)
	return !ok || u.cancels
}
