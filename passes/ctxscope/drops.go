package ctxscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// A Drop is a place where code loses the caller's context: a call that
// passes a root context to a context parameter, or a call of a function that
// makes one (a MakesRoot fact of the module being checked).
type Drop struct {
	// Call passes the root, or calls the helper.
	Call *ast.CallExpr
	// Arg is the root argument and Class its classification; nil for a
	// helper call.
	Arg   ast.Expr
	Class Class
	// Helper and Fact: the ctx-less function called and why it drops.
	Helper *types.Func
	Fact   *MakesRoot
	// Exempt says why the drop is correct code, or is "": the root is a
	// component's lifetime context ("lifetime"), a shutdown or release after
	// the context was observed done or cancelled ("shutdown"), made in a
	// deferred call ("deferred") or a context.AfterFunc callback
	// ("afterfunc"), handed to an API that wants a root ("reset"), or the
	// context-less variant of an API delegating to its Context variant
	// ("compat": func (db *DB) Query(q string) calls db.QueryContext with
	// context.Background, as documented).
	Exempt string
	// Returned: the call's result is returned, so the root travels inside a
	// value its caller may rebind (http.NewRequestWithContext, then
	// req.WithContext).
	Returned bool
}

// Drops returns the drops in body, in source order, one per root origin.
// Function literals for which skip returns true are not entered.
func (r *Result) Drops(body ast.Node, skip func(*ast.FuncLit) bool) []Drop {
	if body == nil {
		return nil
	}
	var drops []Drop
	seen := map[*ast.CallExpr]bool{}
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if lit, ok := n.(*ast.FuncLit); ok && skip != nil && skip(lit) {
			return false
		}
		stack = append(stack, n)
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if helper := lintkit.Callee(r.pass.TypesInfo, call); helper != nil {
			if f, ok := r.Makes(helper); ok {
				d := Drop{Call: call, Helper: helper, Fact: f}
				d.Exempt = r.Exempt(nil, call)
				drops = append(drops, d)
				return true
			}
		}
		if r.returnsAnyContext(call) {
			return true // a derivation: the root is reported where it is used
		}
		for _, a := range r.contextArgs(call) {
			c := r.Classify(a)
			if c.Kind != Root || seen[c.Origin] {
				continue
			}
			seen[c.Origin] = true
			d := Drop{Call: call, Arg: a, Class: c}
			d.Exempt = r.Exempt(c.Origin, call)
			d.Returned = r.returned(call, stack)
			drops = append(drops, d)
		}
		return true
	})
	return drops
}

// Exempt says why a root made at origin (nil for a helper's) and used by
// call is correct code (see Drop.Exempt), or returns "".
func (r *Result) Exempt(origin, call *ast.CallExpr) string {
	if fn := lintkit.Callee(r.pass.TypesInfo, call); fn != nil {
		if lintkit.IsFunc(fn, "runtime/pprof", "SetGoroutineLabels") {
			return "reset" // resetting the goroutine's labels wants an empty context
		}
		if r.compat(call, fn) {
			return "compat"
		}
	}
	for _, pos := range []*ast.CallExpr{origin, call} {
		if pos == nil {
			continue
		}
		if why := r.exemptAt(pos); why != "" {
			return why
		}
	}
	if origin != nil && r.lifetime(origin) {
		return "lifetime"
	}
	return ""
}

// exemptAt checks the surroundings of a call: a deferred call, a
// context.AfterFunc callback, or code that runs once a context is done or
// cancelled: inside `case <-ctx.Done():`, inside `if ctx.Err() != nil {`
// (or context.Cause, errors.Is(err, context.Canceled)), or after a
// statement `<-ctx.Done()` or `cancel()` in an enclosing block.
func (r *Result) exemptAt(call *ast.CallExpr) string {
	path := r.path(call)
	var child ast.Node = call
	for i, node := range path {
		switch n := node.(type) {
		case *ast.DeferStmt:
			return "deferred"
		case *ast.FuncLit:
			if p, ok := path[i+1].(*ast.CallExpr); ok {
				if fn := lintkit.Callee(r.pass.TypesInfo, p); fn != nil && lintkit.IsFunc(fn, "context", "AfterFunc") {
					return "afterfunc"
				}
			}
		case *ast.FuncDecl:
			return ""
		case *ast.CommClause:
			if n.Comm != nil && child != n.Comm && r.observes(n.Comm, false) {
				return "shutdown"
			}
		case *ast.IfStmt:
			if child == n.Body && r.observes(n.Cond, true) {
				return "shutdown"
			}
		case *ast.BlockStmt:
			if r.observedIn(n.List, child, call.Pos()) {
				return "shutdown"
			}
		case *ast.CaseClause:
			if r.observedIn(n.Body, child, call.Pos()) {
				return "shutdown"
			}
		}
		child = node
	}
	return ""
}

// observedIn reports whether a statement of list before child observes a
// context done or calls a cancel func.
func (r *Result) observedIn(list []ast.Stmt, child ast.Node, pos token.Pos) bool {
	for _, st := range list {
		if st == child || st.Pos() >= pos {
			break
		}
		if r.observes(st, false) || r.cancels(st) {
			return true
		}
	}
	return false
}

// observes reports whether n observes that a context is done: it receives
// from ctx.Done(), or (cond) checks ctx.Err(), context.Cause(ctx) or
// context.Canceled / DeadlineExceeded. Function literals are not entered.
func (r *Result) observes(n ast.Node, cond bool) bool {
	info := r.pass.TypesInfo
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				if call, ok := ast.Unparen(n.X).(*ast.CallExpr); ok && r.isContextMethod(call, "Done") {
					found = true
				}
			}
		case *ast.CallExpr:
			if cond && r.isContextMethod(n, "Err") {
				found = true
			}
			if fn := lintkit.Callee(info, n); cond && fn != nil && lintkit.IsFunc(fn, "context", "Cause") {
				found = true
			}
		case *ast.SelectorExpr:
			if obj, ok := info.ObjectOf(n.Sel).(*types.Var); cond && ok && obj.Pkg() != nil && obj.Pkg().Path() == "context" &&
				(obj.Name() == "Canceled" || obj.Name() == "DeadlineExceeded") {
				found = true
			}
		}
		return !found
	})
	return found
}

// cancels reports whether the statement st calls a cancel func:
// cancel() as a statement of its own.
func (r *Result) cancels(st ast.Stmt) bool {
	es, ok := st.(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := ast.Unparen(es.X).(*ast.CallExpr)
	if !ok {
		return false
	}
	t := r.pass.TypesInfo.TypeOf(call.Fun)
	return t != nil && isCancelFunc(t)
}

// isContextMethod reports whether call calls the method name of a context
// value: a context.Context or a concrete type with its methods.
func (r *Result) isContextMethod(call *ast.CallExpr, name string) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return false
	}
	t := r.pass.TypesInfo.TypeOf(sel.X)
	return t != nil && (lintkit.IsContextType(t) || contextInterface(t))
}

func isCancelFunc(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "context" {
		return false
	}
	return n.Obj().Name() == "CancelFunc" || n.Obj().Name() == "CancelCauseFunc"
}

// lifetime reports whether the root made at origin becomes a component's
// own lifetime context: it (or a context or cancel func derived from it) is
// stored in a struct field or a composite literal, to be cancelled by Close
// or Stop. Binding it to one request's context would be the bug.
func (r *Result) lifetime(origin *ast.CallExpr) bool {
	path := r.path(origin)
	if len(path) < 2 {
		return false
	}
	// Climb through derivations: context.WithCancel(context.Background()),
	// and parentheses.
	i := 0
	for i+1 < len(path) {
		if _, ok := path[i+1].(*ast.ParenExpr); ok {
			i++
			continue
		}
		call, ok := path[i+1].(*ast.CallExpr)
		if !ok || !slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return ast.Unparen(a) == ast.Unparen(path[i].(ast.Expr)) }) {
			break
		}
		t := r.pass.TypesInfo.TypeOf(call)
		if tup, ok := t.(*types.Tuple); ok && tup.Len() > 0 {
			t = tup.At(0).Type()
		}
		if t == nil || !lintkit.IsContextType(t) {
			break
		}
		i++
	}
	var decl ast.Node
	for _, n := range path[i:] {
		if d, ok := n.(*ast.FuncDecl); ok {
			decl = d
			break
		}
	}
	if i+1 >= len(path) {
		return false
	}
	switch p := path[i+1].(type) {
	case *ast.KeyValueExpr, *ast.CompositeLit:
		return true
	case *ast.AssignStmt:
		var locals []*types.Var
		for _, l := range p.Lhs {
			switch l := ast.Unparen(l).(type) {
			case *ast.SelectorExpr:
				if r.pass.TypesInfo.Selections[l] != nil {
					return true // c.ctx, c.cancel = context.WithCancel(...)
				}
			case *ast.Ident:
				if v, ok := r.pass.TypesInfo.ObjectOf(l).(*types.Var); ok && !v.IsField() && v.Name() != "_" {
					locals = append(locals, v)
				}
			}
		}
		return decl != nil && r.storedInField(decl, locals)
	case *ast.ValueSpec:
		if decl == nil {
			return false // a package-level root context is no component's
		}
		var locals []*types.Var
		for _, id := range p.Names {
			if v, ok := r.pass.TypesInfo.Defs[id].(*types.Var); ok {
				locals = append(locals, v)
			}
		}
		return r.storedInField(decl, locals)
	}
	return false
}

// storedInField reports whether any of vars is stored in a struct field or
// composite literal in decl.
func (r *Result) storedInField(decl ast.Node, vars []*types.Var) bool {
	if len(vars) == 0 {
		return false
	}
	info := r.pass.TypesInfo
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return false
		}
		v, _ := info.Uses[id].(*types.Var)
		return v != nil && slices.Contains(vars, v)
	}
	found := false
	ast.Inspect(decl, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && info.Selections[sel] != nil && i < len(n.Rhs) && is(n.Rhs[i]) {
					found = true
				}
			}
		case *ast.KeyValueExpr:
			if is(n.Value) {
				found = true
			}
		case *ast.CompositeLit:
			for _, e := range n.Elts {
				if is(e) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// returned reports whether the result of call carries the root context out
// of the function inside a value its caller can rebind (an *http.Request,
// anything with a WithContext or Context method), returned directly or
// through a variable it is assigned to. An error returned is no carrier:
// return load(context.Background()) drops the context.
func (r *Result) returned(call *ast.CallExpr, stack []ast.Node) bool {
	if !r.carrier(r.pass.TypesInfo.TypeOf(call)) {
		return false
	}
	var vars []*types.Var
	for i := len(stack) - 2; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.ReturnStmt:
			return true
		case *ast.AssignStmt:
			for _, l := range p.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok {
					if v, ok := r.pass.TypesInfo.ObjectOf(id).(*types.Var); ok && v.Name() != "_" {
						vars = append(vars, v)
					}
				}
			}
		case ast.Stmt, *ast.FuncLit:
			i = -1
			continue
		default:
			continue
		}
		break
	}
	if len(vars) == 0 {
		return false
	}
	found := false
	ast.Inspect(stack[0], func(n ast.Node) bool {
		ret, ok := n.(*ast.ReturnStmt)
		if !ok {
			return !found
		}
		for _, res := range ret.Results {
			ast.Inspect(res, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if v, _ := r.pass.TypesInfo.Uses[id].(*types.Var); v != nil && slices.Contains(vars, v) {
						found = true
					}
				}
				return !found
			})
		}
		return !found
	})
	return found
}

// contextInterface reports whether t implements context.Context's Done and
// Err methods (a concrete context type).
func contextInterface(t types.Type) bool {
	ms := types.NewMethodSet(t)
	return ms.Lookup(nil, "Done") != nil && ms.Lookup(nil, "Err") != nil && ms.Lookup(nil, "Deadline") != nil
}

// compat reports whether call, of fn, is the body of the context-less
// variant of an API delegating to its Context variant: Query calling
// QueryContext(context.Background(), ...) in a function without a context
// parameter. That variant is documented to use a root context; its callers
// are told to use the Context variant, not it.
func (r *Result) compat(call *ast.CallExpr, fn *types.Func) bool {
	for _, n := range r.path(call) {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		d, ok := n.(*ast.FuncDecl)
		if !ok {
			continue
		}
		obj, _ := r.pass.TypesInfo.Defs[d.Name].(*types.Func)
		return obj != nil && !lintkit.TakesContext(obj.Signature()) && fn.Name() == d.Name.Name+"Context"
	}
	return false
}

// carrier reports whether t (or a result of the tuple t) is a value that
// carries a context: it has a Context() or WithContext method.
func (r *Result) carrier(t types.Type) bool {
	if t == nil {
		return false
	}
	if tup, ok := t.(*types.Tuple); ok {
		for i := range tup.Len() {
			if r.carrier(tup.At(i).Type()) {
				return true
			}
		}
		return false
	}
	for _, name := range []string{"Context", "WithContext"} {
		if obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name); obj != nil {
			if _, ok := obj.(*types.Func); ok {
				return true
			}
		}
	}
	return false
}
