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
	fs.Var(&fixFlag{"auto"}, "fix", "the suggested fix listed first (applied by -fix): auto (context.WithoutCancel(ctx) where the work means to outlive the caller, else ctx), ctx or detach")
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
	if s != "auto" && s != "ctx" && s != "detach" {
		return fmt.Errorf("want auto, ctx or detach, not %q", s)
	}
	f.v = s
	return nil
}

type checker struct {
	pass  *analysis.Pass
	scope *ctxscope.Result
	sp    *spawners.Result
	id    *identity.Result
	dirs  *directives.Result
	r     *lintkit.Reporter
	order string // -spawnctx.fix
	// carried caches the contexts carried in values, per function.
	carried map[ast.Node][]ctxscope.Carry
}

func run(pass *analysis.Pass) (any, error) {
	dirs := pass.ResultOf[directives.Analyzer].(*directives.Result)
	c := &checker{
		pass:    pass,
		scope:   pass.ResultOf[ctxscope.Analyzer].(*ctxscope.Result),
		sp:      pass.ResultOf[spawners.Analyzer].(*spawners.Result),
		id:      pass.ResultOf[identity.Analyzer].(*identity.Result),
		dirs:    dirs,
		r:       lintkit.NewReporter(pass, dirs),
		order:   pass.Analyzer.Flags.Lookup("fix").Value.(flag.Getter).Get().(string),
		carried: map[ast.Node][]ctxscope.Carry{},
	}
	defer c.r.Finish()
	for _, site := range c.sp.Sites {
		c.check(site)
	}
	c.groups()
	c.shared()
	return nil, nil
}

// A finding is one way the work drops the caller's context, reported where
// it happens.
type finding struct {
	at      analysis.Range   // where: the call in the work, the read, or the site
	what    string           // "it calls db.Exec with a root context (context.Background)"
	helper  string           // the ctx-less helper to give a ctx parameter, if that is the fix
	variant string           // or its Context variant to call instead
	env     bool             // an identity read of the process environment
	values  string           // a fresh root whose values are lost: what reads them
	related []lintkit.Option // where the root was made, the helper chain
	drop    *ctxscope.Drop   // a root made inside the work: the fix replaces it
}

func (c *checker) check(site *spawners.Site) {
	defer lintkit.At(c.pass.Fset, site.Node)
	if site.Carries {
		return // runctx and wrappers that hand on the caller's context
	}
	encl := c.scope.Enclosing(site.Node)
	if encl == nil || c.scope.InTestFunc(encl) {
		return
	}
	s, ok := c.scope.CallerScope(encl, true)
	if !ok || !s.InScope(site.Node.Pos()) || c.detached(site, encl) {
		return
	}
	boundary := "goroutine"
	if site.Kind != spawners.GoStmt {
		boundary = "func run by " + site.Boundary
	}
	for _, f := range c.work(site, s) {
		detach := lintkit.WithoutCancelText(c.pass, f.at.Pos(), s.Name)
		advice := fmt.Sprintf("pass %s, or %s to outlive the caller", s.Name, detach)
		switch {
		case f.env:
			advice = fmt.Sprintf("pass %s and take the identity from it", s.Name)
		case f.variant != "":
			advice = fmt.Sprintf("call %s with %s, or %s to outlive the caller", f.variant, s.Name, detach)
		case f.helper != "":
			advice = fmt.Sprintf("give %s a ctx parameter and pass %s, or %s to outlive the caller", f.helper, s.Name, detach)
		}
		msg := fmt.Sprintf("%s drops the caller's context: %s while %s is in scope; %s", boundary, f.what, s.Name, advice)
		if f.values != "" {
			msg = fmt.Sprintf("%s loses the caller's values: %s while %s is in scope, and %s; pass %s, or WithTimeout over it, to keep them",
				boundary, f.what, s.Name, f.values, detach)
		}
		opts := f.related
		if f.at.Pos() != site.Node.Pos() {
			opts = append(opts, lintkit.Related(site.Node.Pos(), site.Node.End(), "spawned here"))
		}
		opts = append(opts, c.fixes(encl, s, f)...)
		c.r.ReportAlso(f.at, site.Node.Pos(), msg, opts...) // an ignore on the spawn site covers its work
	}
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

// work returns the findings for the work of a site, in source order.
func (c *checker) work(site *spawners.Site, s ctxscope.Scope) []finding {
	var out []finding
	if site.Call != nil { // go f(args): the args are evaluated here
		callee := lintkit.CalleeName(c.pass.TypesInfo, c.pass.Pkg, site.Call)
		for _, d := range c.scope.CallDrops(site.Call) {
			if d.Helper != nil {
				continue // go helper(): the work, below
			}
			if d.Exempt == "" {
				out = append(out, c.rootFinding(site.Node, "it is started with a root context ("+d.Class.Describe()+")", d))
				continue
			}
			if !d.Fresh() || d.Reads == nil || d.Class.Recv && s.Field {
				continue
			}
			var f finding
			if d.Class.Recv {
				f = finding{at: site.Node, what: "it is started with the component's lifetime context " + d.Class.What}
			} else {
				f = c.rootFinding(site.Node, fmt.Sprintf("it is started with a fresh root context (%s, %s)", d.Class.Describe(), ctxscope.Why(d, "the caller's context")), d)
			}
			f.values = fmt.Sprintf("%s reads context values (%s)", callee, d.Reads.What())
			f.related = append(f.related, c.scope.ReaderRelated(d)...)
			out = append(out, f)
		}
	}
	if g, ok := site.Node.(*ast.GoStmt); ok { // go worker(task{ctx: context.Background()})
		encl := c.scope.Enclosing(g)
		if _, done := c.carried[encl]; !done {
			c.carried[encl] = c.scope.Carried(encl)
		}
		for _, cr := range c.carried[encl] {
			if cr.HandOff != g || c.scope.Foreign(cr.Class, s) {
				continue
			}
			d := ctxscope.Drop{Arg: cr.Value, Class: cr.Class}
			f := c.rootFinding(cr.Value, fmt.Sprintf("it is started with a root context (%s) in %s.%s", cr.Class.Describe(), cr.Type.Obj().Name(), cr.Field.Name()), d)
			out = append(out, f)
		}
	}
	switch w := site.Work.(type) {
	case *ast.FuncLit:
		enter := func(lit *ast.FuncLit) bool {
			if s := c.sp.WorkOf(lit); s != nil && !s.Carries {
				return false // nested spawned work: reported at its own site
			}
			return !c.scope.OwnsContext(lit) && !c.scope.Detached(lit) // has a context of its own: ctxdrop's
		}
		for _, d := range c.scope.Drops(w, enter) {
			if c.dirs.LineDirective(d.Call.Pos(), directives.Detach) != nil {
				continue
			}
			if g := c.sp.GoCall(d.Call); g != nil && !g.Carries {
				continue // go f(root) nested in the work: reported at its own site
			}
			if d.Helper == nil && c.scope.Foreign(d.Class, s) {
				continue
			}
			if f, ok := c.dropFinding(d, s); ok {
				out = append(out, f)
			}
		}
		out = append(out, c.envFindings(w, enter)...)
	default:
		if fn := c.funcOf(w); fn != nil {
			// A background loop (an accept loop, a reaper) started on a
			// goroutine is its component's: its roots are not the
			// starting call's (ctxdrop's rule for this package's own).
			if f, ok := c.scope.Makes(fn); ok && !f.Loop && !c.dirs.Has(fn, directives.Detach) && !c.makerHere(fn) && c.scope.Reaches(site.Call, f) {
				name := lintkit.ShortName(fn, c.pass.Pkg)
				fd := finding{at: site.Node, what: fmt.Sprintf("it runs %s, which makes its own root context (%s),", name, f.Chain(c.pass.Pkg)), helper: name,
					variant: c.variantName(fn)}
				fd.related = append(fd.related, c.scope.ChainRelated(fn)...)
				out = append(out, fd)
			}
			if r, ok := c.id.EnvRead(fn); ok {
				f := finding{
					at: site.Node,
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
	slices.SortStableFunc(out, func(a, b finding) int { return lintkit.ComparePos(c.pass.Fset, a.at.Pos(), b.at.Pos()) })
	return merged(out)
}

// merged folds an identity read into the drop of the same call: a helper
// called with a root context that then falls back to the environment has
// one root cause, the root.
func merged(fs []finding) []finding {
	var out []finding
	for _, f := range fs {
		if f.env {
			if i := slices.IndexFunc(out, func(g finding) bool { return !g.env && g.at.Pos() == f.at.Pos() }); i >= 0 {
				out[i].related = append(out[i].related, f.related...)
				continue
			}
		}
		out = append(out, f)
	}
	return out
}

// makerHere reports whether fn's root is made in this package and fn has
// no Context variant: ctxdrop reports it once, at the root.
func (c *checker) makerHere(fn *types.Func) bool {
	return len(c.scope.Makers(fn)) > 0 && c.scope.Variant(fn) == nil
}

// envFindings returns the identity reads of the process environment in the
// work lit, outside the nested literals enter excludes: the seed bug, where
// a worker without its caller's context fell back to another session's key.
// Each is reported at the read.
func (c *checker) envFindings(lit *ast.FuncLit, enter func(*ast.FuncLit) bool) []finding {
	var nested []ast.Node
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if l, ok := n.(*ast.FuncLit); ok && !enter(l) {
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
		f := finding{at: lintkit.Span(r.Pos, r.End), what: what, env: true}
		if r.Finding.IsValid() && r.Finding != r.Pos {
			f.related = append(f.related, lintkit.Related(r.Finding, r.FindingEnd, "envidentity reports this read"))
		}
		out = append(out, f)
	}
	return out
}

// funcOf returns the function or method a work expression names, or nil
// for func values that cannot be resolved (variables, fields); an
// interface method is resolved to its dynamic type's where the function
// shows it.
func (c *checker) funcOf(e ast.Expr) *types.Func {
	if fn := lintkit.FuncValue(c.pass.TypesInfo, e); fn != nil {
		return fn
	}
	return c.sp.Concrete(e)
}

// dropFinding returns the finding of a drop in spawned work, if it is one.
func (c *checker) dropFinding(d ctxscope.Drop, s ctxscope.Scope) (finding, bool) {
	callee := lintkit.CalleeName(c.pass.TypesInfo, c.pass.Pkg, d.Call)
	if d.Helper != nil {
		if d.Exempt != "" || c.dirs.Has(d.Helper, directives.Detach) || c.makerHere(d.Helper) {
			return finding{}, false
		}
		name := lintkit.ShortName(d.Helper, c.pass.Pkg)
		f := finding{at: d.Call, what: fmt.Sprintf("it calls %s, which makes its own root context (%s),", name, d.Fact.Chain(c.pass.Pkg)), helper: name,
			variant: c.variantName(d.Helper)}
		f.related = append(f.related, c.scope.ChainRelated(d.Helper)...)
		return f, true
	}
	if d.Exempt != "" {
		if !d.Fresh() || d.Reads == nil || d.Class.Recv && s.Field {
			return finding{}, false
		}
		if d.Class.Recv {
			f := finding{at: d.Call, what: fmt.Sprintf("it calls %s with the component's lifetime context %s", callee, d.Class.What),
				values: fmt.Sprintf("%s reads context values (%s)", callee, d.Reads.What()), related: c.scope.ReaderRelated(d)}
			return f, true
		}
		f := c.rootFinding(d.Call, fmt.Sprintf("it calls %s with a fresh root context (%s, %s)", callee, d.Class.Describe(), ctxscope.Why(d, "the caller's context")), d)
		f.values = fmt.Sprintf("%s reads context values (%s)", callee, d.Reads.What())
		f.related = append(f.related, c.scope.ReaderRelated(d)...)
		return f, true
	}
	if ctxscope.OwnerBounded(d, s) {
		return finding{}, false // ctxdrop's rule: the component bounds the work on purpose
	}
	return c.rootFinding(d.Call, fmt.Sprintf("it calls %s with a root context (%s)", callee, d.Class.Describe()), d), true
}

func (c *checker) rootFinding(at analysis.Range, msg string, d ctxscope.Drop) finding {
	f := finding{at: at, what: msg, drop: &d}
	if o := d.Class.Origin; o != nil && (o.Pos() < at.Pos() || o.End() > at.End()) {
		f.related = append(f.related, lintkit.Related(o.Pos(), o.End(), "root context made here"))
	}
	return f
}

// fixes suggests replacing the root of a finding, made inside the work as
// a context.Background() or context.TODO() argument, by the caller's
// context where its name is visible there, or by context.WithoutCancel of
// it. The one that cannot add a cancellation the code did not have comes
// first where the work means to outlive the caller (a deadline of its own,
// a fresh root), and always with -spawnctx.fix=detach.
func (c *checker) fixes(encl ast.Node, s ctxscope.Scope, f finding) []lintkit.Option {
	d := f.drop
	if d == nil {
		return nil
	}
	o := d.Class.Origin
	if o == nil || d.Class.Via != nil || !c.scope.Visible(s, o.Pos()) || !c.scope.Fits(s, o) {
		return nil
	}
	toCtx, toDetach, detachOK := c.scope.RootEdits(o, s.Name)
	detachOK = detachOK && c.scope.DetachFits(s, o) && lintkit.GoVersionAtLeast(c.pass, o.Pos(), "go1.21") // context.WithoutCancel
	detachFirst := c.order == "detach" || (c.order == "auto" && (d.Class.Deadline || d.Fresh()))
	pass := lintkit.Fix("Pass "+s.Name+" to the spawned work", toCtx)
	if !detachOK {
		if detachFirst {
			return nil
		}
		return []lintkit.Option{pass}
	}
	detach := lintkit.Fix("Pass "+string(toDetach.NewText)+" to outlive the caller", toDetach)
	switch {
	case f.values != "":
		return []lintkit.Option{detach} // passing ctx would bind the work to the caller's cancellation
	case detachFirst:
		return []lintkit.Option{detach, pass}
	}
	return []lintkit.Option{pass, detach}
}

// variantName names the Context variant of fn, or "".
func (c *checker) variantName(fn *types.Func) string {
	if v := c.scope.Variant(fn); v != nil {
		return lintkit.ShortName(v, c.pass.Pkg)
	}
	return ""
}
