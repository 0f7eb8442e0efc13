package ctxdrop

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

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
	// makers are the roots made by ctx-less functions of this package, by
	// origin, with the calls from code that has a context that reach them:
	// each is reported once, at the root; a function that reaches two
	// roots is a call of both.
	makers map[*ast.CallExpr]*maker
	// foreign are the calls, from code with a context, of each ctx-less
	// helper whose root is made in another package of the module: one
	// finding per helper in this package, at its first call.
	foreign map[*types.Func][]helperCall
	// rootStmts are the statements whose roots were reported: a root
	// made in a function and used again in the literals inside it is one
	// decision, reported once, at its first use (functions are checked in
	// source order, so the enclosing one first).
	rootStmts map[ast.Stmt]bool
}

// A helperCall is a call of a ctx-less helper whose root is made in
// another package.
type helperCall struct {
	d ctxscope.Drop
	s ctxscope.Scope
}

// A maker is a ctx-less function of this package that makes its own root
// context, and the calls that reach it from code with a context in scope.
type maker struct {
	fn     *types.Func
	origin *ast.CallExpr
	what   string
	calls  []makerCall
}

type makerCall struct {
	call   ast.Node // the call, or the spawn site that runs the helper
	caller ast.Node // the function that has the context
	helper *types.Func
	scope  ctxscope.Scope
}

func run(pass *analysis.Pass) (any, error) {
	dirs := pass.ResultOf[directives.Analyzer].(*directives.Result)
	c := &checker{
		pass:      pass,
		scope:     pass.ResultOf[ctxscope.Analyzer].(*ctxscope.Result),
		sp:        pass.ResultOf[spawners.Analyzer].(*spawners.Result),
		dirs:      dirs,
		r:         lintkit.NewReporter(pass, dirs),
		makers:    map[*ast.CallExpr]*maker{},
		foreign:   map[*types.Func][]helperCall{},
		rootStmts: map[ast.Stmt]bool{},
	}
	defer c.r.Finish()
	for _, fn := range c.scope.Funcs() {
		c.check(fn)
	}
	for _, site := range c.sp.Sites {
		c.spawnedHelper(site)
	}
	c.reportMakers()
	c.reportForeign()
	return nil, nil
}

// scopeOf returns the caller's context that binds the function or literal
// fn, and whether fn is (inside) spawned work, which spawnctx reports.
func (c *checker) scopeOf(fn ast.Node) (s ctxscope.Scope, spawned, ok bool) {
	for n := fn; n != nil; n = c.scope.Parent(n) {
		lit, isLit := n.(*ast.FuncLit)
		if !isLit || c.scope.OwnsContext(lit) {
			break
		}
		if site := c.sp.WorkOf(lit); site != nil && !site.Carries {
			encl := c.scope.Enclosing(site.Node)
			if encl == nil {
				return ctxscope.Scope{}, true, false
			}
			s, ok := c.scope.CallerScope(encl, true)
			return s, true, ok
		}
	}
	s, ok = c.scope.CallerScope(fn, false)
	return s, false, ok
}

// check reports the drops in the body of one function or literal, not
// entering nested literals (each is checked on its own).
func (c *checker) check(fn ast.Node) {
	defer lintkit.At(c.pass.Fset, fn)
	if c.scope.InTestFunc(fn) || c.detachedFunc(fn) {
		return
	}
	s, spawned, ok := c.scopeOf(fn)
	if !ok {
		c.discarded(fn)
		return
	}
	if !spawned {
		c.carried(fn, s)
	}
	var roots [][]ctxscope.Drop
	byStmt := map[ast.Stmt]int{} // the group of the roots made in each statement
	for _, d := range c.scope.Drops(fn, nil) {
		if c.dirs.LineDirective(d.Call.Pos(), directives.Detach) != nil || !s.InScope(d.Call.Pos()) {
			continue
		}
		if c.sp.GoCall(d.Call) != nil {
			continue // go f(context.Background()): spawnctx reports the goroutine
		}
		if d.Helper != nil {
			if d.Exempt != "" || c.dirs.Has(d.Helper, directives.Detach) {
				continue
			}
			if d.Fact.Loop && c.scope.OnGoroutine(fn) {
				continue // a background loop run on a goroutine of its own: its component's, not the starter's
			}
			if d.Fact.LogCalls && c.scope.Lifetime(s) {
				continue // log calls only, with only the component's lifetime in scope (ctxscope.OwnerLogged)
			}
			if c.addMakerCall(d.Helper, d.Call, fn, s) {
				continue
			}
			if !spawned {
				if c.scope.Variant(d.Helper) != nil {
					c.reportHelper(d, s) // each call is the place to fix: call the variant
				} else {
					c.foreign[d.Helper.Origin()] = append(c.foreign[d.Helper.Origin()], helperCall{d, s})
				}
			}
			continue
		}
		if spawned || c.scope.Foreign(d.Class, s) {
			continue
		}
		switch {
		case ctxscope.OwnerBounded(d, s):
			// The component bounds the work on purpose (a last flush after
			// Close cancelled the lifetime).
		case c.scope.OwnerLogged(d, s):
			// A log line with only the component's lifetime in scope: it
			// does not wait, and the lifetime has no session's values.
		case d.Exempt == "":
			// Roots made in one statement are one decision: one finding.
			st := c.scope.RootStatement(d.Class)
			if st != nil && c.rootStmts[st] {
				continue // reported in the function that encloses this literal
			}
			if i, ok := byStmt[st]; ok && st != nil {
				roots[i] = append(roots[i], d)
			} else {
				if st != nil {
					byStmt[st] = len(roots)
				}
				roots = append(roots, []ctxscope.Drop{d})
			}
		case d.Fresh() && d.Reads != nil && !s.Blank && !(d.Class.Recv && s.Field):
			c.reportValues(fn, d, s)
		}
	}
	for _, g := range roots {
		c.reportRoot(fn, g, s)
		if st := c.scope.RootStatement(g[0].Class); st != nil {
			c.rootStmts[st] = true
		}
	}
}

// carried reports a root context carried in a struct value that leaves
// for other work: a task sent on a channel or queued for a worker. The
// goroutines the function starts with one are spawnctx's.
func (c *checker) carried(fn ast.Node, s ctxscope.Scope) {
	for _, cr := range c.scope.Carried(fn) {
		if _, isGo := cr.HandOff.(*ast.GoStmt); isGo || !s.InScope(cr.HandOff.Pos()) || c.scope.Foreign(cr.Class, s) ||
			c.dirs.LineDirective(cr.HandOff.Pos(), directives.Detach) != nil {
			continue
		}
		ctxName := s.Name
		if s.Blank {
			ctxName = "ctx"
		}
		msg := fmt.Sprintf("%s %s carries a root context (%s) in field %s while %s is in scope; set it to %s, or %s to outlive the caller",
			cr.Type.Obj().Name(), cr.How, cr.Class.Describe(), cr.Field.Name(), ctxName, ctxName, lintkit.WithoutCancelText(c.pass, cr.Value.Pos(), ctxName))
		d := ctxscope.Drop{Arg: cr.Value, Class: cr.Class}
		opts := []lintkit.Option{lintkit.Related(cr.HandOff.Pos(), cr.HandOff.End(), "the value leaves here")}
		if o := cr.Class.Origin; o != nil && ast.Unparen(cr.Value) != o {
			opts = append(opts, lintkit.Related(o.Pos(), o.End(), "root context made here"))
		}
		if !s.Blank {
			opts = append(opts, c.fixes(fn, s, cr.Class.Deadline, d)...)
		}
		c.r.Report(cr.Value, msg, opts...)
	}
}

// discarded reports a context handed back with its work and thrown away
// (_, req, ok := q.Read()) in a function with no other context, when the
// work then uses a root context: report at the discard, where the fix is.
func (c *checker) discarded(fn ast.Node) {
	ds := c.scope.Discards(fn)
	if len(ds) == 0 {
		return
	}
	body := lintkit.FuncBody(fn)
	flow := lintkit.NewFlow(body)
	drops := c.scope.Drops(fn, nil)
	for _, dc := range ds {
		for _, d := range drops {
			if d.Call == dc.Call || d.Helper != nil || d.Exempt != "" || c.sp.GoCall(d.Call) != nil || !flow.Reaches(dc.At.Pos(), d.Call.Pos(), nil) {
				continue
			}
			from := lintkit.CalleeName(c.pass.TypesInfo, c.pass.Pkg, dc.Call)
			callee := lintkit.CalleeName(c.pass.TypesInfo, c.pass.Pkg, d.Call)
			msg := fmt.Sprintf("the context that %s hands back with the work is discarded, and the work then calls %s with a root context (%s); keep it and pass it",
				from, callee, d.Class.Describe())
			c.r.Report(dc.At, msg, lintkit.Related(d.Call.Pos(), d.Call.End(), "root context used here"))
			break
		}
	}
}

// spawnedHelper collects a spawn site that runs a ctx-less helper of this
// package by name (go flush(), pool.Submit(s.refresh)): the helper's root
// is reported once, at the helper.
func (c *checker) spawnedHelper(site *spawners.Site) {
	if site.Carries {
		return
	}
	fn := lintkit.FuncValue(c.pass.TypesInfo, site.Work)
	if fn == nil {
		fn = c.sp.Concrete(site.Work)
	}
	if fn == nil {
		return
	}
	if f, ok := c.scope.Makes(fn); !ok || c.dirs.Has(fn, directives.Detach) || !c.scope.Reaches(site.Call, f) {
		return
	}
	if c.scope.Worker(fn) {
		return // the component's background loop, not the spawning call's work
	}
	if call, ok := site.Node.(*ast.CallExpr); ok && site.Func != nil && c.sp.RunsOver(call, site.Func, site.Arg) {
		return // run over and over on the spawner's goroutine: a loop of its own
	}
	encl := c.scope.Enclosing(site.Node)
	if encl == nil || c.scope.InTestFunc(encl) || c.detachedFunc(encl) || c.dirs.LineDirective(site.Node.Pos(), directives.Detach) != nil {
		return
	}
	if s, ok := c.scope.CallerScope(encl, true); ok {
		c.addMakerCall(fn, site.Node, encl, s)
	}
}

// addMakerCall records a call of helper, whose root is made in this
// package, from caller; it reports false when the root is made elsewhere
// or helper has a Context variant (the call is the place to fix: call the
// variant).
func (c *checker) addMakerCall(helper *types.Func, call, caller ast.Node, s ctxscope.Scope) bool {
	if c.scope.Variant(helper) != nil {
		return false
	}
	makers := c.scope.Makers(helper)
	for _, mk := range makers {
		// Each root cause on its own: a detach on one maker leaves the
		// others reported. A root that only reaches log calls is no loss
		// where the only context is the component's lifetime
		// (ctxscope.OwnerLogged).
		if c.dirs.Has(mk.Func, directives.Detach) || mk.LogCalls && c.scope.Lifetime(s) {
			continue
		}
		m := c.makers[mk.Origin]
		if m == nil {
			m = &maker{fn: mk.Func, origin: mk.Origin, what: mk.What}
			c.makers[mk.Origin] = m
		}
		m.calls = append(m.calls, makerCall{call: call, caller: caller, helper: helper, scope: s})
	}
	return len(makers) > 0
}

// detachedFunc reports whether fn, or the declaration it is in, is marked
// //ctxbound:detach.
func (c *checker) detachedFunc(fn ast.Node) bool {
	if d, ok := fn.(*ast.FuncDecl); ok && c.dirs.FuncDirective(d, directives.Detach) != nil {
		return true
	}
	d := c.scope.Decl(fn)
	return d != nil && c.dirs.FuncDirective(d, directives.Detach) != nil
}

// reportRoot reports a call that passes a root context; the drops of
// roots made in the same statement go with the first, as related
// positions, and its fixes replace them all.
func (c *checker) reportRoot(fn ast.Node, g []ctxscope.Drop, s ctxscope.Scope) {
	d := g[0]
	callee := lintkit.CalleeName(c.pass.TypesInfo, c.pass.Pkg, d.Call)
	var msg string
	detach := func(name string) string { return lintkit.WithoutCancelText(c.pass, d.Call.Pos(), name) }
	if der := c.deriver(d); der != nil {
		// The context passed is another call's, made from the root: the
		// advice is for that call (passing ctx here would lose what it
		// adds: a trace task, a span, metadata).
		name := lintkit.CalleeName(c.pass.TypesInfo, c.pass.Pkg, der)
		if s.Blank {
			msg = fmt.Sprintf("call of %s passes a context that %s made from a root context (%s) while the caller's context is in scope as an unnamed parameter; name the parameter ctx and make it from ctx, or from %s to outlive the caller",
				callee, name, d.Class.Describe(), detach("ctx"))
		} else {
			msg = fmt.Sprintf("call of %s passes a context that %s made from a root context (%s) while %s is in scope; make it from %s, or from %s to outlive the caller",
				callee, name, d.Class.Describe(), s.Name, s.Name, detach(s.Name))
		}
	} else if s.Blank {
		msg = fmt.Sprintf("call of %s passes a root context (%s) while the caller's context is in scope as an unnamed parameter; name the parameter ctx and pass it, or %s to outlive the caller",
			callee, d.Class.Describe(), detach("ctx"))
	} else {
		msg = fmt.Sprintf("call of %s passes a root context (%s) while %s is in scope; pass %s, or %s to outlive the caller",
			callee, d.Class.Describe(), s.Name, s.Name, detach(s.Name))
	}
	opts := c.originRelated(d)
	deadline := false
	for _, o := range g {
		deadline = deadline || o.Class.Deadline
	}
	for _, o := range g[1:] {
		opts = append(opts, lintkit.Related(o.Call.Pos(), o.Call.End(), "and a root context made in the same statement passed to "+lintkit.CalleeName(c.pass.TypesInfo, c.pass.Pkg, o.Call)))
	}
	opts = append(opts, c.fixes(fn, s, deadline, g...)...)
	c.r.Report(d.Call, msg, opts...)
}

// deriver returns the call that the root of d is handed to in the
// statement that makes it, when that is not d.Call: c, cancel :=
// context.WithTimeout(context.Background(), d), or ctx, task :=
// trace.NewTask(context.Background(), "t"), then trace.Log(ctx, ...). The
// root is fixed there, not at d.Call.
func (c *checker) deriver(d ctxscope.Drop) *ast.CallExpr {
	st := c.scope.RootStatement(d.Class)
	if st == nil || d.Class.Origin == nil {
		return nil
	}
	var found *ast.CallExpr
	ast.Inspect(st, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && found == nil {
			for _, a := range call.Args {
				if ast.Unparen(a) == ast.Expr(d.Class.Origin) {
					found = call
				}
			}
		}
		return found == nil
	})
	if found == nil || found == d.Call {
		return nil
	}
	if lintkit.Callee(c.pass.TypesInfo, found) == nil {
		return nil
	}
	return found
}

// reportValues reports work on a fresh root, rightly free of the caller's
// cancellation, that reads context values: the caller's values are lost.
func (c *checker) reportValues(fn ast.Node, d ctxscope.Drop, s ctxscope.Scope) {
	callee := lintkit.CalleeName(c.pass.TypesInfo, c.pass.Pkg, d.Call)
	if d.Class.Recv && c.scope.CreatorField(d.Class.Field) {
		// The field holds the context its value was made with, not a
		// lifetime: a request-scoped store's own (ms.ctx of Manifests(ctx)).
		msg := fmt.Sprintf("call of %s uses %s, the context its receiver was made with, while %s is in scope, and %s reads context values (%s): the values of %s are lost; derive its context from %s",
			callee, d.Class.What, s.Name, callee, d.Reads.What(), s.Name, s.Name)
		c.r.Report(d.Call, msg, c.scope.ReaderRelated(d)...)
		return
	}
	if d.Class.Recv {
		msg := fmt.Sprintf("call of %s uses the component's lifetime context %s while %s is in scope, and %s reads context values (%s): the caller's values are lost; derive its context from %s, with %s to outlive the caller",
			callee, d.Class.What, s.Name, callee, d.Reads.What(), s.Name, lintkit.WithoutCancelText(c.pass, d.Call.Pos(), s.Name))
		c.r.Report(d.Call, msg, c.scope.ReaderRelated(d)...)
		return
	}
	msg := fmt.Sprintf("call of %s gets a fresh root context (%s, %s) while %s is in scope, and %s reads context values (%s): the caller's values are lost; pass %s, or WithTimeout over it, to keep them",
		callee, d.Class.Describe(), ctxscope.Why(d, s.Name), s.Name, callee, d.Reads.What(), lintkit.WithoutCancelText(c.pass, d.Call.Pos(), s.Name))
	opts := append(c.originRelated(d), c.scope.ReaderRelated(d)...)
	if f := c.fixes(fn, s, true, d); len(f) > 0 {
		opts = append(opts, f[0]) // only WithoutCancel: passing ctx would add a cancellation the work must not have
	}
	c.r.Report(d.Call, msg, opts...)
}

func (c *checker) originRelated(d ctxscope.Drop) []lintkit.Option {
	if o := d.Class.Origin; o != nil && (o.Pos() < d.Call.Pos() || o.End() > d.Call.End()) {
		return []lintkit.Option{lintkit.Related(o.Pos(), o.End(), "root context made here")}
	}
	return nil
}

// reportHelper reports, at the call, a call of a ctx-less helper whose
// root is made in another package, or that has a Context variant.
func (c *checker) reportHelper(d ctxscope.Drop, s ctxscope.Scope, others ...helperCall) {
	name := lintkit.ShortName(d.Helper, c.pass.Pkg)
	ctxName := s.Name
	if s.Blank {
		ctxName = "ctx"
	}
	advice := fmt.Sprintf("give %s a ctx parameter and pass %s, or %s to outlive the caller", name, ctxName, lintkit.WithoutCancelText(c.pass, d.Call.Pos(), ctxName))
	if v := c.scope.Variant(d.Helper); v != nil {
		advice = fmt.Sprintf("call %s with %s instead", lintkit.ShortName(v, c.pass.Pkg), ctxName)
	}
	inScope := ctxName + " is in scope"
	if s.Blank {
		inScope = "the caller's context is in scope as an unnamed parameter"
	}
	msg := fmt.Sprintf("call of %s drops the caller's context: %s makes its own root context (%s) while %s; %s",
		name, name, d.Fact.Chain(c.pass.Pkg), inScope, advice)
	opts := c.scope.ChainRelated(d.Helper)
	for _, o := range others {
		opts = append(opts, lintkit.Related(o.d.Call.Pos(), o.d.Call.End(), "also "+calledHere(o.s)))
	}
	c.r.Report(d.Call, msg, opts...)
}

// calledHere is the related message of a call made with scope s: "called
// here with ctx in scope".
func calledHere(s ctxscope.Scope) string {
	if s.Blank {
		return "called here with the caller's context in scope"
	}
	return "called here with " + s.Name + " in scope"
}

// reportForeign reports the calls of each ctx-less helper of another
// package that makes its own root context: once per helper in this
// package, at its first call, with the other calls as related positions.
// The fix belongs to the helper (a ctx parameter), not to each call.
func (c *checker) reportForeign() {
	var helpers []*types.Func
	for fn, calls := range c.foreign {
		slices.SortFunc(calls, func(a, b helperCall) int { return lintkit.ComparePos(c.pass.Fset, a.d.Call.Pos(), b.d.Call.Pos()) })
		helpers = append(helpers, fn)
	}
	slices.SortFunc(helpers, func(a, b *types.Func) int {
		return lintkit.ComparePos(c.pass.Fset, c.foreign[a][0].d.Call.Pos(), c.foreign[b][0].d.Call.Pos())
	})
	for _, fn := range helpers {
		// A call silenced by a directive is left out; the next one
		// carries the finding.
		calls := slices.DeleteFunc(c.foreign[fn], func(hc helperCall) bool { return c.r.Silenced(hc.d.Call.Pos()) })
		if len(calls) > 0 {
			c.reportHelper(calls[0].d, calls[0].s, calls[1:]...)
		}
	}
}

// reportMakers reports each ctx-less function of this package that makes
// its own root context once, at the root, with the calls from code that
// has a context as related positions.
func (c *checker) reportMakers() {
	var ms []*maker
	for _, m := range c.makers {
		ms = append(ms, m)
	}
	slices.SortFunc(ms, func(a, b *maker) int { return lintkit.ComparePos(c.pass.Fset, a.origin.Pos(), b.origin.Pos()) })
	for _, m := range ms {
		slices.SortFunc(m.calls, func(a, b makerCall) int { return lintkit.ComparePos(c.pass.Fset, a.call.Pos(), b.call.Pos()) })
		first := m.calls[0]
		ctxName := "ctx"
		for _, mc := range m.calls {
			if !mc.scope.Blank {
				ctxName = mc.scope.Name
				break
			}
		}
		name := lintkit.ShortName(m.fn, c.pass.Pkg)
		var names []string
		for _, mc := range m.calls {
			if n := c.funcName(mc.caller); !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
		callers := names[0]
		switch {
		case len(names) == 1 && first.helper.Origin() != m.fn:
			callers += " (through " + lintkit.ShortName(first.helper, c.pass.Pkg) + ")"
		case len(names) == 2:
			callers += " and " + names[1]
		case len(names) > 2:
			callers += fmt.Sprintf(", %s and %d more", names[1], len(names)-2)
		}
		fix := fmt.Sprintf("give %s a ctx parameter and pass %s", name, ctxName)
		if iface := lintkit.Implemented(c.pass.Pkg, m.fn); iface != nil {
			// A method an interface requires cannot take a parameter of
			// its own (io.Closer's Close): its callers with a context
			// need a variant that takes one.
			in := iface.Name()
			if iface.Pkg() != c.pass.Pkg {
				in = iface.Pkg().Name() + "." + in
			}
			fix = fmt.Sprintf("%s implements %s, which fixes its parameters: give it a variant that takes ctx, and call that with %s", name, in, ctxName)
		}
		msg := fmt.Sprintf("%s makes its own root context (%s) but is called with a context in scope from %s; %s, or %s to outlive the caller",
			name, m.what, callers, fix, lintkit.WithoutCancelText(c.pass, first.call.Pos(), ctxName))
		var opts []lintkit.Option
		for _, mc := range m.calls {
			opts = append(opts, lintkit.Related(mc.call.Pos(), mc.call.End(), calledHere(mc.scope)))
		}
		// The chain of each helper called, each step once.
		seen := map[token.Pos]bool{m.origin.Pos(): true}
		for _, mc := range m.calls {
			for _, st := range c.scope.MakesChain(mc.helper) {
				if seen[st.Pos] {
					continue
				}
				seen[st.Pos] = true
				if next := c.scope.MakesChain(st.Func); len(next) > 1 {
					opts = append(opts, lintkit.Related(st.Pos, st.Pos, lintkit.ShortName(st.Func, c.pass.Pkg)+" calls "+lintkit.ShortName(next[1].Func, c.pass.Pkg)+" here"))
				}
			}
		}
		c.r.Report(m.origin, msg, opts...)
	}
}

// funcName names the function or literal n for messages: "Store.Get", or
// "a func literal in Store.Get".
func (c *checker) funcName(n ast.Node) string {
	d := c.scope.Decl(n)
	if d == nil {
		return "a func literal"
	}
	obj, _ := c.pass.TypesInfo.Defs[d.Name].(*types.Func)
	name := d.Name.Name
	if obj != nil {
		name = lintkit.ShortName(obj, c.pass.Pkg)
	}
	if _, lit := n.(*ast.FuncLit); lit {
		return "a func literal in " + name
	}
	return name
}

// fixes returns the fixes of a drop whose root is a context.Background()
// or context.TODO() call (the argument, or where the variable passed was
// made) at which the caller's context is visible: pass it, or
// context.WithoutCancel of it. detachFirst puts the second
// first: where the code means the work to outlive the caller (a deadline
// of its own, a fresh root), passing ctx would add a cancellation it did
// not have. For an unnamed context parameter the first fix names it ctx.
func (c *checker) fixes(fn ast.Node, s ctxscope.Scope, detachFirst bool, ds ...ctxscope.Drop) []lintkit.Option {
	name := s.Name
	var rename []analysis.TextEdit
	var toCtx, toDetach []analysis.TextEdit
	detachOK := true
	for i, d := range ds {
		o := d.Class.Origin
		if o == nil || d.Class.Via != nil {
			return nil
		}
		if s.Blank {
			id := c.blankParam(s.Func)
			if id == nil || !c.unresolved("ctx", o.Pos()) || c.declares(s.Func, "ctx") {
				return nil
			}
			name = "ctx"
			if i == 0 {
				rename = []analysis.TextEdit{{Pos: id.Pos(), End: id.End(), NewText: []byte("ctx")}}
			}
		} else if !c.scope.Visible(s, o.Pos()) {
			return nil
		}
		if !c.scope.Fits(s, o) {
			return nil // the caller's context is of a type that does not fit there
		}
		e1, e2, ok := c.scope.RootEdits(o, name)
		toCtx, toDetach = append(toCtx, e1), append(toDetach, e2)
		detachOK = detachOK && ok && c.scope.DetachFits(s, o) && lintkit.GoVersionAtLeast(c.pass, o.Pos(), "go1.21") // context.WithoutCancel
	}
	pass := lintkit.Fix("Pass "+name, append(slices.Clone(rename), toCtx...)...)
	if s.Blank {
		pass = lintkit.Fix("Name the context parameter ctx and pass it", append(slices.Clone(rename), toCtx...)...)
	}
	if !detachOK {
		if detachFirst {
			return nil // the only safe fix is not possible here
		}
		return []lintkit.Option{pass}
	}
	detach := lintkit.Fix("Pass "+string(toDetach[0].NewText)+" to outlive the caller", append(slices.Clone(rename), toDetach...)...)
	if detachFirst {
		return []lintkit.Option{detach, pass}
	}
	return []lintkit.Option{pass, detach}
}

// blankParam returns the _ identifier of fn's unnamed context parameter,
// or nil (an unnamed parameter cannot be named alone).
// declares reports whether the function or literal fn declares name
// anywhere in it (ctx := context.Background() in its body): a parameter
// renamed to name would clash with it, or be shadowed.
func (c *checker) declares(fn ast.Node, name string) bool {
	return lintkit.Any(fn, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		return ok && id.Name == name && c.pass.TypesInfo.Defs[id] != nil
	})
}

func (c *checker) blankParam(fn ast.Node) *ast.Ident {
	var ft *ast.FuncType
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		ft = fn.Type
	case *ast.FuncLit:
		ft = fn.Type
	}
	if ft == nil {
		return nil
	}
	for _, field := range ft.Params.List {
		for _, id := range field.Names {
			if id.Name == "_" && lintkit.IsContextType(c.pass.TypesInfo.TypeOf(field.Type)) {
				return id
			}
		}
	}
	return nil
}

// unresolved reports whether name resolves to nothing at pos: a parameter
// may take it.
func (c *checker) unresolved(name string, pos token.Pos) bool {
	scope := c.pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return false
	}
	_, obj := scope.LookupParent(name, pos)
	return obj == nil
}
