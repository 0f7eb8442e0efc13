package ctxscope

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// Describe names what made a root for messages: "context.Background", or
// "newCtx, which returns context.Background".
func (c Class) Describe() string {
	if c.Via != nil {
		return c.What + ", which returns " + c.Via.What
	}
	return c.What
}

// Classify returns the provenance of the context expression e where it is.
//
// Several analyzers classify concurrently on the same Result: the lazily
// computed flows are guarded by r.mu.
func (r *Result) Classify(e ast.Expr) Class {
	r.ensureParams()
	return r.classify(e)
}

// classify is Classify without the parameters' computation, which uses it.
func (r *Result) classify(e ast.Expr) Class {
	r.mu.Lock()
	defer r.mu.Unlock()
	c := r.classifyExpr(e, -1, r.lookup)
	if c.Kind == none {
		c.Kind = Unknown
	}
	return c
}

// classifyExpr classifies e (the idx'th result of e when e is a call
// assigned to several variables; -1 for a single value), resolving the
// variables it uses with look.
func (r *Result) classifyExpr(e ast.Expr, idx int, look func(*ast.Ident) Class) Class {
	info := r.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return look(e)
	case *ast.SelectorExpr:
		sel := info.Selections[e]
		if sel == nil { // qualified identifier: pkg.Var
			if v, ok := info.Uses[e.Sel].(*types.Var); ok && r.ctx.like(v.Type()) {
				return r.varClass(nil, v)
			}
			return Class{Kind: Unknown}
		}
		if sel.Kind() == types.FieldVal && r.ctx.like(sel.Type()) {
			return r.fieldClass(e)
		}
		return Class{Kind: Unknown}
	case *ast.CallExpr:
		return r.classifyCall(e, idx, look)
	}
	return Class{Kind: Unknown}
}

// fieldClass classifies a context field: of the receiver, the component's
// own lifetime context (or its creator's); of a parameter, the caller's.
func (r *Result) fieldClass(e *ast.SelectorExpr) Class {
	v := r.baseVar(e.X)
	switch {
	case v == nil:
		return Class{Kind: Unknown}
	case r.recvs[v]:
		f, _ := r.pass.TypesInfo.Selections[e].Obj().(*types.Var)
		return Class{Kind: Lifetime, What: v.Name() + "." + e.Sel.Name, Recv: true, Field: f}
	case r.anyParam[v]:
		return Class{Kind: Caller}
	}
	return Class{Kind: Unknown}
}

// baseVar returns the variable a selector chain starts with: v in v.f.g.
func (r *Result) baseVar(e ast.Expr) *types.Var {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, _ := r.pass.TypesInfo.Uses[x].(*types.Var)
			return v
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// pkgClass classifies a package-level context variable: a plain root when
// it is only ever assigned one (var bg = context.Background()), else a
// server-wide lifetime context. Variables of other packages are unknown.
// r.mu must be held.
func (r *Result) pkgClass(v *types.Var) Class {
	if v.Pkg() != r.pass.Pkg {
		return Class{Kind: Unknown}
	}
	if c, ok := r.pkgMemo[v]; ok {
		return c
	}
	if r.pkgBusy[v] {
		return Class{Kind: none}
	}
	r.pkgBusy[v] = true
	defer delete(r.pkgBusy, v)
	vals := r.pkgVars[v]
	c := Class{Kind: none}
	for _, val := range vals {
		vc := r.classifyExpr(val.expr, val.idx, r.lookup)
		if vc.Kind == Root && val.idx >= 0 {
			vc.Kind = Lifetime // var ctx, cancel = context.WithCancel(...): the cancel is kept
		}
		if vc.Kind != Root && vc.Kind != none {
			vc = Class{Kind: Lifetime, Origin: vc.Origin, What: v.Name()}
		}
		c = join(c, vc)
	}
	if c.Kind == none {
		c.Kind = Unknown
	}
	r.pkgMemo[v] = c
	return c
}

// classifyCall classifies a call that returns a context.
func (r *Result) classifyCall(call *ast.CallExpr, idx int, look func(*ast.Ident) Class) Class {
	info := r.pass.TypesInfo
	fn := lintkit.Callee(info, call)
	if fn != nil && r.ctx.root(fn) {
		c := Class{Kind: Root, Origin: call, What: lintkit.ShortName(fn, nil)}
		r.keptRoot(call, &c)
		return c
	}
	if !r.resultIsContext(call, idx) {
		return Class{Kind: Unknown}
	}
	// x.Context() of a parameter: r.Context(), stream.Context(),
	// c.Request.Context(), c.Request().Context().
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Context" && len(call.Args) == 0 {
		x := sel.X
		if req, ok := ast.Unparen(x).(*ast.CallExpr); ok && len(req.Args) == 0 && isHTTPRequest(info.TypeOf(req)) {
			if m, ok := ast.Unparen(req.Fun).(*ast.SelectorExpr); ok {
				x = m.X // c.Request(): the request of a framework's context
			}
		}
		if v := r.baseVar(x); v != nil && r.anyParam[v] && !r.ctx.like(info.TypeOf(sel.X)) {
			return Class{Kind: Caller}
		}
	}
	if fn != nil && lintkit.IsFunc(fn, "context", "WithoutCancel") && len(call.Args) == 1 {
		c := r.classifyExpr(call.Args[0], -1, look)
		if c.Kind == Caller {
			c.Kind = Detached
		}
		return c
	}
	if fn != nil {
		// The context a call hands back with its work (a HandsBack fact:
		// q.Read(ctx) returns the one the work was queued with) is the
		// work's, whatever the context it was given to wait on.
		if f, ok := r.hands[fn.Origin()]; ok && idx == f.Result {
			return Class{Kind: Caller}
		}
		// A detach helper of the module (a Detaches fact): as WithoutCancel.
		if f, ok := r.detach[fn.Origin()]; ok && f.Param < len(call.Args) && r.resultIsContext(call, idx) {
			c := r.classifyExpr(call.Args[f.Param], -1, look)
			if c.Kind == Caller {
				c.Kind = Detached
			}
			return c
		}
	}
	// A call that returns a context derives it from its context arguments.
	var out Class
	seen := false
	for _, a := range r.contextArgs(call) {
		c := r.classifyExpr(a, -1, look)
		if !seen || rank(c.Kind) > rank(out.Kind) {
			out, seen = c, true
		}
	}
	if seen {
		if out.Kind == none {
			out.Kind = Unknown
		}
		if out.Kind == Root {
			if fn != nil && hasDeadline(fn) {
				out.Deadline = true
			}
			if l, ok := r.links[call]; ok && out.Link == nil {
				out.Link = l
			}
			if !r.keptRoot(call, &out) {
				if p, ok := r.seeded(call, look); ok {
					return Class{Kind: Detached, Param: p}
				}
			}
		}
		return out
	}
	if fn != nil {
		if f, ok := r.returns[fn.Origin()]; ok {
			c := Class{Kind: Root, Origin: call, What: lintkit.ShortName(fn, r.pass.Pkg), Via: f}
			r.keptRoot(call, &c)
			return c
		}
	}
	return Class{Kind: Unknown}
}

// keptRoot makes c, the class of a root call, a lifetime context when what
// the call makes is kept: its cancel by a long-lived owner (owned), as the
// seed of the lifetime an owner keeps (seeds), or as what a package
// variable's value is built on (procSeeds: the process's). It reports
// whether it did.
func (r *Result) keptRoot(call *ast.CallExpr, c *Class) bool {
	switch {
	case r.owned[call] || r.seeds[call]:
		c.Kind = Lifetime
	case r.procSeeds[call]:
		c.Kind, c.Process = Lifetime, true
	default:
		return false
	}
	return true
}

// rank orders the classes of a derivation's context arguments: the result
// is the caller's if any argument is.
func rank(k Kind) int {
	switch k {
	case Caller:
		return 5
	case Detached:
		return 4
	case Lifetime:
		return 3
	case Root:
		return 2
	case Unknown:
		return 1
	}
	return 0
}

// hasDeadline reports whether fn derives a context with a deadline of its
// own: context.WithTimeout, WithDeadline and their Cause forms.
func hasDeadline(fn *types.Func) bool {
	if fn.Pkg() == nil || (fn.Pkg().Path() != "context" && fn.Pkg().Path() != "golang.org/x/net/context") {
		return false
	}
	switch fn.Name() {
	case "WithTimeout", "WithDeadline", "WithTimeoutCause", "WithDeadlineCause":
		return true
	}
	return false
}

// seeded reports whether a derivation of a root is seeded with the
// caller's values: an argument other than its contexts uses a context of
// the caller, directly (ctx.Value(k), trace.SpanFromContext(ctx)) or
// through a local computed from one (sess := session.From(ctx)).
func (r *Result) seeded(call *ast.CallExpr, look func(*ast.Ident) Class) (*types.Var, bool) {
	ctxArgs := r.contextArgs(call)
	var param *types.Var
	found := false
	callerIdent := func(id *ast.Ident) bool {
		if r.ctxVar(id) == nil {
			return false
		}
		c := look(id)
		if c.Kind == Caller || c.Kind == Detached {
			param = c.Param
			return true
		}
		return false
	}
	for _, a := range call.Args {
		if slices.Contains(ctxArgs, a) {
			continue
		}
		ast.Inspect(a, func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.Ident:
				if callerIdent(n) {
					found = true
				}
				if v, ok := r.pass.TypesInfo.Uses[n].(*types.Var); ok {
					for _, src := range r.taint[v] {
						if callerIdent(src) {
							found = true
						}
					}
				}
			}
			return !found
		})
		if found {
			return param, true
		}
	}
	return nil, false
}

// resultIsContext reports whether the idx'th result of call (idx -1: its
// only result) is a context.
func (r *Result) resultIsContext(call *ast.CallExpr, idx int) bool {
	t := r.pass.TypesInfo.TypeOf(call)
	if tup, ok := t.(*types.Tuple); ok {
		if idx < 0 || idx >= tup.Len() {
			return false
		}
		t = tup.At(idx).Type()
	}
	return t != nil && r.ctx.like(t)
}

// contextArgs returns the arguments of call passed to context parameters,
// and the receiver when it is a context (ctx.Value, say, is not a
// derivation, but a method of a context-typed receiver returning a context
// is).
func (r *Result) contextArgs(call *ast.CallExpr) []ast.Expr {
	t := r.pass.TypesInfo.TypeOf(call.Fun)
	if t == nil {
		return nil
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok {
		return nil
	}
	var args []ast.Expr
	for i, a := range call.Args {
		if p := lintkit.ParamType(sig, i); p != nil && r.ctx.is(p) {
			args = append(args, a)
		}
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s := r.pass.TypesInfo.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
			if t := r.pass.TypesInfo.TypeOf(sel.X); t != nil && r.ctx.like(t) {
				args = append(args, sel.X)
			}
		}
	}
	return args
}

// paramIndex returns the index of the parameter that receives argument i
// (the variadic one for every argument past it).
func paramIndex(sig *types.Signature, i int) int {
	if n := sig.Params().Len(); sig.Variadic() && i >= n-1 {
		return n - 1
	}
	return i
}

// returnsAnyContext reports whether any result of call is a context: the
// call derives one.
func (r *Result) returnsAnyContext(call *ast.CallExpr) bool {
	t := r.pass.TypesInfo.TypeOf(call)
	if tup, ok := t.(*types.Tuple); ok {
		for i := range tup.Len() {
			if r.ctx.like(tup.At(i).Type()) {
				return true
			}
		}
		return false
	}
	return t != nil && r.ctx.like(t)
}
