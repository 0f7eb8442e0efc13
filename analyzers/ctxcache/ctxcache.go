package ctxcache

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/directives"
	"github.com/ctxbound/ctxbound/passes/identity"
)

//go:embed doc.go
var doc string

// Analyzer reports process-wide memos of per-run answers.
var Analyzer = &analysis.Analyzer{
	Name:     "ctxcache",
	Doc:      lintkit.MustExtractDoc(doc, "ctxcache"),
	URL:      "https://github.com/ctxbound/ctxbound/blob/main/docs/checks.md#ctxcache",
	Requires: []*analysis.Analyzer{directives.Analyzer, identity.Analyzer},
	Run:      lintkit.Safe(run),
}

// singleflightPaths are the packages whose Group deduplicates calls by key.
var singleflightPaths = []string{"golang.org/x/sync/singleflight", "internal/singleflight"}

type checker struct {
	pass  *analysis.Pass
	r     *lintkit.Reporter
	id    *identity.Result
	onces []*ast.FuncLit // function literals run by a sync.Once.Do
}

func run(pass *analysis.Pass) (any, error) {
	c := &checker{
		pass: pass,
		r:    lintkit.NewReporter(pass, pass.ResultOf[directives.Analyzer].(*directives.Result)),
		id:   pass.ResultOf[identity.Analyzer].(*identity.Result),
	}
	if c.id.Active() {
		for _, f := range pass.Files {
			c.file(f)
		}
	}
	c.r.Finish()
	return nil, nil
}

func (c *checker) file(f *ast.File) {
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			if d.Tok != token.VAR || c.id.RootAt(d.Pos()) != "" {
				continue
			}
			for _, s := range d.Specs {
				vs := s.(*ast.ValueSpec)
				for i, v := range vs.Values {
					if i < len(vs.Names) && len(vs.Names) == len(vs.Values) {
						c.store(v, vs.Names[i].Name, "package-level variable", v)
					}
				}
			}
		case *ast.FuncDecl:
			if d.Body == nil || c.id.RootAt(d.Pos()) != "" {
				continue
			}
			c.body(d)
		}
	}
}

func (c *checker) body(d *ast.FuncDecl) {
	defer lintkit.At(c.pass.Fset, d)
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN {
				return true
			}
			for i, lhs := range n.Lhs {
				var rhs ast.Expr
				switch {
				case len(n.Lhs) == len(n.Rhs):
					rhs = n.Rhs[i]
				case i == 0 && len(n.Rhs) == 1:
					rhs = n.Rhs[0]
				default:
					continue
				}
				c.assign(n, lhs, rhs)
			}
		case *ast.CallExpr:
			c.call(n)
		}
		return true
	})
}

// global returns the package-level variable at the base of a store target
// (v, v.f, v[k], v[k].f, pkg.V), its name, and whether an index on the way
// is per-run (a cache keyed by the identity).
func (c *checker) global(e ast.Expr) (name string, keyed bool, ok bool) {
	info := c.pass.TypesInfo
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, isVar := info.Uses[x].(*types.Var)
			if !isVar || v.IsField() || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
				return "", false, false
			}
			return x.Name, keyed, true
		case *ast.SelectorExpr:
			if id, isID := ast.Unparen(x.X).(*ast.Ident); isID {
				if _, isPkg := info.Uses[id].(*types.PkgName); isPkg {
					_, isVar := info.Uses[x.Sel].(*types.Var)
					if !isVar {
						return "", false, false
					}
					return id.Name + "." + x.Sel.Name, keyed, true
				}
			}
			if s := info.Selections[x]; s == nil || s.Kind() != types.FieldVal {
				return "", false, false
			}
			if _, isPtr := types.Unalias(info.TypeOf(x.X)).(*types.Pointer); isPtr {
				// A field through a pointer: the pointee may be per-run even
				// when the pointer is global. Only values count.
				if id, isID := ast.Unparen(x.X).(*ast.Ident); !isID || !c.isGlobalIdent(id) {
					return "", false, false
				}
			}
			e = x.X
		case *ast.IndexExpr:
			if _, perRun := c.id.PerRunValue(x.Index); perRun {
				keyed = true
			}
			e = x.X
		default:
			return "", false, false
		}
	}
}

func (c *checker) isGlobalIdent(id *ast.Ident) bool {
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	return ok && !v.IsField() && v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
}

func (c *checker) assign(as *ast.AssignStmt, lhs, rhs ast.Expr) {
	name, keyed, ok := c.global(lhs)
	if !ok || keyed {
		return
	}
	if isAppendTo(c.pass.TypesInfo, rhs, lhs) {
		return // a registry of per-run values is no memo of one
	}
	kind := "package-level variable"
	if _, isIndex := ast.Unparen(lhs).(*ast.IndexExpr); isIndex {
		kind = "package-level map"
		if _, isMap := types.Unalias(c.pass.TypesInfo.TypeOf(ast.Unparen(lhs).(*ast.IndexExpr).X)).Underlying().(*types.Map); !isMap {
			kind = "package-level slice"
		}
	}
	c.store(as, name, kind, rhs)
}

// isAppendTo reports whether rhs is append(lhs, ...).
func isAppendTo(info *types.Info, rhs, lhs ast.Expr) bool {
	call, ok := ast.Unparen(rhs).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return false
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	if b, ok := info.Uses[id].(*types.Builtin); !ok || b.Name() != "append" {
		return false
	}
	return types.ExprString(call.Args[0]) == types.ExprString(lhs)
}

// store reports a store of rhs into the package-level name, when rhs is a
// per-run value or a sync.OnceValue of a function that returns one.
func (c *checker) store(at analysis.Range, name, kind string, rhs ast.Expr) {
	if src, once, ok := c.onceValue(rhs); ok {
		c.r.Report(at, fmt.Sprintf("%s memoises a per-run value from %s process-wide in %s %s: "+
			"the first session's answer becomes every session's; compute it per run, or key a cache by the identity", once, src.Desc, kind, name),
			lintkit.Related(src.Pos, src.End, "the per-run value comes from here"))
		return
	}
	src, ok := c.id.PerRunValue(rhs)
	if !ok {
		return
	}
	switch {
	case kind == "package-level map" || kind == "package-level slice":
		c.r.Report(at, fmt.Sprintf("%s %s stores a per-run value from %s under a key that is not per-run: "+
			"every session gets the answer of the session that filled it; key it by the identity, or keep the value in ctx", kind, name, src.Desc),
			lintkit.Related(src.Pos, src.End, "the per-run value comes from here"))
	case c.inOnce(at.Pos()):
		c.r.Report(at, fmt.Sprintf("sync.Once memoises a per-run value from %s process-wide in %s %s: "+
			"the first session's answer becomes every session's; compute it per run, or key a cache by the identity", src.Desc, kind, name),
			lintkit.Related(src.Pos, src.End, "the per-run value comes from here"))
	default:
		c.r.Report(at, fmt.Sprintf("%s %s holds a per-run value from %s: "+
			"it is shared by every session in the process, so another session sees this one's answer; keep it in ctx, or key a cache by the identity", kind, name, src.Desc),
			lintkit.Related(src.Pos, src.End, "the per-run value comes from here"))
	}
}

// onceValue recognises sync.OnceValue(f) and sync.OnceValues(f) where f
// returns a per-run value.
func (c *checker) onceValue(e ast.Expr) (identity.Source, string, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return identity.Source{}, "", false
	}
	fn := lintkit.Callee(c.pass.TypesInfo, call)
	if fn == nil || !(lintkit.IsFunc(fn, "sync", "OnceValue") || lintkit.IsFunc(fn, "sync", "OnceValues")) {
		return identity.Source{}, "", false
	}
	src, ok := c.funcSource(call.Args[0])
	return src, "sync." + fn.Name(), ok
}

// funcSource returns where the function value e gets the per-run value it
// returns: a literal, or a function with a PerRun fact.
func (c *checker) funcSource(e ast.Expr) (identity.Source, bool) {
	switch f := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return c.id.PerRunFunc(f)
	case *ast.Ident, *ast.SelectorExpr:
		var id *ast.Ident
		if s, ok := f.(*ast.SelectorExpr); ok {
			id = s.Sel
		} else {
			id = f.(*ast.Ident)
		}
		if fn, ok := c.pass.TypesInfo.Uses[id].(*types.Func); ok {
			if p, ok := c.id.PerRun(fn); ok {
				return identity.Source{Pos: e.Pos(), End: e.End(), Key: p.Key, Desc: lintkit.ShortName(fn, c.pass.Pkg) + "()"}, true
			}
		}
	}
	return identity.Source{}, false
}

func (c *checker) inOnce(pos token.Pos) bool {
	for _, lit := range c.onces {
		if lit.Pos() <= pos && pos < lit.End() {
			return true
		}
	}
	return false
}

func (c *checker) call(call *ast.CallExpr) {
	fn := lintkit.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return
	}
	sel, _ := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	switch {
	case lintkit.IsMethod(fn, "sync", "Once", "Do") && len(call.Args) == 1:
		if lit, ok := ast.Unparen(call.Args[0]).(*ast.FuncLit); ok {
			c.onces = append(c.onces, lit)
		}
	case sel != nil && isSyncMapStore(fn):
		name, keyed, ok := c.global(sel.X)
		if !ok || keyed {
			return
		}
		key, val := call.Args[0], call.Args[1]
		if fn.Name() == "CompareAndSwap" {
			val = call.Args[2]
		}
		if _, perRunKey := c.id.PerRunValue(key); perRunKey {
			return
		}
		if src, ok := c.id.PerRunValue(val); ok {
			c.r.Report(call, fmt.Sprintf("package-level sync.Map %s stores a per-run value from %s under a key that is not per-run: "+
				"every session gets the answer of the session that filled it; key it by the identity, or keep the value in ctx", name, src.Desc),
				lintkit.Related(src.Pos, src.End, "the per-run value comes from here"))
		}
	case sel != nil && isAtomicStore(fn):
		name, _, ok := c.global(sel.X)
		if !ok || len(call.Args) == 0 {
			return
		}
		c.store(call, name, "package-level atomic."+lintkit.NamedOf(fn.Signature().Recv().Type()).Obj().Name(), call.Args[0])
	case isSingleflight(fn) && len(call.Args) == 2:
		if _, perRunKey := c.id.PerRunValue(call.Args[0]); perRunKey {
			return
		}
		if src, ok := c.funcSource(call.Args[1]); ok {
			c.r.Report(call, fmt.Sprintf("singleflight.Group.%s shares a per-run answer from %s between sessions: "+
				"its key does not include the identity, so a concurrent session gets this one's result; put the identity in the key", fn.Name(), src.Desc),
				lintkit.Related(src.Pos, src.End, "the per-run value comes from here"))
		}
	}
}

func isSyncMapStore(fn *types.Func) bool {
	for _, m := range []string{"Store", "LoadOrStore", "Swap", "CompareAndSwap"} {
		if lintkit.IsMethod(fn, "sync", "Map", m) {
			return true
		}
	}
	return false
}

func isAtomicStore(fn *types.Func) bool {
	for _, t := range []string{"Value", "Pointer"} {
		for _, m := range []string{"Store", "Swap"} {
			if lintkit.IsMethod(fn, "sync/atomic", t, m) {
				return true
			}
		}
	}
	return false
}

func isSingleflight(fn *types.Func) bool {
	for _, p := range singleflightPaths {
		if lintkit.IsMethod(fn, p, "Group", "Do") || lintkit.IsMethod(fn, p, "Group", "DoChan") {
			return true
		}
	}
	return false
}
