package stopwork

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/ctxscope"
	"github.com/ctxbound/ctxbound/passes/spawners"
)

// evidence is where spawned work waits on a root context.
type evidence struct {
	at     ast.Node      // the call, or the receive, that uses the root
	what   string        // "it calls s.send with a root context (context.Background)"
	origin *ast.CallExpr // where the root was made, if in this package
}

// maxWorkDepth bounds the functions of this package that the work is
// followed through to find its root (go s.loop(), loop calling s.flush,
// flush making the root).
const maxWorkDepth = 3

// siteEvidence returns where the work of site runs on a root context and
// waits on it, or nil: the go statement's arguments, a context carried to
// it in a struct, or the work itself.
func (c *checker) siteEvidence(site *spawners.Site, encl ast.Node) *evidence {
	if site.Call != nil {
		for _, d := range c.scope.CallDrops(site.Call) {
			if d.Helper == nil && c.rootWait(d) {
				return &evidence{at: d.Arg, what: "it is started with a root context (" + d.Class.Describe() + ")", origin: d.Class.Origin}
			}
		}
	}
	if g, ok := site.Node.(*ast.GoStmt); ok {
		if _, done := c.carried[encl]; !done {
			c.carried[encl] = c.scope.Carried(encl)
		}
		for _, cr := range c.carried[encl] {
			if cr.HandOff == g && cr.Class.Kind == ctxscope.Root && !cr.Class.Deadline {
				return &evidence{at: cr.Value, what: fmt.Sprintf("it is started with a root context (%s) in %s.%s", cr.Class.Describe(), cr.Type.Obj().Name(), cr.Field.Name()), origin: cr.Class.Origin}
			}
		}
	}
	if lit, ok := site.Work.(*ast.FuncLit); ok {
		return c.evidenceIn(lit, 0)
	}
	if site.Work == nil {
		return nil
	}
	fn := lintkit.FuncValue(c.pass.TypesInfo, site.Work)
	if fn == nil {
		fn = c.sp.Concrete(site.Work)
	}
	if fn == nil {
		return nil
	}
	decl := c.scope.DeclOf(fn)
	if decl == nil || c.scope.OwnsContext(decl) {
		return nil // another package's, or it is given a context: its arguments, above
	}
	if ev := c.declEvidence(decl, 0); ev != nil {
		name := lintkit.ShortName(fn, c.pass.Pkg)
		return &evidence{at: site.Work, what: fmt.Sprintf("it runs %s, where %s", name, ev.what), origin: ev.origin}
	}
	return nil
}

// rootWait reports whether a root context that the drop d passes is one
// the work waits on: a plain root (no deadline of its own, no exemption:
// not made after a context was done, in a deferred call, ...), handed to a
// call that is no log line.
func (c *checker) rootWait(d ctxscope.Drop) bool {
	if d.Exempt != "" || d.Class.Kind != ctxscope.Root || d.Class.Deadline {
		return false
	}
	for i, a := range d.Call.Args {
		if a == d.Arg {
			return !c.scope.LogCall(d.Call, i)
		}
	}
	return true
}

// declEvidence is evidenceIn for a function of this package, memoized.
func (c *checker) declEvidence(decl *ast.FuncDecl, depth int) *evidence {
	if ev, ok := c.evidence[decl]; ok {
		return ev
	}
	if c.busy[decl] || depth > maxWorkDepth {
		return nil
	}
	c.busy[decl] = true
	ev := c.evidenceIn(decl, depth)
	delete(c.busy, decl)
	c.evidence[decl] = ev
	return ev
}

// evidenceIn returns the first place where the function or literal fn
// (and the literals it runs itself) waits on a root context: a call that
// passes one, a helper of this package that makes one and waits on it, or
// a wait on a root's Done channel.
func (c *checker) evidenceIn(fn ast.Node, depth int) *evidence {
	enter := func(lit *ast.FuncLit) bool {
		if s := c.sp.WorkOf(lit); s != nil && !s.Carries {
			return false // nested spawned work: its own site
		}
		return !c.scope.OwnsContext(lit) && !c.scope.Detached(lit)
	}
	for _, d := range c.scope.Drops(fn, enter) {
		callee := lintkit.CalleeName(c.pass.TypesInfo, c.pass.Pkg, d.Call)
		if d.Helper == nil {
			if c.rootWait(d) {
				return &evidence{at: d.Call, what: fmt.Sprintf("it calls %s with a root context (%s)", callee, d.Class.Describe()), origin: d.Class.Origin}
			}
			continue
		}
		if d.Exempt != "" || d.Fact.LogOnly {
			continue
		}
		hd := c.scope.DeclOf(d.Helper)
		if hd == nil {
			continue // another package's helper: its fact does not say whether its root has a deadline
		}
		if ev := c.declEvidence(hd, depth+1); ev != nil {
			return &evidence{at: d.Call, what: fmt.Sprintf("it calls %s, which makes its own root context (%s)", callee, d.Fact.What), origin: ev.origin}
		}
	}
	return c.doneWait(fn, enter)
}

// doneWait returns a wait on the Done channel of a root context in fn
// (<-ctx.Done(), a select case on it) or a loop on its Err, or nil: the
// work means to stop when the context does, and that context is never
// done.
func (c *checker) doneWait(fn ast.Node, enter func(*ast.FuncLit) bool) *evidence {
	body := lintkit.FuncBody(fn)
	if body == nil {
		return nil
	}
	info := c.pass.TypesInfo
	var ev *evidence
	check := func(call *ast.CallExpr, method string) {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != method || len(call.Args) != 0 || !lintkit.ImplementsContext(info.TypeOf(sel.X)) {
			return
		}
		if m, ok := info.Uses[sel.Sel].(*types.Func); !ok || m.Signature().Recv() == nil {
			return
		}
		cl := c.scope.Classify(sel.X)
		if cl.Kind != ctxscope.Root || cl.Deadline {
			return
		}
		what := "it waits on the Done channel of a root context (" + cl.Describe() + "), which is never closed"
		if method == "Err" {
			what = "it loops until a root context (" + cl.Describe() + ") has an error, which it never has"
		}
		ev = &evidence{at: call, what: what, origin: cl.Origin}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if ev != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return enter(n)
		case *ast.UnaryExpr:
			if call, ok := ast.Unparen(n.X).(*ast.CallExpr); ok && n.Op == token.ARROW {
				check(call, "Done")
			}
		case *ast.ForStmt:
			if n.Cond != nil {
				ast.Inspect(n.Cond, func(m ast.Node) bool {
					if call, ok := m.(*ast.CallExpr); ok && ev == nil {
						check(call, "Err")
					}
					return ev == nil
				})
			}
		}
		return true
	})
	return ev
}

// mentions are the fields some code uses, embedded fields on the way
// included, and the functions of this package it calls or names.
type mentions struct {
	fields map[*types.Var]bool
	funcs  []*ast.FuncDecl
}

// maxMentionFuncs bounds the functions of this package followed from one
// site's work.
const maxMentionFuncs = 64

// workMentions returns the fields the work of site uses: in the spawning
// statement (go s.loop(s.quit), s.wg.Go(...)), through the locals of the
// spawning function it captures (quit := s.quit), and in the functions of
// this package it calls, transitively.
func (c *checker) workMentions(site *spawners.Site, decl *ast.FuncDecl) *mentions {
	info := c.pass.TypesInfo
	out := c.directMentions(site.Node)
	aliases := c.localAliases(decl)
	seenLocal := map[*types.Var]bool{}
	ast.Inspect(site.Node, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok || seenLocal[v] || lintkit.Contains(site.Node, v.Pos()) {
			return true
		}
		seenLocal[v] = true
		for _, a := range aliases[v] {
			m := c.directMentions(a)
			for f := range m.fields {
				out.fields[f] = true
			}
			out.funcs = append(out.funcs, m.funcs...)
		}
		return true
	})
	seen := map[*ast.FuncDecl]bool{decl: true}
	queue := out.funcs
	for len(queue) > 0 && len(seen) < maxMentionFuncs {
		d := queue[0]
		queue = queue[1:]
		if seen[d] {
			continue
		}
		seen[d] = true
		m, ok := c.mentions[d]
		if !ok {
			m = c.directMentions(d.Body)
			c.mentions[d] = m
		}
		for f := range m.fields {
			out.fields[f] = true
		}
		queue = append(queue, m.funcs...)
	}
	return out
}

// directMentions returns the fields n uses and the functions of this
// package it names.
func (c *checker) directMentions(n ast.Node) *mentions {
	info := c.pass.TypesInfo
	m := &mentions{fields: map[*types.Var]bool{}}
	fun := func(obj types.Object) {
		if fn, ok := obj.(*types.Func); ok {
			if d := c.scope.DeclOf(fn); d != nil {
				m.funcs = append(m.funcs, d)
			}
		}
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			sel := info.Selections[n]
			if sel == nil {
				fun(info.Uses[n.Sel]) // pkg.F
				return true
			}
			index := sel.Index()
			if sel.Kind() != types.FieldVal {
				index = index[:len(index)-1]
				fun(sel.Obj())
			}
			for _, f := range pathFields(sel.Recv(), index) {
				m.fields[f] = true
			}
		case *ast.Ident:
			fun(info.Uses[n])
		}
		return true
	})
	return m
}
