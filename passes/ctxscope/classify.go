package ctxscope

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

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

// RootEdits returns the edits that replace the root made at origin (a
// context.Background() or context.TODO() call) by the caller's context
// name, and by context.WithoutCancel of it, written with the file's own
// name for package context.
func RootEdits(origin *ast.CallExpr, name string) (toCtx, toDetach analysis.TextEdit) {
	qual := "context"
	if sel, ok := ast.Unparen(origin.Fun).(*ast.SelectorExpr); ok {
		if id, ok := sel.X.(*ast.Ident); ok {
			qual = id.Name
		}
	}
	toCtx = analysis.TextEdit{Pos: origin.Pos(), End: origin.End(), NewText: []byte(name)}
	toDetach = analysis.TextEdit{Pos: origin.Pos(), End: origin.End(), NewText: []byte(qual + ".WithoutCancel(" + name + ")")}
	return toCtx, toDetach
}

// self marks a variable's reference to itself while its assignments are
// classified (ctx = context.WithValue(ctx, k, v)): neutral when combined.
const self Kind = -1

// Classify classifies a context expression. It is flow-insensitive: a
// variable is derived (or root) when every value assigned to it is.
//
// Several analyzers classify concurrently on the same Result: the memo is
// guarded by r.mu.
func (r *Result) Classify(e ast.Expr) Class {
	r.mu.Lock()
	defer r.mu.Unlock()
	e = ast.Unparen(e)
	if c, ok := r.memo[e]; ok {
		return c
	}
	c := r.classify(e, -1)
	if c.Kind != self {
		r.memo[e] = c
	}
	return c
}

func (r *Result) classify(e ast.Expr, idx int) Class {
	info := r.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := info.ObjectOf(e).(*types.Var)
		if !ok {
			return Class{}
		}
		return r.classifyVar(v)
	case *ast.SelectorExpr:
		sel := info.Selections[e]
		if sel == nil { // qualified identifier: pkg.Var
			if v, ok := info.ObjectOf(e.Sel).(*types.Var); ok {
				return r.classifyVar(v)
			}
			return Class{}
		}
		if sel.Kind() == types.FieldVal && lintkit.IsContextType(sel.Type()) {
			if id, ok := ast.Unparen(e.X).(*ast.Ident); ok {
				if v, ok := info.ObjectOf(id).(*types.Var); ok && r.recvs[v] {
					return Class{Kind: Derived} // the receiver's own context
				}
			}
		}
		return Class{}
	case *ast.CallExpr:
		return r.classifyCall(e, idx)
	}
	return Class{}
}

func (r *Result) classifyVar(v *types.Var) Class {
	if r.params[v] {
		return Class{Kind: Derived}
	}
	if r.busy[v] {
		return Class{Kind: self}
	}
	if r.escapes[v] {
		return Class{}
	}
	vals := r.assigns[v]
	if len(vals) == 0 {
		return Class{}
	}
	r.busy[v] = true
	defer delete(r.busy, v)
	var out Class
	seen := false
	for _, val := range vals {
		c := r.classify(val.expr, val.idx)
		if c.Kind == self {
			continue
		}
		if !seen {
			out, seen = c, true
			continue
		}
		if c.Kind != out.Kind {
			return Class{}
		}
	}
	if !seen {
		return Class{}
	}
	return out
}

func (r *Result) classifyCall(call *ast.CallExpr, idx int) Class {
	info := r.pass.TypesInfo
	fn := lintkit.Callee(info, call)
	if fn != nil {
		if lintkit.IsFunc(fn, "context", "Background") || lintkit.IsFunc(fn, "context", "TODO") {
			return Class{Kind: Root, Origin: call, What: "context." + fn.Name()}
		}
		if lintkit.IsMethod(fn, "net/http", "Request", "Context") {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
					if v, ok := info.ObjectOf(id).(*types.Var); ok && r.params[v] {
						return Class{Kind: Derived}
					}
				}
			}
			return Class{}
		}
	}
	// A call that returns a context derives it from its context arguments.
	if !r.resultIsContext(call, idx) {
		return Class{}
	}
	var out Class
	for _, a := range r.contextArgs(call) {
		c := r.classify(a, -1)
		switch c.Kind {
		case Derived:
			return c
		case Root:
			if out.Kind != Root {
				out = c
			}
		}
	}
	if out.Kind == Root {
		return out
	}
	if fn != nil {
		if f, ok := r.returns[fn]; ok {
			return Class{Kind: Root, Origin: call, What: lintkit.ShortName(fn, r.pass.Pkg), Via: f}
		}
	}
	return Class{}
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
	return t != nil && lintkit.IsContextType(t)
}

// contextArgs returns the arguments of call passed to context parameters,
// and the receiver when it is a context (ctx.Value, say, is not a
// derivation, but a method of a context-typed receiver returning a context
// is).
func (r *Result) contextArgs(call *ast.CallExpr) []ast.Expr {
	sig, ok := r.pass.TypesInfo.TypeOf(call.Fun).Underlying().(*types.Signature)
	if !ok {
		return nil
	}
	var args []ast.Expr
	for i, a := range call.Args {
		if p := paramType(sig, i); p != nil && lintkit.IsContextType(p) {
			args = append(args, a)
		}
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s := r.pass.TypesInfo.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
			if t := r.pass.TypesInfo.TypeOf(sel.X); t != nil && lintkit.IsContextType(t) {
				args = append(args, sel.X)
			}
		}
	}
	return args
}

// paramType returns the type of the parameter that receives argument i,
// following a variadic parameter.
func paramType(sig *types.Signature, i int) types.Type {
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

// returnsAnyContext reports whether any result of call is a context: the
// call derives one.
func (r *Result) returnsAnyContext(call *ast.CallExpr) bool {
	t := r.pass.TypesInfo.TypeOf(call)
	if tup, ok := t.(*types.Tuple); ok {
		for i := range tup.Len() {
			if lintkit.IsContextType(tup.At(i).Type()) {
				return true
			}
		}
		return false
	}
	return t != nil && lintkit.IsContextType(t)
}
