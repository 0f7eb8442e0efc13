package ctxdrop

import (
	_ "embed"
	"fmt"
	"go/ast"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/ctxscope"
	"github.com/ctxbound/ctxbound/passes/directives"
	"github.com/ctxbound/ctxbound/passes/spawners"
)

//go:embed doc.go
var doc string

// Analyzer reports calls that drop the caller's context.
var Analyzer = &analysis.Analyzer{
	Name:     "ctxdrop",
	Doc:      lintkit.MustExtractDoc(doc, "ctxdrop"),
	URL:      "https://github.com/ctxbound/ctxbound/blob/main/docs/checks.md#ctxdrop",
	Requires: []*analysis.Analyzer{directives.Analyzer, ctxscope.Analyzer, spawners.Analyzer},
	Run:      lintkit.Safe(run),
}

type checker struct {
	pass  *analysis.Pass
	scope *ctxscope.Result
	sp    *spawners.Result
	dirs  *directives.Result
	r     *lintkit.Reporter
}

func run(pass *analysis.Pass) (any, error) {
	dirs := pass.ResultOf[directives.Analyzer].(*directives.Result)
	c := &checker{
		pass:  pass,
		scope: pass.ResultOf[ctxscope.Analyzer].(*ctxscope.Result),
		sp:    pass.ResultOf[spawners.Analyzer].(*spawners.Result),
		dirs:  dirs,
		r:     lintkit.NewReporter(pass, dirs),
	}
	defer c.r.Finish()
	for _, fn := range c.scope.Funcs() {
		c.check(fn)
	}
	return nil, nil
}

// check reports the drops in the body of one function or literal, not
// entering nested literals (each is checked on its own).
func (c *checker) check(fn ast.Node) {
	defer lintkit.At(c.pass.Fset, fn)
	if !c.scope.HasCallerContext(fn) || c.scope.InTestFunc(fn) || c.skipped(fn) {
		return
	}
	var body *ast.BlockStmt
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		body = fn.Body
	case *ast.FuncLit:
		body = fn.Body
	}
	for _, d := range c.scope.Drops(body, func(*ast.FuncLit) bool { return true }) {
		if d.Exempt != "" || c.dirs.LineDirective(d.Call.Pos(), directives.Detach) != nil {
			continue
		}
		if c.sp.GoCall(d.Call) != nil {
			continue // go f(context.Background()): spawnctx reports the goroutine
		}
		c.report(fn, d)
	}
}

// skipped reports whether fn is not ctxdrop's to check: spawned work that
// loses the caller's context (spawnctx reports it), a function marked
// detach, or one inside such a function.
func (c *checker) skipped(fn ast.Node) bool {
	for n := fn; n != nil; n = c.scope.Parent(n) {
		switch n := n.(type) {
		case *ast.FuncDecl:
			if c.dirs.FuncDirective(n, directives.Detach) != nil {
				return true
			}
		case *ast.FuncLit:
			if s := c.sp.WorkOf(n); s != nil && !s.Carries && !c.scope.OwnsContext(n) {
				if encl := c.scope.Enclosing(s.Node); encl != nil && c.scope.HasCallerContext(encl) {
					return true
				}
			}
		}
		if d := c.scope.Decl(n); d != nil && c.dirs.FuncDirective(d, directives.Detach) != nil {
			return true
		}
	}
	return false
}

func (c *checker) report(fn ast.Node, d ctxscope.Drop) {
	ctxName, _ := c.scope.CallerContext(fn, d.Call.Pos())
	callee := lintkit.CalleeName(c.pass.TypesInfo, c.pass.Pkg, d.Call)
	if d.Helper != nil {
		name := lintkit.ShortName(d.Helper, c.pass.Pkg)
		advice := fmt.Sprintf("give %s a ctx parameter and pass %s", name, ctxName)
		if v := ctxscope.ContextVariant(d.Helper); v != nil {
			advice = fmt.Sprintf("call %s with %s instead", lintkit.ShortName(v, c.pass.Pkg), ctxName)
		}
		msg := fmt.Sprintf("call of %s drops the caller's context: %s makes its own root context (%s) while %s is in scope; %s",
			name, name, d.Fact.Chain(c.pass.Pkg), ctxName, advice)
		c.r.Report(d.Call, msg, c.scope.ChainRelated(d.Helper)...)
		return
	}
	msg := fmt.Sprintf("call of %s passes a root context (%s) while %s is in scope; pass %s, or context.WithoutCancel(%s) to outlive the caller",
		callee, d.Class.Describe(), ctxName, ctxName, ctxName)
	var opts []lintkit.Option
	if o := d.Class.Origin; o != nil && (o.Pos() < d.Call.Pos() || o.End() > d.Call.End()) {
		opts = append(opts, lintkit.Related(o.Pos(), o.End(), "root context made here"))
	}
	opts = append(opts, c.fixes(fn, d)...)
	c.r.Report(d.Call, msg, opts...)
}

// fixes replaces a context.Background() or context.TODO() argument by the
// caller's context when its name is visible at the call.
func (c *checker) fixes(fn ast.Node, d ctxscope.Drop) []lintkit.Option {
	o := d.Class.Origin
	if o == nil || d.Class.Via != nil || ast.Unparen(d.Arg) != o {
		return nil
	}
	name, visible := c.scope.CallerContext(fn, o.Pos())
	if !visible {
		return nil
	}
	toCtx, toDetach := ctxscope.RootEdits(o, name)
	return []lintkit.Option{
		lintkit.Fix("Pass "+name, toCtx),
		lintkit.Fix("Pass context.WithoutCancel("+name+") to outlive the caller", toDetach),
	}
}
