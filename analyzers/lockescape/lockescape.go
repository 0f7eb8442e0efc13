package lockescape

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/directives"
	"github.com/ctxbound/ctxbound/passes/slots"
)

//go:embed doc.go
var doc string

// Analyzer reports maps, slices and pointers read from a field under its
// mutex and used after the unlock while the package changes them in place.
var Analyzer = &analysis.Analyzer{
	Name:     "lockescape",
	Doc:      lintkit.MustExtractDoc(doc, "lockescape"),
	URL:      "https://github.com/ctxbound/ctxbound/blob/main/docs/checks.md#lockescape",
	Requires: []*analysis.Analyzer{directives.Analyzer, slots.Analyzer},
	Run:      lintkit.Safe(run),
}

type checker struct {
	pass  *analysis.Pass
	r     *lintkit.Reporter
	facts *slots.Result
	k     *lintkit.Keyer
	decls map[*types.Func]*ast.FuncDecl // this package's methods (lazy)
	found []finding                     // reported by flush
}

func run(pass *analysis.Pass) (any, error) {
	c := &checker{
		pass:  pass,
		r:     lintkit.NewReporter(pass, pass.ResultOf[directives.Analyzer].(*directives.Result)),
		facts: pass.ResultOf[slots.Analyzer].(*slots.Result),
		k:     lintkit.NewKeyer(pass.TypesInfo),
	}
	if !importsSync(pass.Pkg) {
		c.r.Finish()
		return nil, nil // no mutex to lock
	}
	for _, f := range pass.Files {
		if c.r.Generated(f.Pos()) || strings.HasSuffix(pass.Fset.File(f.FileStart).Name(), "_test.go") {
			continue // test code runs one scenario at a time: the race detector checks it
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body != nil {
					c.function(f, n, n.Body)
				}
			case *ast.FuncLit:
				c.function(f, n, n.Body)
			}
			return true
		})
	}
	c.flush()
	c.r.Finish()
	return nil, nil
}

// importsSync reports whether pkg, or a package it imports, imports sync:
// the mutexes it can lock are its own or fields of its imports' types.
func importsSync(pkg *types.Package) bool {
	if lintkit.ImportsAny(pkg, "sync", "internal/sync") {
		return true
	}
	for _, p := range pkg.Imports() {
		if lintkit.ImportsAny(p, "sync", "internal/sync") {
			return true
		}
	}
	return false
}

// A read is a reference field read inside a critical section.
type read struct {
	sel   *ast.SelectorExpr // o.f
	field *types.Var
	sec   *slots.Section
	bound *types.Var // v in v := o.f, or nil
	// escape, for a read that leaves the section at once: "returned",
	// "handed to a goroutine"; "" for a bound read.
	escape string
	at     ast.Node // where it escapes
	// written are, for a pointer, the target's fields changed in place:
	// only a read of one of them after the unlock races.
	written []string
	body    *ast.BlockStmt // the function's
}

// A use is where a reference bound under the lock is used after it.
type use struct {
	node ast.Node
	verb string // "ranged over", "indexed", "changed", "read through", "handed to a goroutine", "returned"
}

// function checks one function body; function literals are checked on
// their own (a go statement's literal is where a reference escapes to).
func (c *checker) function(file *ast.File, fn ast.Node, body *ast.BlockStmt) {
	defer lintkit.At(c.pass.Fset, fn)
	info := c.pass.TypesInfo
	sections := slots.Sections(info, c.k, body)
	if len(sections) == 0 {
		return
	}
	var reads []*read
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if rd := c.readAt(sel, stack, sections); rd != nil {
				rd.body = body
				reads = append(reads, rd)
			}
		}
		stack = append(stack, n)
		return true
	})
	var fl *lintkit.Flow
	for _, rd := range reads {
		if c.detached(body, rd) {
			continue
		}
		if rd.escape != "" {
			c.record(file, rd, use{node: rd.at, verb: rd.escape})
			continue
		}
		if fl == nil {
			fl = lintkit.NewFlow(body)
		}
		if u, ok := c.useAfter(fl, body, rd, sections); ok {
			c.record(file, rd, u)
		}
	}
}

// readAt returns the read that sel makes, or nil: a field of the value
// whose mutex a section holds, of a reference type the package (or, by a
// fact, the field's own package) changes in place, read inside that
// section and bound to a local, returned with the unlock deferred, or
// handed to a goroutine.
func (c *checker) readAt(sel *ast.SelectorExpr, stack []ast.Node, sections []slots.Section) *read {
	info := c.pass.TypesInfo
	s := info.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal {
		return nil
	}
	f, _ := s.Obj().(*types.Var)
	if f == nil || !slots.IsReference(f.Type()) {
		return nil
	}
	_, fields, ok := c.facts.InPlace(f)
	if !ok || !c.facts.InPlaceLocked(f) {
		return nil // never changed in place, or only by writers that take no lock: not the mutex's to guard
	}
	owner := c.k.Key(sel.X)
	if owner == "" {
		return nil
	}
	var sec *slots.Section
	for i := range sections {
		if sections[i].Owner == owner && sections[i].Contains(sel.Pos()) {
			sec = &sections[i]
		}
	}
	if sec == nil || len(stack) == 0 {
		return nil
	}
	rd := &read{sel: sel, field: f, sec: sec, written: fields}
	switch p := stack[len(stack)-1].(type) {
	case *ast.AssignStmt:
		if len(p.Lhs) != len(p.Rhs) || (p.Tok != token.DEFINE && p.Tok != token.ASSIGN) {
			return nil
		}
		for i, r := range p.Rhs {
			if r != ast.Expr(sel) {
				continue
			}
			if id, ok := p.Lhs[i].(*ast.Ident); ok {
				if v, ok := info.ObjectOf(id).(*types.Var); ok && v.Parent() != c.pass.Pkg.Scope() {
					rd.bound = v
					return rd
				}
			}
		}
	case *ast.ValueSpec:
		for i, v := range p.Values {
			if v == ast.Expr(sel) && i < len(p.Names) {
				if obj, ok := info.Defs[p.Names[i]].(*types.Var); ok {
					rd.bound = obj
					return rd
				}
			}
		}
	case *ast.ReturnStmt:
		if sec.Deferred {
			rd.escape, rd.at = "returned", p
			return rd
		}
	case *ast.CallExpr:
		if len(stack) >= 2 {
			if g, ok := stack[len(stack)-2].(*ast.GoStmt); ok && g.Call == p && p.Fun != ast.Expr(sel) {
				rd.escape, rd.at = "handed to a goroutine", g
				return rd
			}
		}
	}
	return nil
}

// detached reports whether the section, after the read, assigns the field
// itself, directly or by calling a method of this package on the owner that
// does: the old value is then the function's alone (swap it out, then
// range over it).
func (c *checker) detached(body *ast.BlockStmt, rd *read) bool {
	key, owner := c.k.Key(rd.sel), c.k.Key(rd.sel.X)
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == nil {
			return false
		}
		if n.End() <= rd.sel.End() || n.Pos() >= rd.sec.End {
			return n.Pos() < rd.sel.End() && n.End() > rd.sel.End() // only what encloses the read, or follows it in the section
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Pos() > rd.sel.End() {
				for _, l := range n.Lhs {
					if c.k.Key(l) == key {
						found = true
					}
				}
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && n.Pos() > rd.sel.End() && c.k.Key(sel.X) == owner {
				if fn, ok := c.pass.TypesInfo.Uses[sel.Sel].(*types.Func); ok && c.assigns(fn, rd.field) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// assigns reports whether method fn, declared in this package, assigns
// field f of its receiver (cc.initIdleStateLocked, which sets cc.conns to a
// new map).
func (c *checker) assigns(fn *types.Func, f *types.Var) bool {
	if c.decls == nil {
		c.decls = map[*types.Func]*ast.FuncDecl{}
		for _, file := range c.pass.Files {
			for _, d := range file.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && fd.Recv != nil {
					if m, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
						c.decls[m] = fd
					}
				}
			}
		}
	}
	fd := c.decls[fn.Origin()]
	if fd == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 {
		return false
	}
	recv := c.pass.TypesInfo.Defs[fd.Recv.List[0].Names[0]]
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok {
					if s := c.pass.TypesInfo.Selections[sel]; s != nil && s.Obj() == f {
						if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == recv {
							found = true
						}
					}
				}
			}
		}
		return !found
	})
	return found
}

// useAfter returns the first use of the bound variable after the section
// ends, on a path from the read through the Unlock with no assignment of
// the variable between (a copy made under the lock, v = append([]T{},
// v...), binds the variable to a value of its own), and not inside
// another critical section of the same mutex. An assignment that keeps
// the alias (v = v[i:j], v = append(v, x)) is no new binding.
func (c *checker) useAfter(fl *lintkit.Flow, body *ast.BlockStmt, rd *read, sections []slots.Section) (use, bool) {
	info := c.pass.TypesInfo
	v := rd.bound
	var assigns []token.Pos
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok && info.ObjectOf(id) == v && n.Pos() > rd.sel.Pos() {
					if len(n.Rhs) == len(n.Lhs) && keepsAlias(info, n.Rhs[i], v) {
						continue
					}
					assigns = append(assigns, n.Pos())
				}
			}
		case *ast.UnaryExpr:
			if id, ok := n.X.(*ast.Ident); ok && n.Op == token.AND && info.Uses[id] == v {
				assigns = append(assigns, n.Pos()) // its address taken: give up on it
			}
		}
		return true
	})
	cut := func(n ast.Node) bool {
		for _, p := range assigns {
			if lintkit.Contains(n, p) {
				return true
			}
		}
		return false
	}
	locked := func(pos token.Pos) bool {
		for _, s := range sections {
			if s.Mutex == rd.sec.Mutex && s.Contains(pos) {
				return true
			}
		}
		return false
	}
	after := func(pos token.Pos) bool {
		if rd.sec.Unlock == nil || pos < rd.sec.Unlock.End() || locked(pos) {
			return false
		}
		return fl.Reaches(rd.sel.Pos(), rd.sec.Unlock.Pos(), cut) && fl.Reaches(rd.sec.Unlock.Pos(), pos, cut)
	}
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[id] == v
	}
	var found use
	ok := false
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if ok {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		u := use{node: n}
		at := n.Pos()
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.RangeStmt:
			if is(n.X) {
				u.verb, u.node, at = "ranged over", n.X, n.X.Pos() // the CFG holds the operand, not the statement
			}
		case *ast.IndexExpr:
			if is(n.X) {
				u.verb = "indexed"
				if len(stack) > 0 {
					switch p := stack[len(stack)-1].(type) {
					case *ast.AssignStmt:
						if containsExpr(p.Lhs, n) {
							u.verb = "changed"
						}
					case *ast.IncDecStmt:
						u.verb = "changed" // m[k]++
					}
				}
			}
		case *ast.SelectorExpr:
			if is(n.X) && lintkit.IsPointer(info.TypeOf(n.X)) {
				if s := info.Selections[n]; s != nil && s.Kind() == types.FieldVal &&
					(slices.Contains(rd.written, n.Sel.Name) || slices.Contains(rd.written, "*") || slices.Contains(rd.written, "...")) {
					u.verb = "read through"
				}
			}
		case *ast.CallExpr:
			for _, a := range n.Args {
				if is(a) && (lintkit.IsBuiltin(info, n, "delete") || lintkit.IsBuiltin(info, n, "clear")) {
					u.verb = "changed"
				}
			}
		case *ast.GoStmt:
			if lintkit.Mentions(info, n, v) {
				u.verb = "handed to a goroutine"
			}
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				if is(r) {
					u.verb = "returned"
				}
			}
		}
		if u.verb != "" && after(at) {
			found, ok = u, true
			return false
		}
		stack = append(stack, n)
		return true
	})
	return found, ok
}

// keepsAlias reports whether e, assigned to v, still shares v's backing
// store: v itself, a slice of it (v[i:j]), or append(v, ...), which
// writes into it while its capacity lasts.
func keepsAlias(info *types.Info, e ast.Expr, v types.Object) bool {
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[id] == v
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.SliceExpr:
		return is(e.X)
	case *ast.CallExpr:
		return lintkit.IsBuiltin(info, e, "append") && len(e.Args) > 0 && is(e.Args[0])
	}
	return is(e)
}

func containsExpr(list []ast.Expr, e ast.Expr) bool {
	for _, x := range list {
		if x == e {
			return true
		}
	}
	return false
}

// kind names the field's kind for messages and the clone that fixes it.
func kind(t types.Type) (what, clone string) {
	switch types.Unalias(t).Underlying().(type) {
	case *types.Map:
		return "map", "maps"
	case *types.Slice:
		return "slice", "slices"
	}
	return "pointer", ""
}

// A finding is one reference used after the unlock, before grouping.
type finding struct {
	rd    *read
	how   string // "ranged over after the unlock", "returned, so ..."
	msg   string
	opts  []lintkit.Option // related positions
	write token.Pos        // the in-place write it races with
	fix   string           // the fix's message, "" for none
	edits []analysis.TextEdit
}

// record records the finding of rd, used at u; flush reports it.
func (c *checker) record(file *ast.File, rd *read, u use) {
	what, pkg := kind(rd.field.Type())
	name := types.ExprString(rd.sel)
	var how string
	switch u.verb {
	case "returned":
		how = "returned, so its callers use it after the unlock"
	case "handed to a goroutine":
		how = "handed to a goroutine that runs after the unlock"
	default:
		how = u.verb + " after the unlock"
	}
	var advice string
	through := c.writesThrough(rd)
	switch {
	case u.verb == "changed" || through == writes:
		advice = "change it under the lock"
		pkg = ""
	case pkg != "":
		advice = fmt.Sprintf("copy it under the lock with %s.Clone(%s)", pkg, name)
	default:
		advice = "copy what is needed under the lock"
	}
	f := finding{
		rd:  rd,
		how: how,
		msg: fmt.Sprintf("%s %s is read under %s and %s, while other code changes it in place: that races with those writes; %s",
			what, name, rd.sec.Text, how, advice),
	}
	if u.node != nil && u.verb != "returned" && u.verb != "handed to a goroutine" {
		f.opts = append(f.opts, lintkit.Related(u.node.Pos(), u.node.End(), "used here after the unlock"))
	}
	f.write, _, _ = c.facts.InPlace(rd.field)
	if sel, ok := u.node.(*ast.SelectorExpr); ok && u.verb == "read through" {
		// The write of the field read through, not of another one.
		if at := c.facts.InPlaceAt(rd.field, sel.Sel.Name); at.IsValid() {
			f.write = at
		}
	}
	if pkg != "" && through == reads {
		if f.edits = c.cloneFix(file, rd.sel, pkg); f.edits != nil {
			f.fix = fmt.Sprintf("Copy %s under the lock with %s.Clone", name, pkg)
		}
	}
	c.found = append(c.found, f)
}

// flush reports the findings, one per field and the write they race with:
// the reads of one field that race with one in-place write have one cause,
// and one fix at the writer (replace the field instead of changing it in
// place) mends them all. The first read, in source order, carries the
// finding; the others are related positions, and the fix offered copies
// under the lock at every one of them (none when one of them cannot be
// copied). A read silenced by a directive is left out of its group.
func (c *checker) flush() {
	type key struct {
		field *types.Var
		write token.Pos
	}
	groups := map[key][]finding{}
	var order []key
	for _, f := range c.found {
		if c.r.Silenced(f.rd.sel.Pos()) {
			continue
		}
		k := key{f.rd.field.Origin(), f.write} // one field of a generic type, whatever its instance
		if groups[k] == nil {
			order = append(order, k)
		}
		groups[k] = append(groups[k], f)
	}
	for _, k := range order {
		fs := groups[k]
		slices.SortFunc(fs, func(a, b finding) int { return lintkit.ComparePos(c.pass.Fset, a.rd.sel.Pos(), b.rd.sel.Pos()) })
	}
	slices.SortFunc(order, func(a, b key) int {
		return lintkit.ComparePos(c.pass.Fset, groups[a][0].rd.sel.Pos(), groups[b][0].rd.sel.Pos())
	})
	for _, k := range order {
		fs := groups[k]
		first := fs[0]
		opts := slices.Clone(first.opts)
		for _, o := range fs[1:] {
			opts = append(opts, lintkit.Related(o.rd.sel.Pos(), o.rd.sel.End(), "also read under the lock here and "+o.how))
		}
		if k.write.IsValid() {
			opts = append(opts, lintkit.Related(k.write, k.write, "changed in place here"))
		}
		if edits := groupEdits(fs); edits != nil {
			msg := first.fix
			if len(fs) > 1 {
				msg = fmt.Sprintf("%s at its %d reads", msg, len(fs))
			}
			opts = append(opts, lintkit.Fix(msg, edits...))
		}
		c.r.Report(first.rd.sel, first.msg, opts...)
	}
}

// groupEdits returns the edits of every finding's fix, an edit that two
// of them share (the import they both add) once; nil when one of them has
// no fix.
func groupEdits(fs []finding) []analysis.TextEdit {
	var edits []analysis.TextEdit
	for _, f := range fs {
		if f.edits == nil {
			return nil
		}
		for _, e := range f.edits {
			if !slices.ContainsFunc(edits, func(x analysis.TextEdit) bool {
				return x.Pos == e.Pos && x.End == e.End && string(x.NewText) == string(e.NewText)
			}) {
				edits = append(edits, e)
			}
		}
	}
	return edits
}
