// Package ctxscope says, for each function and closure of a package, which
// context values are in scope, and classifies context expressions: derived
// from the caller's context, a root context, or unknown.
//
// The caller's context of a function is what it was given: a
// context.Context parameter of the function or of an enclosing function
// (captured by a closure), r.Context() of an *http.Request parameter, or a
// context.Context field of the method's receiver. A value derived from those
// (context.WithTimeout(ctx, d), errgroup.WithContext(ctx)'s ctx,
// context.WithoutCancel(ctx), any call that returns a context and takes a
// derived one) is derived too. A root context is context.Background() or
// context.TODO(), a value derived only from one, or the result of a function
// that returns one (a ReturnsRoot fact, across packages).
//
// The pass also exports MakesRoot facts: a function with no context in scope
// that makes a root context and uses it itself (not returned, not kept as a
// component's lifetime context), directly or through callees of its own
// module. Callers that have a context cannot pass it through such a
// function: add a ctx parameter.
//
// Syntax and types only, no SSA: it runs on every dependency.
package ctxscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// Analyzer computes context scopes and exports root-context facts.
var Analyzer = &analysis.Analyzer{
	Name:       "ctxscope",
	Doc:        "find the contexts in scope in each function and classify context values; reports nothing",
	URL:        "https://github.com/ctxbound/ctxbound/blob/main/docs/checks.md#ctxdrop",
	Run:        lintkit.Safe(run),
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(MakesRoot), new(ReturnsRoot)},
}

// A Kind classifies a context value.
type Kind int

const (
	// Unknown: not traceable to the caller's context or to a root.
	Unknown Kind = iota
	// Derived from the caller's context.
	Derived
	// Root: context.Background, context.TODO, or derived only from one.
	Root
)

func (k Kind) String() string {
	return [...]string{"unknown", "derived", "root"}[k]
}

// A Class is the classification of a context expression.
type Class struct {
	Kind Kind
	// For Root: where the root context was made in this package (the
	// context.Background() call, or the call of a helper that returns one).
	Origin *ast.CallExpr
	// For Root: what made it ("context.Background", or a helper's chain).
	What string
	// For Root through a helper: the fact.
	Via *ReturnsRoot
}

// Result is the context scope information of one package.
type Result struct {
	pass  *analysis.Pass
	funcs map[ast.Node]*funcInfo // *ast.FuncDecl and *ast.FuncLit
	// assigns records, for each local or package-level context variable,
	// the values assigned to it; an escaping variable maps to nil.
	assigns map[*types.Var][]value
	escapes map[*types.Var]bool
	mu      sync.Mutex // guards memo and busy: analyzers share the Result
	memo    map[ast.Expr]Class
	busy    map[*types.Var]bool
	// params are the named context and *http.Request parameters of every
	// function; recvs the named receivers.
	params map[*types.Var]bool
	recvs  map[*types.Var]bool

	makes   map[types.Object]*MakesRoot
	makesAt map[types.Object]makesAt
	returns map[types.Object]*ReturnsRoot
	module  string
}

// value is one value assigned to a variable: the idx'th result of expr
// (idx -1: expr is single-valued).
type value struct {
	expr ast.Expr
	idx  int
}

type funcInfo struct {
	node   ast.Node // *ast.FuncDecl or *ast.FuncLit
	parent *funcInfo
	decl   *ast.FuncDecl // outermost declaration, nil for package-level literals
	sig    *types.Signature
	// ctxParams are the named context parameters; reqParams the named
	// *http.Request parameters.
	ctxParams []*types.Var
	reqParams []*types.Var
	// recv is the receiver and ctxFields its context fields (FuncDecl only).
	recv      *types.Var
	ctxFields []*types.Var
}

func run(pass *analysis.Pass) (any, error) {
	r := &Result{
		pass:    pass,
		funcs:   map[ast.Node]*funcInfo{},
		assigns: map[*types.Var][]value{},
		escapes: map[*types.Var]bool{},
		memo:    map[ast.Expr]Class{},
		busy:    map[*types.Var]bool{},
		params:  map[*types.Var]bool{},
		recvs:   map[*types.Var]bool{},
		makes:   lintkit.ObjectFacts[*MakesRoot](pass),
		makesAt: map[types.Object]makesAt{},
		returns: lintkit.ObjectFacts[*ReturnsRoot](pass),
	}
	if pass.Module != nil {
		r.module = pass.Module.Path
	}
	if !usesContext(pass.Pkg) {
		return r, nil
	}
	r.index()
	r.computeFacts()
	return r, nil
}

// usesContext reports whether the package can hold context values of its
// own: it is context or imports it.
func usesContext(pkg *types.Package) bool {
	return pkg.Path() == "context" || lintkit.Imports(pkg, "context")
}

// index records the functions and the assignments of context variables.
func (r *Result) index() {
	var stack []*funcInfo
	for _, file := range r.pass.Files {
		var visit func(n ast.Node) bool
		visit = func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				fi := r.newFunc(n, nil, n)
				stack = append(stack, fi)
				if n.Body != nil {
					ast.Inspect(n.Body, visit)
				}
				stack = stack[:len(stack)-1]
				return false
			case *ast.FuncLit:
				var parent *funcInfo
				var decl *ast.FuncDecl
				if len(stack) > 0 {
					parent = stack[len(stack)-1]
					decl = parent.decl
				}
				fi := r.newFunc(n, parent, decl)
				stack = append(stack, fi)
				ast.Inspect(n.Body, visit)
				stack = stack[:len(stack)-1]
				return false
			case *ast.AssignStmt:
				r.recordAssign(n.Lhs, n.Rhs)
			case *ast.ValueSpec:
				lhs := make([]ast.Expr, len(n.Names))
				for i, id := range n.Names {
					lhs[i] = id
				}
				r.recordAssign(lhs, n.Values)
			case *ast.RangeStmt:
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if v := r.ctxVar(e); v != nil {
						r.escapes[v] = true
					}
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					if v := r.ctxVar(n.X); v != nil {
						r.escapes[v] = true // written through a pointer
					}
				}
			}
			return true
		}
		ast.Inspect(file, visit)
	}
}

func (r *Result) newFunc(n ast.Node, parent *funcInfo, decl *ast.FuncDecl) *funcInfo {
	info := r.pass.TypesInfo
	fi := &funcInfo{node: n, parent: parent, decl: decl}
	var ftype *ast.FuncType
	switch n := n.(type) {
	case *ast.FuncDecl:
		ftype = n.Type
		if obj, ok := info.Defs[n.Name].(*types.Func); ok {
			fi.sig = obj.Signature()
		}
		if n.Recv != nil && len(n.Recv.List) == 1 && len(n.Recv.List[0].Names) == 1 {
			if v, ok := info.Defs[n.Recv.List[0].Names[0]].(*types.Var); ok && v.Name() != "_" {
				fi.recv = v
				fi.ctxFields = contextFields(v.Type())
				r.recvs[v] = true
			}
		}
	case *ast.FuncLit:
		ftype = n.Type
		fi.sig, _ = info.TypeOf(n).(*types.Signature)
	}
	for _, field := range ftype.Params.List {
		for _, id := range field.Names {
			v, ok := info.Defs[id].(*types.Var)
			if !ok || v.Name() == "_" {
				continue
			}
			switch {
			case lintkit.IsContextType(v.Type()):
				fi.ctxParams = append(fi.ctxParams, v)
				r.params[v] = true
			case isHTTPRequest(v.Type()) && !returnsRequest(fi.sig):
				fi.reqParams = append(fi.reqParams, v)
				r.params[v] = true
			}
		}
	}
	r.funcs[n] = fi
	return fi
}

// contextFields returns the context.Context fields of the struct t (or *t).
func contextFields(t types.Type) []*types.Var {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var fs []*types.Var
	for i := range st.NumFields() {
		if f := st.Field(i); lintkit.IsContextType(f.Type()) {
			fs = append(fs, f)
		}
	}
	return fs
}

func isHTTPRequest(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Name() == "Request" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/http"
}

// ctxVar returns the context variable e names, or nil.
func (r *Result) ctxVar(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := r.pass.TypesInfo.ObjectOf(id).(*types.Var)
	if !ok || v.IsField() || !lintkit.IsContextType(v.Type()) {
		return nil
	}
	return v
}

func (r *Result) recordAssign(lhs, rhs []ast.Expr) {
	for i, l := range lhs {
		v := r.ctxVar(l)
		if v == nil {
			continue
		}
		switch {
		case len(rhs) == len(lhs):
			r.assigns[v] = append(r.assigns[v], value{ast.Unparen(rhs[i]), -1})
		case len(rhs) == 1:
			r.assigns[v] = append(r.assigns[v], value{ast.Unparen(rhs[0]), i})
		default: // var ctx context.Context: the zero value
		}
	}
}

// fn returns the scope information of a function declaration or literal.
func (r *Result) fn(n ast.Node) *funcInfo { return r.funcs[n] }

// HasCallerContext reports whether the function or closure n has the
// caller's context in scope: a context parameter, an *http.Request parameter
// or a receiver context field, of its own or of an enclosing function.
func (r *Result) HasCallerContext(n ast.Node) bool {
	for fi := r.fn(n); fi != nil; fi = fi.parent {
		if len(fi.ctxParams) > 0 || len(fi.reqParams) > 0 || len(fi.ctxFields) > 0 {
			return true
		}
	}
	return false
}

// OwnsContext reports whether the function or closure n itself (not an
// enclosing function) has a context parameter, *http.Request parameter or
// receiver context field.
func (r *Result) OwnsContext(n ast.Node) bool {
	fi := r.fn(n)
	return fi != nil && (len(fi.ctxParams) > 0 || len(fi.reqParams) > 0 || len(fi.ctxFields) > 0)
}

// CallerContext returns how code at pos inside function n would name the
// caller's context: "ctx", "r.Context()", "s.ctx". visible reports whether
// that name resolves at pos to the same variable (it is not shadowed), so a
// fix may use it. It returns "" when n has no caller context.
func (r *Result) CallerContext(n ast.Node, pos token.Pos) (name string, visible bool) {
	scope := r.pass.Pkg.Scope().Innermost(pos)
	sees := func(v *types.Var) bool {
		if scope == nil {
			return false
		}
		_, obj := scope.LookupParent(v.Name(), pos)
		return obj == v
	}
	for fi := r.fn(n); fi != nil; fi = fi.parent {
		if len(fi.ctxParams) > 0 {
			v := fi.ctxParams[0]
			return v.Name(), sees(v)
		}
		if len(fi.reqParams) > 0 {
			v := fi.reqParams[0]
			return v.Name() + ".Context()", sees(v)
		}
		if len(fi.ctxFields) > 0 {
			return fi.recv.Name() + "." + fi.ctxFields[0].Name(), sees(fi.recv)
		}
	}
	return "", false
}

// Enclosing returns the innermost function declaration or literal that
// contains n, or nil.
func (r *Result) Enclosing(n ast.Node) ast.Node {
	path := r.path(n)
	for _, p := range path[min(1, len(path)):] {
		switch p.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return p
		}
	}
	return nil
}

// path returns n and its ancestors, innermost first, up to the *ast.File;
// nil if n is not a node of the package. The checks ask it only where they
// report or consider an exemption, so the package pays no index for it.
func (r *Result) path(n ast.Node) []ast.Node {
	for _, f := range r.pass.Files {
		if f.FileStart <= n.Pos() && n.End() <= f.FileEnd {
			path, exact := astutil.PathEnclosingInterval(f, n.Pos(), n.End())
			if !exact || len(path) == 0 || path[0] != n {
				return nil
			}
			return path
		}
	}
	return nil
}

// Parent returns the function enclosing the function literal n, or nil.
func (r *Result) Parent(n ast.Node) ast.Node {
	if fi := r.fn(n); fi != nil && fi.parent != nil {
		return fi.parent.node
	}
	return nil
}

// Decl returns the outermost function declaration of n, or nil.
func (r *Result) Decl(n ast.Node) *ast.FuncDecl {
	if fi := r.fn(n); fi != nil {
		return fi.decl
	}
	return nil
}

func sortByPos(decls []*ast.FuncDecl) {
	slices.SortFunc(decls, func(a, b *ast.FuncDecl) int { return int(a.Pos() - b.Pos()) })
}

// Funcs returns the function declarations and literals of the package, in
// source order.
func (r *Result) Funcs() []ast.Node {
	nodes := make([]ast.Node, 0, len(r.funcs))
	for n := range r.funcs {
		nodes = append(nodes, n)
	}
	slices.SortFunc(nodes, func(a, b ast.Node) int { return int(a.Pos() - b.Pos()) })
	return nodes
}

// returnsRequest reports whether sig returns an *http.Request: a function
// that builds or rewrites requests, whose request parameter is input, not
// its caller's context.
func returnsRequest(sig *types.Signature) bool {
	if sig == nil {
		return false
	}
	for i := range sig.Results().Len() {
		if isHTTPRequest(sig.Results().At(i).Type()) {
			return true
		}
	}
	return false
}

// InTestFunc reports whether n is, or is inside, a top-level test, benchmark,
// fuzz test or example of a _test.go file: tests are roots and make their
// own contexts.
func (r *Result) InTestFunc(n ast.Node) bool {
	d := r.Decl(n)
	if d == nil || d.Recv != nil {
		return false
	}
	if !strings.HasSuffix(r.pass.Fset.File(d.Pos()).Name(), "_test.go") {
		return false
	}
	for _, prefix := range []string{"Test", "Benchmark", "Fuzz", "Example"} {
		if strings.HasPrefix(d.Name.Name, prefix) {
			return true
		}
	}
	return false
}
