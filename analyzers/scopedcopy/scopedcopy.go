package scopedcopy

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/directives"
	"github.com/ctxbound/ctxbound/passes/slots"
	"github.com/ctxbound/ctxbound/passes/spawners"
)

//go:embed doc.go
var doc string

// Analyzer reports struct copies that carry a run-scoped field to a child,
// a worker or another goroutine.
var Analyzer = &analysis.Analyzer{
	Name:     "scopedcopy",
	Doc:      lintkit.MustExtractDoc(doc, "scopedcopy"),
	URL:      "https://github.com/ctxbound/ctxbound/blob/main/docs/checks.md#scopedcopy",
	Requires: []*analysis.Analyzer{directives.Analyzer, spawners.Analyzer, slots.Analyzer},
	Run:      lintkit.Safe(run),
}

// childWords name a child or worker constructor, in any case:
// createWorker, NewChild, forkRun, spawnAgent.
var childWords = []string{"child", "worker", "fork", "spawn"}

// isChildName reports whether name names a child or worker constructor.
func isChildName(name string) bool {
	l := strings.ToLower(name)
	for _, w := range childWords {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

type checker struct {
	pass   *analysis.Pass
	r      *lintkit.Reporter
	dirs   *directives.Result
	sites  *spawners.Result
	k      *lintkit.Keyer
	facts  *slots.Result
	scoped map[types.Type][]*types.Var // cache of runscopedFields
	// binders are this package's methods that assign a self-bound field of
	// their receiver (lazy): calling one on a copy rebinds it.
	binders map[*types.Func]bool
	// listed holds the statements of the function being checked that
	// stand in a statement list: a fix may add a statement after them.
	listed map[ast.Stmt]bool
	// resetSafe caches resetOnlyChecked by field.
	resetSafe map[*types.Var]bool
}

func run(pass *analysis.Pass) (any, error) {
	c := &checker{
		pass:   pass,
		r:      lintkit.NewReporter(pass, pass.ResultOf[directives.Analyzer].(*directives.Result)),
		dirs:   pass.ResultOf[directives.Analyzer].(*directives.Result),
		sites:  pass.ResultOf[spawners.Analyzer].(*spawners.Result),
		k:      lintkit.NewKeyer(pass.TypesInfo),
		scoped: map[types.Type][]*types.Var{},
		facts:  pass.ResultOf[slots.Analyzer].(*slots.Result),
	}
	runscoped, self := c.dirs.Any(directives.RunScoped), c.facts.HasSelfBound()
	if !runscoped && !self {
		c.r.Finish()
		return nil, nil // no run-scoped field or self-bound type anywhere this package can see
	}
	for _, f := range pass.Files {
		if c.r.Generated(f.Pos()) {
			continue
		}
		// Test code runs one scenario at a time: a copy of a self-bound
		// value there calls into the original on purpose or harmlessly.
		self := self && !strings.HasSuffix(pass.Fset.File(f.FileStart).Name(), "_test.go")
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body != nil {
					if runscoped {
						c.function(n, n.Name.Name, n.Recv, n.Body)
					}
					if self {
						c.selfCopies(n, n.Body)
					}
				}
			case *ast.FuncLit:
				if runscoped {
					c.function(n, "", nil, n.Body)
				}
				if self {
					c.selfCopies(n, n.Body)
				}
			}
			return true
		})
	}
	c.r.Finish()
	return nil, nil
}

// runscoped returns the fields of struct type t (or of the struct t points
// to, when deref) marked //ctxbound:runscoped, here or in t's package.
func (c *checker) runscoped(t types.Type) []*types.Var {
	if t == nil {
		return nil
	}
	if fs, ok := c.scoped[t]; ok {
		return fs
	}
	var fs []*types.Var
	if st, ok := t.Underlying().(*types.Struct); ok {
		for f := range st.Fields() {
			if c.dirs.Has(f, directives.RunScoped) {
				fs = append(fs, f)
			}
		}
	}
	c.scoped[t] = fs
	return fs
}

// A copy is a struct value that carries run-scoped fields: a local variable
// bound to one (v != nil), or an expression that is one.
type copied struct {
	v      *types.Var
	expr   ast.Expr  // the copying expression (nil for a value receiver)
	at     token.Pos // where the copy is made; NoPos: function entry
	stmt   ast.Stmt  // the statement that binds v, if any
	typ    types.Type
	fields []*types.Var // the run-scoped fields carried over
}

// copyOf returns the copy that expression e makes, or nil: *p, a value of
// a struct type read from a package variable or a field, a call of a method of
// that type returning it by value, or a literal that sets a run-scoped
// field from another instance (T{rec: parent.rec}).
func (c *checker) copyOf(e ast.Expr) *copied {
	info := c.pass.TypesInfo
	e = ast.Unparen(e)
	t := info.TypeOf(e)
	fs := c.runscoped(t)
	if len(fs) == 0 {
		return nil
	}
	switch x := e.(type) {
	case *ast.StarExpr:
		return &copied{expr: e, typ: t, fields: fs}
	case *ast.Ident:
		// Only a package variable: a local is tracked where it is bound
		// (in the function that declares it), a parameter is the caller's
		// copy.
		v, ok := info.ObjectOf(x).(*types.Var)
		if !ok || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
			return nil
		}
		return &copied{expr: e, typ: t, fields: fs}
	case *ast.SelectorExpr:
		if s := info.Selections[x]; s != nil && s.Kind() == types.FieldVal {
			return &copied{expr: e, typ: t, fields: fs}
		}
	case *ast.CallExpr:
		fn := lintkit.Callee(info, x)
		if fn != nil && fn.Signature().Recv() != nil && types.Identical(lintkit.Deref(fn.Signature().Recv().Type()), t) {
			return &copied{expr: e, typ: t, fields: fs}
		}
	case *ast.CompositeLit:
		var carried []*types.Var
		for _, el := range x.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			id, ok := kv.Key.(*ast.Ident)
			if !ok {
				continue
			}
			f, _ := info.ObjectOf(id).(*types.Var)
			if sel, ok := ast.Unparen(kv.Value).(*ast.SelectorExpr); ok && f != nil && c.dirs.Has(f, directives.RunScoped) {
				if s := info.Selections[sel]; s != nil && s.Kind() == types.FieldVal && s.Obj() == f {
					carried = append(carried, f)
				}
			}
		}
		if len(carried) > 0 {
			return &copied{expr: e, typ: t, fields: carried}
		}
	}
	return nil
}

// A sink is where a copy leaves: the boundary, for messages, and the node.
type sink struct {
	what string
	at   ast.Node
}

// function checks one function body. name is "" for a function literal.
func (c *checker) function(fn ast.Node, name string, recv *ast.FieldList, body *ast.BlockStmt) {
	defer lintkit.At(c.pass.Fset, fn)
	info := c.pass.TypesInfo
	c.listed = map[ast.Stmt]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		var list []ast.Stmt
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BlockStmt:
			list = n.List
		case *ast.CaseClause:
			list = n.Body
		case *ast.CommClause:
			list = n.Body
		}
		for _, s := range list {
			c.listed[s] = true
		}
		return true
	})
	// The tracked copies: locals bound to a copy, and a value receiver.
	locals := map[*types.Var]bool{}
	var copies []*copied
	byVar := map[*types.Var][]*copied{}
	add := func(cp *copied) {
		copies = append(copies, cp)
		byVar[cp.v] = append(byVar[cp.v], cp)
	}
	if recv != nil && len(recv.List) == 1 && len(recv.List[0].Names) == 1 {
		if v, ok := info.Defs[recv.List[0].Names[0]].(*types.Var); ok {
			if fs := c.runscoped(v.Type()); len(fs) > 0 {
				add(&copied{v: v, at: token.NoPos, typ: v.Type(), fields: fs})
			}
		}
	}
	// The locals that can hold a struct with run-scoped fields: the ones a
	// copy can be bound to.
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Defs[id].(*types.Var); ok && len(c.runscoped(v.Type())) > 0 {
				locals[v] = true
			}
		}
		return true
	})
	var resets []write
	bind := func(lhs ast.Expr, rhs ast.Expr, stmt ast.Stmt) {
		id, ok := ast.Unparen(lhs).(*ast.Ident)
		if !ok {
			return
		}
		v, ok := info.ObjectOf(id).(*types.Var)
		if !ok || !locals[v] {
			return
		}
		if cp := c.copyOf(rhs); cp != nil {
			cp.v, cp.at, cp.stmt = v, rhs.Pos(), stmt
			add(cp)
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if k := c.k.Key(l); k != "" {
					resets = append(resets, write{k, n.Pos()})
				}
			}
			if len(n.Lhs) == len(n.Rhs) {
				for i := range n.Lhs {
					bind(n.Lhs[i], n.Rhs[i], n)
				}
			}
		case *ast.RangeStmt:
			// for _, cfg := range c.configs: each element is a copy.
			if id, ok := n.Value.(*ast.Ident); ok && n.Tok == token.DEFINE {
				if v, ok := info.Defs[id].(*types.Var); ok && locals[v] {
					if fs := c.runscoped(v.Type()); len(fs) > 0 {
						add(&copied{v: v, at: id.Pos(), typ: v.Type(), fields: fs})
					}
				}
			}
		case *ast.DeclStmt:
			if gd, ok := n.Decl.(*ast.GenDecl); ok {
				for _, sp := range gd.Specs {
					if vs, ok := sp.(*ast.ValueSpec); ok && len(vs.Names) == len(vs.Values) {
						for i := range vs.Names {
							bind(vs.Names[i], vs.Values[i], n)
						}
					}
				}
			}
		}
		return true
	})

	var fl *lintkit.Flow
	reported := map[ast.Expr]bool{} // copies reported
	sunk := map[ast.Node]bool{}     // sinks reported for a tracked copy
	// leave checks what reaches sink s through expression e.
	var leave func(e ast.Expr, s sink)
	leave = func(e ast.Expr, s sink) {
		e = ast.Unparen(e)
		switch x := e.(type) {
		case *ast.UnaryExpr:
			if x.Op == token.AND {
				leave(x.X, s)
			}
			return
		case *ast.CompositeLit:
			if cp := c.copyOf(x); cp != nil {
				if !reported[x] {
					reported[x] = true
					c.report(cp, nil, s)
				}
				return
			}
			for _, el := range x.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					el = kv.Value
				}
				leave(el, s)
			}
			return
		case *ast.CallExpr:
			if cp := c.copyOf(x); cp != nil {
				if !reported[x] {
					reported[x] = true
					c.report(cp, nil, s)
				}
				return
			}
			if tv, ok := info.Types[x.Fun]; ok && tv.IsType() {
				if len(x.Args) == 1 {
					leave(x.Args[0], s) // a conversion
				}
				return
			}
			// The copy may end up in what the call returns (NewAgent(cfg)),
			// unless that is a value that cannot hold it (a string, an
			// error, a count).
			if t := info.TypeOf(x); t != nil && canHold(t) {
				for _, a := range x.Args {
					leave(a, s)
				}
			}
			return
		case *ast.Ident:
			v, _ := info.ObjectOf(x).(*types.Var)
			if cps := byVar[v]; v != nil && len(cps) > 0 {
				if fl == nil {
					fl = lintkit.NewFlow(body)
				}
				for _, cp := range cps {
					if f := c.unreset(fl, cp, resets, s.at.Pos()); f != nil {
						if !reported[x] && !sunk[s.at] {
							reported[x], sunk[s.at] = true, true
							c.report(cp, f, s)
						}
						return
					}
				}
				return
			}
		}
		if cp := c.copyOf(e); cp != nil && !reported[e] {
			reported[e] = true
			c.report(cp, nil, s)
		}
	}
	// captured checks a function literal run on another goroutine: a
	// tracked copy it uses whole, or whose run-scoped field it reads.
	captured := func(lit *ast.FuncLit, s sink) {
		ast.Inspect(lit.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
					if sel := info.Selections[n]; sel != nil && sel.Kind() == types.FieldVal {
						if v, _ := info.ObjectOf(id).(*types.Var); byVar[v] != nil {
							if f, _ := sel.Obj().(*types.Var); f != nil && !c.dirs.Has(f, directives.RunScoped) {
								return false // another field of the copy
							}
						}
					}
				}
			case *ast.Ident:
				if v, _ := info.ObjectOf(n).(*types.Var); byVar[v] != nil {
					leave(n, s)
				}
			}
			return true
		})
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.GoStmt, *ast.CallExpr:
			for _, site := range c.sites.SitesOf(n) {
				s := sink{what: site.Boundary, at: n}
				if site.Call != nil {
					for _, a := range site.Call.Args {
						leave(a, s)
					}
					if sel, ok := ast.Unparen(site.Call.Fun).(*ast.SelectorExpr); ok {
						if m := info.Selections[sel]; m != nil && m.Kind() == types.MethodVal {
							leave(sel.X, s) // go cfg.run()
						}
					}
				} else if call, ok := n.(*ast.CallExpr); ok {
					for _, a := range call.Args {
						if a != site.Work {
							leave(a, s)
						}
					}
				}
				switch w := site.Work.(type) {
				case *ast.FuncLit:
					captured(w, s)
				case *ast.SelectorExpr:
					if m := info.Selections[w]; m != nil && m.Kind() == types.MethodVal {
						leave(w.X, s)
					}
				}
			}
			if call, ok := n.(*ast.CallExpr); ok && c.sites.SiteOf(n) == nil {
				if callee, short := c.calleeName(call); isChildName(callee) {
					for _, a := range call.Args {
						leave(a, sink{what: "worker constructor " + short, at: call})
					}
				}
			}
		case *ast.CompositeLit:
			if t := lintkit.NamedOf(info.TypeOf(n)); t != nil && isChildName(t.Obj().Name()) && len(c.runscoped(info.TypeOf(n))) == 0 {
				for _, el := range n.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						el = kv.Value
					}
					leave(el, sink{what: "a " + t.Obj().Name() + " value", at: el})
				}
			}
		case *ast.ReturnStmt:
			if name != "" && isChildName(name) {
				for _, r := range n.Results {
					leave(r, sink{what: "the result of " + name, at: r})
				}
			}
		}
		return true
	})
}

// canHold reports whether a value of type t can hold a struct copy: not a
// basic type (string, bool, numbers), not error.
func canHold(t types.Type) bool {
	if types.Identical(t, types.Universe.Lookup("error").Type()) {
		return false
	}
	if tu, ok := t.(*types.Tuple); ok {
		for v := range tu.Variables() {
			if canHold(v.Type()) {
				return true
			}
		}
		return false
	}
	_, basic := t.Underlying().(*types.Basic)
	return !basic
}

// calleeName is the name of the function or method call calls, and the
// name to show in messages ("newWorker", "pool.NewWorker"), or "".
func (c *checker) calleeName(call *ast.CallExpr) (name, short string) {
	if fn := lintkit.Callee(c.pass.TypesInfo, call); fn != nil {
		return fn.Name(), lintkit.ShortName(fn, c.pass.Pkg)
	}
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return f.Name, f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name, types.ExprString(f)
	}
	return "", ""
}

// A write is an assignment to a location.
type write struct {
	key string
	pos token.Pos
}

// unreset returns a run-scoped field of cp that is not reset on some path
// from the copy to pos, or nil. A reset is an assignment to the field, or
// to the whole variable.
func (c *checker) unreset(fl *lintkit.Flow, cp *copied, resets []write, pos token.Pos) *types.Var {
	vkey := c.k.VarKey(cp.v)
	for _, f := range cp.fields {
		fkey := vkey + "." + f.Name()
		cut := func(n ast.Node) bool {
			for _, w := range resets {
				if (w.key == fkey || w.key == vkey) && lintkit.Contains(n, w.pos) {
					return true
				}
			}
			return false
		}
		if fl.Reaches(cp.at, pos, cut) {
			return f
		}
	}
	return nil
}

func (c *checker) report(cp *copied, f *types.Var, s sink) {
	if f == nil {
		f = cp.fields[0]
	}
	tname := "a struct"
	if n := lintkit.NamedOf(cp.typ); n != nil {
		tname = n.Obj().Name()
	}
	var opts []lintkit.Option
	subject, reset := "a copy of "+tname, "reset the field"
	if cp.v != nil {
		subject = cp.v.Name() + ", a copy of " + tname + ","
		reset = "reset " + cp.v.Name() + "." + f.Name()
		if cp.at.IsValid() {
			opts = append(opts, lintkit.Related(cp.at, cp.at, "copied here"))
		}
		if edit := c.resetFix(cp, f); edit != nil {
			opts = append(opts, lintkit.Fix("Reset "+cp.v.Name()+"."+f.Name()+" after the copy", *edit))
		}
	}
	c.r.Report(s.at, fmt.Sprintf("%s carries run-scoped field %s into %s: the child would use the parent's %s; %s (or give the child its own) on every path before the copy leaves",
		subject, f.Name(), s.what, f.Name(), reset), opts...)
}
