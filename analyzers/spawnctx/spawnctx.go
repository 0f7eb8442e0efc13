package spawnctx

import (
	_ "embed"
	"flag"
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/ctxscope"
	"github.com/ctxbound/ctxbound/passes/directives"
	"github.com/ctxbound/ctxbound/passes/identity"
	"github.com/ctxbound/ctxbound/passes/spawners"
)

//go:embed doc.go
var doc string

// Analyzer reports spawned work that drops the caller's context.
var Analyzer = &analysis.Analyzer{
	Name:     "spawnctx",
	Doc:      lintkit.MustExtractDoc(doc, "spawnctx"),
	URL:      "https://github.com/ctxbound/ctxbound/blob/main/docs/checks.md#spawnctx",
	Requires: []*analysis.Analyzer{directives.Analyzer, ctxscope.Analyzer, spawners.Analyzer, identity.Analyzer},
	Run:      lintkit.Safe(run),
	Flags:    flags(),
}

func flags() flag.FlagSet {
	fs := flag.NewFlagSet("spawnctx", flag.ContinueOnError)
	fs.Var(&fixFlag{"ctx"}, "fix", "the suggested fix listed first (applied by -fix): ctx (pass the caller's ctx) or detach (context.WithoutCancel(ctx))")
	return *fs
}

type fixFlag struct{ v string }

func (f *fixFlag) String() string {
	if f == nil {
		return ""
	}
	return f.v
}
func (f *fixFlag) Get() any { return f.v }
func (f *fixFlag) Set(s string) error {
	if s != "ctx" && s != "detach" {
		return fmt.Errorf("want ctx or detach, not %q", s)
	}
	f.v = s
	return nil
}

type checker struct {
	pass   *analysis.Pass
	scope  *ctxscope.Result
	sp     *spawners.Result
	id     *identity.Result
	dirs   *directives.Result
	r      *lintkit.Reporter
	detach bool // -spawnctx.fix=detach
}

func run(pass *analysis.Pass) (any, error) {
	dirs := pass.ResultOf[directives.Analyzer].(*directives.Result)
	c := &checker{
		pass:   pass,
		scope:  pass.ResultOf[ctxscope.Analyzer].(*ctxscope.Result),
		sp:     pass.ResultOf[spawners.Analyzer].(*spawners.Result),
		id:     pass.ResultOf[identity.Analyzer].(*identity.Result),
		dirs:   dirs,
		r:      lintkit.NewReporter(pass, dirs),
		detach: pass.Analyzer.Flags.Lookup("fix").Value.(flag.Getter).Get() == "detach",
	}
	defer c.r.Finish()
	for _, site := range c.sp.Sites {
		c.check(site)
	}
	c.groups()
	return nil, nil
}

// A finding is one way the work drops the caller's context.
type finding struct {
	what    string           // "it calls db.Exec with a root context (context.Background)"
	helper  string           // the ctx-less helper to give a ctx parameter, if that is the fix
	variant string           // or its Context variant to call instead
	env     bool             // an identity read of the process environment
	related []lintkit.Option // where the root was made, the helper chain
	origin  *ast.CallExpr    // a root made inside the work: the fix replaces it
}

func (c *checker) check(site *spawners.Site) {
	defer lintkit.At(c.pass.Fset, site.Node)
	if site.Carries {
		return // runctx and wrappers that hand on the caller's context
	}
	encl := c.scope.Enclosing(site.Node)
	if encl == nil || !c.scope.HasCallerContext(encl) || c.scope.InTestFunc(encl) {
		return
	}
	if c.detached(site, encl) {
		return
	}
	findings := c.work(site)
	if len(findings) == 0 {
		return
	}
	ctxName, _ := c.scope.CallerContext(encl, site.Node.Pos())
	boundary := "goroutine"
	if site.Kind != spawners.GoStmt {
		boundary = "func run by " + site.Boundary
	}
	f := findings[0]
	advice := fmt.Sprintf("pass %s, or context.WithoutCancel(%s) to outlive the caller", ctxName, ctxName)
	switch {
	case f.env:
		advice = fmt.Sprintf("pass %s and take the identity from it", ctxName)
	case f.variant != "":
		advice = fmt.Sprintf("call %s with %s, or context.WithoutCancel(%s) to outlive the caller", f.variant, ctxName, ctxName)
	case f.helper != "":
		advice = fmt.Sprintf("give %s a ctx parameter and pass %s, or context.WithoutCancel(%s) to outlive the caller", f.helper, ctxName, ctxName)
	}
	msg := fmt.Sprintf("%s drops the caller's context: %s while %s is in scope; %s", boundary, f.what, ctxName, advice)
	var opts []lintkit.Option
	for _, f := range findings {
		opts = append(opts, f.related...)
	}
	opts = append(opts, c.fixes(encl, findings)...)
	c.r.Report(site.Node, msg, opts...)
}

// detached reports whether a //ctxbound:detach directive accepts the site:
// on the spawning function, on the spawned function, or on the site's line.
func (c *checker) detached(site *spawners.Site, encl ast.Node) bool {
	if c.dirs.LineDirective(site.Node.Pos(), directives.Detach) != nil {
		return true
	}
	for n := encl; n != nil; n = c.scope.Parent(n) {
		if d, ok := n.(*ast.FuncDecl); ok && c.dirs.FuncDirective(d, directives.Detach) != nil {
			return true
		}
		if d := c.scope.Decl(n); d != nil && c.dirs.FuncDirective(d, directives.Detach) != nil {
			return true
		}
	}
	if fn := c.funcOf(site.Work); fn != nil && c.dirs.Has(fn, directives.Detach) {
		return true
	}
	return false
}

// work returns the findings for the work of a site.
func (c *checker) work(site *spawners.Site) []finding {
	var out []finding
	if site.Call != nil { // go f(args): the args are evaluated here
		for _, a := range site.Call.Args {
			t := c.pass.TypesInfo.TypeOf(a)
			if t == nil || !lintkit.IsContextType(t) {
				continue
			}
			cl := c.scope.Classify(a)
			if cl.Kind != ctxscope.Root || c.scope.Exempt(cl.Origin, site.Call) != "" {
				continue
			}
			out = append(out, c.rootFinding("it is started with a root context ("+cl.Describe()+")", cl, a))
		}
	}
	switch w := site.Work.(type) {
	case *ast.FuncLit:
		skip := func(lit *ast.FuncLit) bool {
			if lit == w {
				return false
			}
			if s := c.sp.WorkOf(lit); s != nil && !s.Carries {
				return true // nested spawned work: reported at its own site
			}
			return c.scope.OwnsContext(lit) // has a context of its own: ctxdrop's
		}
		for _, d := range c.scope.Drops(w.Body, skip) {
			if d.Exempt != "" || c.dirs.LineDirective(d.Call.Pos(), directives.Detach) != nil {
				continue
			}
			out = append(out, c.dropFinding(d))
		}
		out = append(out, c.envFindings(w, skip)...)
	default:
		if fn := c.funcOf(w); fn != nil {
			if f, ok := c.scope.Makes(fn); ok {
				name := lintkit.ShortName(fn, c.pass.Pkg)
				fd := finding{what: fmt.Sprintf("it runs %s, which makes its own root context (%s),", name, f.Chain(c.pass.Pkg)), helper: name,
					variant: variantName(fn, c.pass.Pkg)}
				fd.related = append(fd.related, c.scope.ChainRelated(fn)...)
				out = append(out, fd)
			}
			if r, ok := c.id.EnvRead(fn); ok {
				f := finding{
					what: fmt.Sprintf("it runs %s, which reads identity key %s from the process environment (%s), shared by every session,",
						lintkit.ShortName(fn, c.pass.Pkg), r.Key, r.Desc),
					env: true,
				}
				if pos, end := c.id.EnvReadFinding(fn); pos.IsValid() {
					f.related = append(f.related, lintkit.Related(pos, end, "envidentity reports this read"))
				}
				out = append(out, f)
			}
		}
	}
	return out
}

// envFindings returns the identity reads of the process environment in the
// work lit, outside nested work that skip excludes: the seed bug, where a
// worker without its caller's context fell back to another session's key.
func (c *checker) envFindings(lit *ast.FuncLit, skip func(*ast.FuncLit) bool) []finding {
	var nested []ast.Node
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if l, ok := n.(*ast.FuncLit); ok && skip(l) {
			nested = append(nested, l)
			return false
		}
		return true
	})
	var out []finding
	for _, r := range c.id.ReadsIn(lit.Body) {
		if slices.ContainsFunc(nested, func(n ast.Node) bool { return n.Pos() <= r.Pos && r.End <= n.End() }) {
			continue
		}
		what := fmt.Sprintf("it reads identity key %s from the process environment (%s), shared by every session,", r.Key, r.Desc)
		if r.Via != "" {
			what = fmt.Sprintf("it calls %s, which reads identity key %s from the process environment, shared by every session,", r.Via, r.Key)
		}
		f := finding{what: what, env: true}
		if r.Finding.IsValid() {
			f.related = append(f.related, lintkit.Related(r.Finding, r.FindingEnd, "envidentity reports this read"))
		}
		out = append(out, f)
	}
	return out
}

// funcOf returns the function or method a work expression names, or nil
// for func values that cannot be resolved (variables, fields, interfaces).
func (c *checker) funcOf(e ast.Expr) *types.Func {
	var id *ast.Ident
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		if sel := c.pass.TypesInfo.Selections[e]; sel != nil && sel.Kind() == types.MethodExpr {
			return nil
		}
		id = e.Sel
	case *ast.IndexExpr: // generic instantiation f[T]
		return c.funcOf(e.X)
	case *ast.IndexListExpr:
		return c.funcOf(e.X)
	default:
		return nil
	}
	fn, ok := c.pass.TypesInfo.Uses[id].(*types.Func)
	if !ok {
		return nil
	}
	if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
		return c.sp.Concrete(e) // an interface method: its dynamic type, where known
	}
	return fn.Origin()
}

func (c *checker) dropFinding(d ctxscope.Drop) finding {
	callee := lintkit.CalleeName(c.pass.TypesInfo, c.pass.Pkg, d.Call)
	if d.Helper != nil {
		name := lintkit.ShortName(d.Helper, c.pass.Pkg)
		f := finding{what: fmt.Sprintf("it calls %s, which makes its own root context (%s),", name, d.Fact.Chain(c.pass.Pkg)), helper: name,
			variant: variantName(d.Helper, c.pass.Pkg)}
		f.related = append(f.related, lintkit.Related(d.Call.Pos(), d.Call.End(), "call of "+name))
		f.related = append(f.related, c.scope.ChainRelated(d.Helper)...)
		return f
	}
	return c.rootFinding(fmt.Sprintf("it calls %s with a root context (%s)", callee, d.Class.Describe()), d.Class, d.Arg)
}

func (c *checker) rootFinding(msg string, cl ctxscope.Class, arg ast.Expr) finding {
	f := finding{what: msg}
	if cl.Origin != nil {
		f.related = append(f.related, lintkit.Related(cl.Origin.Pos(), cl.Origin.End(), "root context made here"))
		if ast.Unparen(arg) == cl.Origin && cl.Via == nil {
			f.origin = cl.Origin
		}
	}
	return f
}

// fixes suggests replacing each root made inside the work by the caller's
// context, when its name is visible there, or by context.WithoutCancel of it.
func (c *checker) fixes(encl ast.Node, findings []finding) []lintkit.Option {
	var toCtx, toDetach []analysis.TextEdit
	var name string
	for _, f := range findings {
		if f.origin == nil {
			continue
		}
		n, visible := c.scope.CallerContext(encl, f.origin.Pos())
		if !visible || (name != "" && n != name) {
			return nil
		}
		name = n
		c, d := ctxscope.RootEdits(f.origin, n)
		toCtx, toDetach = append(toCtx, c), append(toDetach, d)
	}
	if len(toCtx) == 0 {
		return nil
	}
	pass := lintkit.Fix("Pass "+name+" to the spawned work", toCtx...)
	detach := lintkit.Fix("Pass context.WithoutCancel("+name+") to outlive the caller", toDetach...)
	if c.detach {
		return []lintkit.Option{detach, pass}
	}
	return []lintkit.Option{pass, detach}
}

// variantName names the Context variant of fn, or "".
func variantName(fn *types.Func, from *types.Package) string {
	if v := ctxscope.ContextVariant(fn); v != nil {
		return lintkit.ShortName(v, from)
	}
	return ""
}
