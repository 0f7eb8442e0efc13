package ctxscope

import (
	"go/ast"
	"go/types"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// Command lines.
//
// A command-line framework hands each command action the program's
// context: cobra's cmd.Context(), urfave/cli's c.Context. That context is
// a caller's only when the program gives one: cobra's ExecuteContext,
// ExecuteContextC or SetContext, urfave/cli's RunContext (a signal
// context, say, so that ^C cancels the action's work). Under Execute or
// Run the framework makes it with context.Background: the action is a root
// function, like main, and a root it makes drops nothing.
//
// The package that defines the commands usually also runs them (cmd's
// Execute()). A package that runs its commands with a context makes them
// carriers of the caller's context; one that does not (or runs them
// elsewhere, out of sight) leaves its actions root functions: what cannot
// be seen is not reported.

// cliTypeOf returns the framework whose carrier type t is (or points to),
// or false.
func cliTypeOf(t types.Type) (lintkit.CommandLine, bool) {
	n := lintkit.NamedOf(t)
	if n == nil || n.Obj().Pkg() == nil {
		return lintkit.CommandLine{}, false
	}
	for _, c := range lintkit.CommandLines {
		if c.Carrier != "" && n.Obj().Pkg().Path() == c.Pkg && n.Obj().Name() == c.Carrier {
			return c, true
		}
	}
	return lintkit.CommandLine{}, false
}

// cliCarrier returns the path and type of the context that a parameter of
// a framework type without a context method carries (urfave/cli's
// c.Context, an embedded field), or false.
func cliCarrier(t types.Type) (string, types.Type, bool) {
	c, ok := cliTypeOf(t)
	if !ok || c.Path == "" {
		return "", nil, false
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, c.Path[1:])
	f, ok := obj.(*types.Var)
	if !ok || !f.IsField() || !lintkit.IsContextType(f.Type()) {
		return "", nil, false
	}
	return c.Path, f.Type(), true
}

// noteCLIRun records a call that runs commands with a context the
// program gives (cmd.ExecuteContext(ctx), app.RunContext(ctx, args)).
func (r *Result) noteCLIRun(call *ast.CallExpr) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	name := sel.Sel.Name
	for _, c := range lintkit.CommandLines {
		for _, m := range c.WithCtx {
			if m != name {
				continue
			}
			if fn := lintkit.Callee(r.pass.TypesInfo, call); fn != nil && lintkit.IsMethod(fn, c.Pkg, c.Runner, m) {
				r.cliRuns[c.Pkg] = true
			}
		}
	}
}

// cliRoot reports whether v, a parameter of a command-line framework's
// type, carries the program's own root: this package does not run its
// commands with a context.
func (r *Result) cliRoot(v *types.Var) bool {
	c, ok := cliTypeOf(v.Type())
	return ok && !r.cliRuns[c.Pkg]
}
