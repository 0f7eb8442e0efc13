package spawnctx

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/ctxscope"
	"github.com/ctxbound/ctxbound/passes/spawners"
)

// shared reports shared work (singleflight) that runs with the calling
// request's context: the first caller's cancellation or deadline fails the
// call for every caller waiting on the same key. A root made inside the
// work stays a drop, reported as one where the work runs (ctxdrop).
func (c *checker) shared() {
	if !lintkit.Imports(c.pass.Pkg, "golang.org/x/sync/singleflight") && !c.sp.HasSharers() {
		return
	}
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn := lintkit.Callee(c.pass.TypesInfo, call)
			if fn == nil {
				return true
			}
			i, ok := c.sp.Sharer(fn)
			if !ok || i >= len(call.Args) {
				return true
			}
			if lit, ok := ast.Unparen(call.Args[i]).(*ast.FuncLit); ok {
				c.sharedWork(call, fn, lit)
			}
			return true
		})
	}
}

// sharedWork reports the first use of the calling request's context in
// the shared work lit, with a fix that detaches every use of it.
func (c *checker) sharedWork(call *ast.CallExpr, fn *types.Func, lit *ast.FuncLit) {
	encl := c.scope.Enclosing(call)
	if encl == nil || c.scope.InTestFunc(encl) {
		return
	}
	s, ok := c.scope.CallerScope(encl, false)
	if !ok || s.Blank || c.detached(&spawners.Site{Node: call, Work: lit}, encl) || c.localGroup(call) {
		return
	}
	var first ast.Expr
	var edits []analysis.TextEdit
	fixable := true
	// The uses of a context captured from the caller, as an argument: each
	// is where the work binds itself to that caller.
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return !c.scope.OwnsContext(n)
		case *ast.CallExpr:
			if callee := lintkit.Callee(c.pass.TypesInfo, n); callee != nil && (lintkit.IsFunc(callee, "context", "WithoutCancel") || c.scope.Detaches(callee)) {
				return false // detached: keeps the values, not the cancellation (also a module's own detach helper)
			}
			var sig *types.Signature
			if t := c.pass.TypesInfo.TypeOf(n.Fun); t != nil {
				sig, _ = t.Underlying().(*types.Signature)
			}
			for i, a := range n.Args {
				id, ok := ast.Unparen(a).(*ast.Ident)
				if !ok {
					continue
				}
				v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
				if !ok || !lintkit.ImplementsContext(v.Type()) || lit.Pos() <= v.Pos() && v.Pos() < lit.End() {
					continue // not a context captured from the caller
				}
				if c.scope.Classify(id).Kind != ctxscope.Caller {
					continue
				}
				if callee := lintkit.Callee(c.pass.TypesInfo, n); callee != nil && sig != nil && !c.scope.ObservesCancel(callee, min(i, sig.Params().Len()-1)) {
					continue // it looks values up in the context, no more: no caller's cancellation reaches the work
				}
				if first == nil {
					first = id
				}
				e, ok := c.scope.DetachEdit(id.Pos(), id.End(), id.Name)
				if !ok || sig == nil || !lintkit.IsContextType(lintkit.ParamType(sig, i)) || !lintkit.GoVersionAtLeast(c.pass, id.Pos(), "go1.21") {
					// context.WithoutCancel (go1.21) gives a context.Context:
					// only a parameter of that type takes it.
					fixable = false
					continue
				}
				edits = append(edits, e)
			}
		}
		return true
	})
	if first == nil {
		return
	}
	name := lintkit.ShortName(fn, c.pass.Pkg)
	if _, builtin := c.sp.BuiltinSharer(fn); !builtin {
		name = "wrapper " + name
	}
	msg := fmt.Sprintf("work shared by %s runs with the calling request's context %s: one caller's cancellation fails the call for every caller of the same key; pass %s, with a timeout of its own",
		name, types.ExprString(first), lintkit.WithoutCancelText(c.pass, call.Pos(), s.Name))
	opts := []lintkit.Option{lintkit.Related(call.Pos(), call.End(), "shared here")}
	if fixable {
		opts = append(opts, lintkit.Fix("Detach the shared work from the caller's cancellation", edits...))
	}
	c.r.Report(first, msg, opts...)
}

// localGroup reports whether call is a method call of a singleflight
// group held in a local variable that never leaves its function (used
// only as the receiver of its methods): every caller of a key is work of
// that one invocation, whose context they share by design (a loop that
// never runs two pings at once), not requests of different callers.
func (c *checker) localGroup(call *ast.CallExpr) bool {
	fn := lintkit.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return false
	}
	if _, builtin := c.sp.BuiltinSharer(fn); !builtin {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.IsField() {
		return false
	}
	decl := c.scope.Decl(c.scope.Enclosing(call))
	if decl == nil || decl.Body == nil || v.Pos() < decl.Body.Pos() || v.Pos() >= decl.End() { // declared in its body: a local, no parameter
		return false
	}
	escapes := false
	ast.Inspect(decl, func(n ast.Node) bool {
		if escapes {
			return false
		}
		if se, ok := n.(*ast.SelectorExpr); ok {
			if x, ok := ast.Unparen(se.X).(*ast.Ident); ok && c.pass.TypesInfo.Uses[x] == v {
				return false // sf.Do, sf.DoChan, sf.Forget: a method of the group
			}
		}
		if x, ok := n.(*ast.Ident); ok && c.pass.TypesInfo.Uses[x] == v {
			escapes = true // returned, stored, passed on, captured as a value
		}
		return true
	})
	return !escapes
}
