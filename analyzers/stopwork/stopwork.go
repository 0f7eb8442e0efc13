package stopwork

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/ctxscope"
	"github.com/ctxbound/ctxbound/passes/directives"
	"github.com/ctxbound/ctxbound/passes/spawners"
)

//go:embed doc.go
var doc string

// Analyzer reports work that a component starts on a root context while
// its stop method has no way to end it.
var Analyzer = &analysis.Analyzer{
	Name:     "stopwork",
	Doc:      lintkit.MustExtractDoc(doc, "stopwork"),
	URL:      "https://github.com/ctxbound/ctxbound/blob/main/docs/checks.md#stopwork",
	Requires: []*analysis.Analyzer{directives.Analyzer, ctxscope.Analyzer, spawners.Analyzer},
	Run:      lintkit.Safe(run),
}

type checker struct {
	pass  *analysis.Pass
	scope *ctxscope.Result
	sp    *spawners.Result
	r     *lintkit.Reporter

	comps    map[*types.Named]*component // by the receiver's named type (origin)
	evidence map[*ast.FuncDecl]*evidence // the root work of each function followed, nil when none
	busy     map[*ast.FuncDecl]bool      // being followed: recursion
	mentions map[*ast.FuncDecl]*mentions // the fields each function uses
	locals   map[*ast.FuncDecl]map[*types.Var][]ast.Expr
	cancels  map[*types.Var]bool // func fields that the package assigns a cancel func
	carried  map[ast.Node][]ctxscope.Carry
}

func run(pass *analysis.Pass) (any, error) {
	// Work on a root context needs package context (a root of another
	// package's helper is used through a context parameter, which this
	// package can only name through it too), and a goroutine.
	if pass.Pkg.Path() != "context" && !lintkit.ImportsAny(pass.Pkg, "context", "golang.org/x/net/context") {
		return nil, nil
	}
	sp := pass.ResultOf[spawners.Analyzer].(*spawners.Result)
	if len(sp.Sites) == 0 {
		return nil, nil
	}
	dirs := pass.ResultOf[directives.Analyzer].(*directives.Result)
	c := &checker{
		pass:     pass,
		scope:    pass.ResultOf[ctxscope.Analyzer].(*ctxscope.Result),
		sp:       sp,
		r:        lintkit.NewReporter(pass, dirs),
		comps:    map[*types.Named]*component{},
		evidence: map[*ast.FuncDecl]*evidence{},
		busy:     map[*ast.FuncDecl]bool{},
		mentions: map[*ast.FuncDecl]*mentions{},
		locals:   map[*ast.FuncDecl]map[*types.Var][]ast.Expr{},
		carried:  map[ast.Node][]ctxscope.Carry{},
	}
	defer c.r.Finish()
	for _, site := range sp.Sites {
		c.check(site)
	}
	return nil, nil
}

// check reports the site if it is work a component starts on a root
// context and its stop method cannot end.
func (c *checker) check(site *spawners.Site) {
	defer lintkit.At(c.pass.Fset, site.Node)
	if site.Carries || strings.HasSuffix(c.pass.Fset.File(site.Node.Pos()).Name(), "_test.go") {
		return // runctx hands the work a caller's context; tests make their own roots
	}
	encl := c.scope.Enclosing(site.Node)
	if encl == nil {
		return
	}
	decl := c.scope.Decl(encl)
	if decl == nil || decl.Recv == nil {
		return
	}
	named := recvNamed(c.pass.TypesInfo, decl)
	if named == nil {
		return
	}
	comp := c.component(named)
	if comp == nil || comp.lifetime {
		return // no stop method, or a lifetime context to run the work on
	}
	if m, _ := c.pass.TypesInfo.Defs[decl.Name].(*types.Func); m != nil && comp.isStop(m) {
		return // work the stop itself starts
	}
	if s, ok := c.scope.CallerScope(encl, true); ok && s.InScope(site.Node.Pos()) {
		return // the caller's context is in scope: spawnctx's
	}
	ev := c.siteEvidence(site, encl)
	if ev == nil {
		return
	}
	if f := comp.reached(c.workMentions(site, decl)); f != nil {
		return // the stop closes, signals, releases or waits for something the work uses
	}
	c.report(site, comp, ev)
}

func (c *checker) report(site *spawners.Site, comp *component, ev *evidence) {
	boundary, work := "goroutine", "goroutine"
	if site.Kind != spawners.GoStmt {
		boundary, work = "func run by "+site.Boundary, "work"
	}
	typ := comp.named.Obj().Name()
	stop := comp.stops[0]
	msg := fmt.Sprintf("%s runs on a root context that %s.%s cannot cancel: %s, and runs on after the stop; give %s a lifetime context (a ctx and cancel kept in it, cancelled by %s) and run the %s on it",
		boundary, typ, stop.fn.Name(), ev.what, typ, stop.fn.Name(), work)
	at := analysis.Range(site.Node)
	if lintkit.Contains(site.Node, ev.at.Pos()) {
		at = ev.at
	}
	var opts []lintkit.Option
	if at != analysis.Range(site.Node) {
		opts = append(opts, lintkit.Related(site.Node.Pos(), site.Node.End(), "started here"))
	} else if ev.at.Pos() != site.Node.Pos() {
		opts = append(opts, lintkit.Related(ev.at.Pos(), ev.at.End(), "the root context is used here"))
	}
	if o := ev.origin; o != nil && !lintkit.Contains(at, o.Pos()) {
		opts = append(opts, lintkit.Related(o.Pos(), o.End(), "root context made here"))
	}
	if d := c.scope.DeclOf(stop.fn); d != nil {
		opts = append(opts, lintkit.Related(d.Name.Pos(), d.Name.End(), fmt.Sprintf("%s.%s stops nothing the %s uses", typ, stop.fn.Name(), work)))
	}
	c.r.ReportAlso(at, site.Node.Pos(), msg, opts...)
}

// recvNamed returns the named type (its origin) of a method declaration's
// receiver, declared in this package.
func recvNamed(info *types.Info, decl *ast.FuncDecl) *types.Named {
	fn, _ := info.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return nil
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return nil
	}
	n := lintkit.NamedOf(recv.Type())
	if n == nil {
		return nil
	}
	return n.Origin()
}
