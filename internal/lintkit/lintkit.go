// Package lintkit is the one shared helper package of ctxbound: how the
// analyzers identify APIs, report diagnostics and read facts.
//
// APIs are identified by import path and name through types.Object, never by
// spelling. Reporting goes through a Reporter, the one place where the
// generated-file and suppression policy is applied.
package lintkit

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"
	htypeutil "honnef.co/go/tools/go/types/typeutil"
)

// Imports reports whether pkg imports the package with the given path,
// directly. Analyzers use it to exit early in packages that cannot contain
// the bug.
func Imports(pkg *types.Package, path string) bool {
	return slices.ContainsFunc(pkg.Imports(), func(p *types.Package) bool { return p.Path() == path })
}

// ImportsAny reports whether pkg imports any of the given paths directly.
func ImportsAny(pkg *types.Package, paths ...string) bool {
	for _, p := range pkg.Imports() {
		if slices.Contains(paths, p.Path()) {
			return true
		}
	}
	return false
}

// TestingCleanup reports whether fn, the callee of x.Cleanup(f), is
// package testing's Cleanup, or the method of an interface that
// *testing.T implements (a project's own TB interface, type TB interface
// { Cleanup(func()); ... }): its callback runs once the test is over.
// The interface is checked against testing.T as the type checker sees
// it, found among the packages from imports (directly or not); without
// it in sight, only testing's own method is.
func TestingCleanup(fn *types.Func, from *types.Package) bool {
	if fn == nil || fn.Name() != "Cleanup" || fn.Pkg() == nil {
		return false
	}
	if fn.Pkg().Path() == "testing" {
		return true
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return false
	}
	iface, ok := recv.Type().Underlying().(*types.Interface)
	if !ok {
		return false
	}
	t := findPackage("testing", from, fn.Pkg())
	if t == nil {
		return false
	}
	tn, ok := t.Scope().Lookup("T").(*types.TypeName)
	return ok && types.Implements(types.NewPointer(tn.Type()), iface)
}

// findPackage returns the package with the given path among pkgs and what
// they import, directly or not, or nil.
func findPackage(path string, pkgs ...*types.Package) *types.Package {
	seen := map[*types.Package]bool{}
	for len(pkgs) > 0 {
		p := pkgs[len(pkgs)-1]
		pkgs = pkgs[:len(pkgs)-1]
		if p == nil || seen[p] {
			continue
		}
		if p.Path() == path {
			return p
		}
		seen[p] = true
		pkgs = append(pkgs, p.Imports()...)
	}
	return nil
}

// IsFunc reports whether obj is the package-level function pkg.name.
func IsFunc(obj types.Object, pkg, name string) bool {
	fn, ok := obj.(*types.Func)
	if !ok || fn == nil || fn.Pkg() == nil || fn.Name() != name || fn.Pkg().Path() != pkg {
		return false
	}
	return fn.Signature().Recv() == nil
}

// IsMethod reports whether obj is the method typ.name of a named type declared
// in package pkg, with a pointer or value receiver. Methods of instantiated
// generic types are matched through their origin.
func IsMethod(obj types.Object, pkg, typ, name string) bool {
	fn, ok := obj.(*types.Func)
	if !ok || fn == nil || fn.Name() != name {
		return false
	}
	recv := fn.Origin().Signature().Recv()
	if recv == nil {
		return false
	}
	named := NamedOf(recv.Type())
	if named == nil {
		return false
	}
	o := named.Obj()
	return o.Pkg() != nil && o.Pkg().Path() == pkg && o.Name() == typ
}

// NamedOf returns the named type of t or of the type t points to, or nil.
func NamedOf(t types.Type) *types.Named {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	return n
}

// Callee returns the function or method called by call, statically, or nil
// for calls of func values, interface methods, conversions and builtins.
// Generic functions and methods are returned as their origin.
func Callee(info *types.Info, call *ast.CallExpr) *types.Func {
	fn := typeutil.StaticCallee(info, call)
	if fn == nil {
		return nil
	}
	return fn.Origin()
}

// InterfaceCallee returns the abstract interface method called by call, or
// nil when call is not a call of an interface method.
func InterfaceCallee(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		return nil
	}
	if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
		return fn
	}
	return nil
}

// FuncName is the qualified name of fn as the built-in tables spell it:
// "context.Background", "(*net/http.Request).Context",
// "(*golang.org/x/sync/errgroup.Group).Go". Generic receivers are written
// with their type parameters.
func FuncName(fn *types.Func) string { return htypeutil.FuncName(fn.Origin()) }

// ShortName is the name of fn for messages: "safeGo", "Pool.Submit",
// "errgroup.Group.Go" (package-qualified when fn is declared in another
// package than from). It never prints compiler-internal names.
func ShortName(fn *types.Func, from *types.Package) string {
	fn = fn.Origin()
	name := fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		if n := NamedOf(recv.Type()); n != nil {
			name = n.Obj().Name() + "." + name
		}
	}
	if fn.Pkg() != nil && fn.Pkg() != from {
		name = fn.Pkg().Name() + "." + name
	}
	return name
}

// ContextParams returns the indices of the parameters of sig whose type is
// context.Context.
func ContextParams(sig *types.Signature) []int {
	var idx []int
	for i := range sig.Params().Len() {
		if IsContextType(sig.Params().At(i).Type()) {
			idx = append(idx, i)
		}
	}
	return idx
}

// TakesContext reports whether sig has a context.Context parameter.
func TakesContext(sig *types.Signature) bool { return len(ContextParams(sig)) > 0 }

// FuncOf returns the object and signature of a function declaration or
// literal: obj is nil for literals.
func FuncOf(info *types.Info, fn ast.Node) (obj *types.Func, sig *types.Signature) {
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		obj, _ = info.Defs[fn.Name].(*types.Func)
		if obj != nil {
			sig = obj.Signature()
		}
	case *ast.FuncLit:
		sig, _ = info.TypeOf(fn).(*types.Signature)
	}
	return obj, sig
}

// IsBuiltin reports whether call calls the builtin function name (append,
// delete, clear, ...), not a function that shadows it.
func IsBuiltin(info *types.Info, call *ast.CallExpr, name string) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || id.Name != name {
		return false
	}
	_, ok = info.Uses[id].(*types.Builtin)
	return ok
}

// IsPointer reports whether t is a pointer type (through aliases and named
// types).
func IsPointer(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := types.Unalias(t).Underlying().(*types.Pointer)
	return ok
}

// Any reports whether match holds for n or a node below it, stopping at
// the first that it holds for.
func Any(n ast.Node, match func(ast.Node) bool) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		found = found || n != nil && match(n)
		return !found
	})
	return found
}

// WaitsOnChannel reports whether body waits on a channel: a select
// statement or a receive, outside function literals (a loop's body that
// does is a loop until its component says so).
func WaitsOnChannel(body *ast.BlockStmt) bool {
	waits := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SelectStmt:
			waits = true
		case *ast.UnaryExpr:
			waits = waits || n.Op == token.ARROW
		}
		return !waits
	})
	return waits
}

// Mentions reports whether n, function literals included, uses obj.
func Mentions(info *types.Info, n ast.Node, obj types.Object) bool {
	return Any(n, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		return ok && info.Uses[id] == obj
	})
}

// Deref returns what t points to when it is a pointer type (through an
// alias), else t itself.
func Deref(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// FuncBody returns the body of a function declaration or literal, nil for
// anything else and for a function implemented in assembly.
func FuncBody(fn ast.Node) *ast.BlockStmt {
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		return fn.Body
	case *ast.FuncLit:
		return fn.Body
	}
	return nil
}

// DeclOf returns the declaration of fn (its generic origin) among files,
// the files of the package being analysed, or nil when fn is declared
// elsewhere or has no body (assembly). It scans only the file that holds
// fn's position.
func DeclOf(files []*ast.File, fn *types.Func) *ast.FuncDecl {
	fn = fn.Origin()
	for _, f := range files {
		if fn.Pos() < f.FileStart || fn.Pos() > f.FileEnd {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Pos() == fn.Pos() && fd.Body != nil {
				return fd
			}
		}
	}
	return nil
}

// A CommandLine is a command-line framework: the types of its command
// trees, and the type whose values carry the program's context to each
// command action (as a method, or as the field Path names), with how a
// program runs its commands with a context it gives.
type CommandLine struct {
	Pkg string
	// Commands are the types of its command trees: a package that
	// declares one at package level is a program's command line.
	Commands []string
	// Carrier is the type of an action's parameter that carries the
	// program's context ("" when actions take a context.Context); Path is
	// how a value of it gives the context when it has no method that
	// returns it (urfave/cli's .Context field).
	Carrier, Path string
	// Runner's methods WithCtx run the commands with a context the
	// program gives.
	Runner  string
	WithCtx []string
}

// CommandLines are the command-line frameworks the checks know.
var CommandLines = []CommandLine{
	{Pkg: "github.com/spf13/cobra", Commands: []string{"Command"}, Carrier: "Command", Runner: "Command", WithCtx: []string{"ExecuteContext", "ExecuteContextC", "SetContext"}},
	{Pkg: "github.com/urfave/cli/v3", Commands: []string{"Command"}},
	{Pkg: "github.com/urfave/cli/v2", Commands: []string{"App", "Command"}, Carrier: "Context", Path: ".Context", Runner: "App", WithCtx: []string{"RunContext"}},
	{Pkg: "github.com/urfave/cli", Commands: []string{"App", "Command"}, Carrier: "Context", Path: ".Context", Runner: "App", WithCtx: []string{"RunContext"}},
}

// DeclaresCommand reports whether pkg declares a command of a command-line
// framework in a package-level variable (var rootCmd = &cobra.Command{...},
// var app = &cli.App{...}): it is a program's command line, whose
// package-level initialisers and init functions run at the program's
// start, as package main's do.
func DeclaresCommand(pkg *types.Package) bool {
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		v, ok := scope.Lookup(name).(*types.Var)
		if !ok {
			continue
		}
		n := NamedOf(v.Type())
		if n == nil || n.Obj().Pkg() == nil {
			continue
		}
		for _, c := range CommandLines {
			if n.Obj().Pkg().Path() == c.Pkg && slices.Contains(c.Commands, n.Obj().Name()) {
				return true
			}
		}
	}
	return false
}

// CalleeName names the function call calls, for messages: the static
// callee or interface method as ShortName spells it, else the called
// expression (a func value: "f", "h.fn").
func CalleeName(info *types.Info, from *types.Package, call *ast.CallExpr) string {
	if fn := Callee(info, call); fn != nil {
		return ShortName(fn, from)
	}
	if fn := InterfaceCallee(info, call); fn != nil {
		return ShortName(fn, from)
	}
	return types.ExprString(call.Fun)
}

// FuncValue returns the function or method a func-valued expression names
// (f, pkg.F, x.M, f[T]), or nil for func values that cannot be resolved
// statically: variables, fields, method expressions, interface methods.
func FuncValue(info *types.Info, e ast.Expr) *types.Func {
	var id *ast.Ident
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		if sel := info.Selections[e]; sel != nil && sel.Kind() == types.MethodExpr {
			return nil
		}
		id = e.Sel
	case *ast.IndexExpr: // generic instantiation f[T]
		return FuncValue(info, e.X)
	case *ast.IndexListExpr:
		return FuncValue(info, e.X)
	default:
		return nil
	}
	fn, ok := info.Uses[id].(*types.Func)
	if !ok {
		return nil
	}
	if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
		return nil // an interface method: no resolution
	}
	return fn.Origin()
}

// Ident returns the identifier e is, or the selected name of a selector
// (x.f: f), or nil.
func Ident(e ast.Expr) *ast.Ident {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e
	case *ast.SelectorExpr:
		return e.Sel
	}
	return nil
}

// Conjuncts returns the operands of cond's top-level && chain (a && b && c:
// a, b, c), cond itself when it is none, each without its parentheses.
func Conjuncts(cond ast.Expr) []ast.Expr {
	cond = ast.Unparen(cond)
	if be, ok := cond.(*ast.BinaryExpr); ok && be.Op == token.LAND {
		return append(Conjuncts(be.X), Conjuncts(be.Y)...)
	}
	return []ast.Expr{cond}
}

// Conjunct reports whether e is cond or a conjunct of it (cond is e && x,
// x && e, ...), looking through the parentheses around cond and its terms.
func Conjunct(cond ast.Expr, e ast.Node) bool {
	if e == nil {
		return false
	}
	cond = ast.Unparen(cond)
	if cond == e {
		return true
	}
	if be, ok := cond.(*ast.BinaryExpr); ok && be.Op == token.LAND {
		return Conjunct(be.X, e) || Conjunct(be.Y, e)
	}
	return false
}
