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

// A cliType is a command-line framework's type whose parameters carry the
// program's context, and how the program runs its commands with one.
type cliType struct {
	pkg, name string
	// path is how a value of it gives its context (as carrierPath's), for
	// a framework whose type has no method that returns it; "" when
	// carrierPath finds the method.
	path string
	// withCtx are the methods (of type runner) that run commands with a
	// context the program gives.
	runner  string
	withCtx []string
}

var cliTypes = []cliType{
	{pkg: "github.com/spf13/cobra", name: "Command", runner: "Command", withCtx: []string{"ExecuteContext", "ExecuteContextC", "SetContext"}},
	{pkg: "github.com/urfave/cli/v2", name: "Context", path: ".Context", runner: "App", withCtx: []string{"RunContext"}},
	{pkg: "github.com/urfave/cli", name: "Context", path: ".Context", runner: "App", withCtx: []string{"RunContext"}},
}

// cliTypeOf returns the framework entry of t (or what it points to), or
// false.
func cliTypeOf(t types.Type) (cliType, bool) {
	n := lintkit.NamedOf(t)
	if n == nil || n.Obj().Pkg() == nil {
		return cliType{}, false
	}
	for _, c := range cliTypes {
		if n.Obj().Pkg().Path() == c.pkg && n.Obj().Name() == c.name {
			return c, true
		}
	}
	return cliType{}, false
}

// cliCarrier returns the path and type of the context that a parameter of
// a framework type without a context method carries (urfave/cli's
// c.Context, an embedded field), or false.
func cliCarrier(t types.Type) (string, types.Type, bool) {
	c, ok := cliTypeOf(t)
	if !ok || c.path == "" {
		return "", nil, false
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, c.path[1:])
	f, ok := obj.(*types.Var)
	if !ok || !f.IsField() || !lintkit.IsContextType(f.Type()) {
		return "", nil, false
	}
	return c.path, f.Type(), true
}

// noteCLIRun records a call that runs commands with a context the
// program gives (cmd.ExecuteContext(ctx), app.RunContext(ctx, args)).
func (r *Result) noteCLIRun(call *ast.CallExpr) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	name := sel.Sel.Name
	for _, c := range cliTypes {
		for _, m := range c.withCtx {
			if m != name {
				continue
			}
			if fn := lintkit.Callee(r.pass.TypesInfo, call); fn != nil && lintkit.IsMethod(fn, c.pkg, c.runner, m) {
				r.cliRuns[c.pkg] = true
			}
		}
	}
}

// cliRoot reports whether v, a parameter of a command-line framework's
// type, carries the program's own root: this package does not run its
// commands with a context.
func (r *Result) cliRoot(v *types.Var) bool {
	c, ok := cliTypeOf(v.Type())
	return ok && !r.cliRuns[c.pkg]
}
