package sharedconfig

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
)

//go:embed doc.go
var doc string

// Analyzer reports writes, from per-operation code, through a pointer to a
// struct that a long-lived owner shares with concurrent work.
var Analyzer = &analysis.Analyzer{
	Name:     "sharedconfig",
	Doc:      lintkit.MustExtractDoc(doc, "sharedconfig"),
	URL:      "https://github.com/ctxbound/ctxbound/blob/main/docs/checks.md#sharedconfig",
	Requires: []*analysis.Analyzer{directives.Analyzer, slots.Analyzer},
	Run:      lintkit.Safe(run),
}

type checker struct {
	pass  *analysis.Pass
	r     *lintkit.Reporter
	k     *lintkit.Keyer
	facts *slots.Result
	// borrowed are the fields that the package assigns (or fills the
	// elements of) with a value another owner holds too (lazy).
	borrowed map[*types.Var]bool
	// held are the functions every caller of which holds a mutex
	// (slots.LockedByCallers; lazy).
	held map[*types.Func]bool
}

func run(pass *analysis.Pass) (any, error) {
	c := &checker{
		pass:  pass,
		r:     lintkit.NewReporter(pass, pass.ResultOf[directives.Analyzer].(*directives.Result)),
		k:     lintkit.NewKeyer(pass.TypesInfo),
		facts: pass.ResultOf[slots.Analyzer].(*slots.Result),
	}
	for _, f := range pass.Files {
		if c.r.Generated(f.Pos()) || strings.HasSuffix(pass.Fset.File(f.FileStart).Name(), "_test.go") {
			continue // a test runs one scenario at a time: the race detector checks it
		}
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body != nil && c.perOperation(n.Type, n.Recv) && !c.constructs(n) {
					c.function(n, n.Recv, n.Body, nil)
				}
			case *ast.FuncLit:
				// A literal run by a go statement is spawned work; one that
				// takes a context is an operation of its own.
				spawned := len(stack) >= 2 && isGo(stack[len(stack)-2], stack[len(stack)-1], n)
				if spawned || c.perOperation(n.Type, nil) {
					var sp *spawn
					if spawned {
						sp = &spawn{g: stack[len(stack)-2].(*ast.GoStmt), lit: n, body: enclosingBody(stack)}
					}
					c.function(n, enclosingRecv(stack), n.Body, sp)
				}
			}
			stack = append(stack, n)
			return true
		})
	}
	c.r.Finish()
	return nil, nil
}

// isGo reports whether lit is the function of a go statement's call:
// go func() { ... }().
func isGo(gp, p ast.Node, lit *ast.FuncLit) bool {
	g, ok := gp.(*ast.GoStmt)
	call, ok2 := p.(*ast.CallExpr)
	return ok && ok2 && g.Call == call && ast.Unparen(call.Fun) == lit
}

// enclosingBody returns the body of the function, declared or literal,
// that holds the node whose enclosing nodes are stack, or nil.
func enclosingBody(stack []ast.Node) *ast.BlockStmt {
	for i := len(stack) - 1; i >= 0; i-- {
		switch f := stack[i].(type) {
		case *ast.FuncDecl:
			return f.Body
		case *ast.FuncLit:
			return f.Body
		}
	}
	return nil
}

// A spawn is a function literal that a go statement runs, in the body of
// the function that holds the statement.
type spawn struct {
	g    *ast.GoStmt
	lit  *ast.FuncLit
	body *ast.BlockStmt
	fl   *lintkit.Flow // of body (lazy)
	// waited: the spawner waits for the literal (lazy: known once set).
	waited, known bool
}

// flow returns the control-flow graph of the spawner's body.
func (sp *spawn) flow() *lintkit.Flow {
	if sp.fl == nil {
		sp.fl = lintkit.NewFlow(sp.body)
	}
	return sp.fl
}

// builds reports whether the spawned literal's write through ptr fills a
// value its spawner is building: on every path to the go statement, the
// spawner gave ptr a value it allocates (state = &State{}, p.buf =
// new(T)), and it waits for the literal after starting it (waitsFor).
// Workers that fill the fields of a value under construction, as a
// constructor would, share it with no operation yet.
func (c *checker) builds(sp *spawn, ptr ast.Expr) bool {
	key := c.k.Key(ptr)
	if sp.body == nil || key == "" || !c.waitsFor(sp) {
		return false
	}
	allocated := func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
			return false
		}
		for i, l := range as.Lhs {
			if c.k.Key(l) == key && slots.Allocates(c.pass.TypesInfo, as.Rhs[i]) {
				return true
			}
		}
		return false
	}
	// Some allocation, and no path to the go statement without one: a path
	// that has none starts the literal on the value ptr held before.
	return lintkit.Any(sp.body, allocated) && !sp.flow().Reaches(token.NoPos, sp.g.Pos(), allocated)
}

// waitsFor reports whether the spawner waits for the literal it starts:
// the literal calls Done of a sync.WaitGroup whose Wait the spawner (not a
// literal of it) can reach from the go statement. Computed once a spawn.
func (c *checker) waitsFor(sp *spawn) bool {
	if sp.known {
		return sp.waited
	}
	sp.known = true
	if sp.body == nil {
		return false
	}
	info := c.pass.TypesInfo
	wg := func(call *ast.CallExpr, method string) string {
		if !lintkit.IsMethod(lintkit.Callee(info, call), "sync", "WaitGroup", method) {
			return ""
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return c.k.Key(sel.X)
		}
		return ""
	}
	done := map[string]bool{}
	ast.Inspect(sp.lit.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if k := wg(call, "Done"); k != "" {
				done[k] = true
			}
		}
		return true
	})
	if len(done) == 0 {
		return false
	}
	ast.Inspect(sp.body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || sp.waited {
			return false // a literal's Wait may run at any time, or never
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if k := wg(call, "Wait"); done[k] && sp.flow().Reaches(sp.g.Pos(), call.Pos(), nil) {
				sp.waited = true
			}
		}
		return true
	})
	return sp.waited
}

// enclosingRecv returns the receiver list of the method declaration that
// holds the node whose enclosing nodes are stack, or nil.
func enclosingRecv(stack []ast.Node) *ast.FieldList {
	for i := len(stack) - 1; i >= 0; i-- {
		if fd, ok := stack[i].(*ast.FuncDecl); ok {
			return fd.Recv
		}
	}
	return nil
}

// perOperation reports whether a function of type ft runs per operation:
// it takes a context (an operation's), or is an HTTP handler (it takes an
// *http.Request).
func (c *checker) perOperation(ft *ast.FuncType, recv *ast.FieldList) bool {
	for _, f := range ft.Params.List {
		t := c.pass.TypesInfo.TypeOf(f.Type)
		if t == nil {
			continue
		}
		if lintkit.IsContextType(t) {
			return true
		}
		if n := lintkit.NamedOf(t); n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/http" && n.Obj().Name() == "Request" && lintkit.IsPointer(t) {
			return true
		}
	}
	return false
}

// constructs reports whether fd builds a value and returns it (a
// constructor or a setup function: New..., its writes go to a value no one
// shares yet): it returns a value it allocates.
func (c *checker) constructs(fd *ast.FuncDecl) bool {
	fresh := slots.FreshLocals(c.pass.TypesInfo, fd.Body)
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if rs, ok := n.(*ast.ReturnStmt); ok {
			for _, r := range rs.Results {
				e := ast.Unparen(r)
				if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
					if _, lit := ast.Unparen(u.X).(*ast.CompositeLit); lit {
						found = true
					}
				}
				if id, ok := e.(*ast.Ident); ok {
					if v, _ := c.pass.TypesInfo.Uses[id].(*types.Var); v != nil && fresh[v] {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// A shared is a pointer to a struct that a long-lived owner shares: a
// pointer field of the receiver of a type that is shared between
// goroutines (it holds a mutex or an atomic), an element of a map or slice
// field of one, or a package-level variable, or a path of fields below
// those.
type shared struct {
	expr  ast.Expr // as written: s.cfg, defaultOpts
	owner string   // "s", "package variable defaultOpts"
	elem  types.Type
}

// sharedAt returns the shared pointer e is, or false. recv is the
// function's receiver (nil for none).
func (c *checker) sharedAt(e ast.Expr, recv *types.Var) (shared, bool) {
	info := c.pass.TypesInfo
	e = ast.Unparen(e)
	t := info.TypeOf(e)
	if t == nil {
		return shared{}, false
	}
	p, ok := types.Unalias(t).Underlying().(*types.Pointer)
	if !ok {
		return shared{}, false
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	if !ok || c.guarded(st) {
		return shared{}, false // a value with a lock or atomics of its own guards itself
	}
	root := slots.RootVar(info, e)
	if root == nil {
		return shared{}, false
	}
	switch {
	case root.Parent() == c.pass.Pkg.Scope():
		if _, isID := e.(*ast.Ident); !isID && !viaFields(info, e) {
			return shared{}, false
		}
		return shared{expr: e, owner: "package variable " + root.Name(), elem: p.Elem()}, true
	case recv != nil && root == recv:
		if _, isID := e.(*ast.Ident); isID {
			return shared{}, false // the receiver itself: the owner's own state
		}
		ot := lintkit.Deref(recv.Type())
		ost, ok := ot.Underlying().(*types.Struct)
		if !ok || !c.guarded(ost) || types.Identical(lintkit.Deref(p.Elem()), ot) {
			return shared{}, false // not an owner shared between goroutines; or a link to another node of its kind
		}
		if !viaFields(info, e) || !c.borrowedPath(e) {
			return shared{}, false // the owner's own state: no field on the way holds another's value
		}
		return shared{expr: e, owner: recv.Name(), elem: p.Elem()}, true
	}
	return shared{}, false
}

// viaFields reports whether e is a chain of field selections, and index
// expressions into map or slice fields, on a variable.
func viaFields(info *types.Info, e ast.Expr) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return true
		case *ast.SelectorExpr:
			if s := info.Selections[x]; s == nil || s.Kind() != types.FieldVal {
				return false
			}
			e = x.X
		case *ast.IndexExpr:
			switch info.TypeOf(x.X).Underlying().(type) {
			case *types.Map, *types.Slice:
			default:
				return false
			}
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return false
		}
	}
}

// guarded reports whether struct st holds a mutex or an atomic (its own or
// an embedded struct's): a value shared between goroutines by design,
// which guards its own fields.
func (c *checker) guarded(st *types.Struct) bool {
	for f := range st.Fields() {
		t := lintkit.Deref(f.Type())
		if n := lintkit.NamedOf(t); n != nil && n.Obj().Pkg() != nil {
			if p := n.Obj().Pkg().Path(); (p == "sync" || p == "internal/sync") && (n.Obj().Name() == "Mutex" || n.Obj().Name() == "RWMutex") {
				return true
			}
		}
		if c.facts.IsAtomic(f.Type()) {
			return true
		}
		if f.Embedded() {
			if inner, ok := t.Underlying().(*types.Struct); ok && c.guarded(inner) {
				return true
			}
		}
	}
	return false
}

// function checks one per-operation function body (not the literals it
// holds, which are checked on their own when they are operations).
func (c *checker) function(fn ast.Node, recvList *ast.FieldList, body *ast.BlockStmt, sp *spawn) {
	defer lintkit.At(c.pass.Fset, fn)
	info := c.pass.TypesInfo
	var recv *types.Var
	if recvList != nil && len(recvList.List) == 1 && len(recvList.List[0].Names) == 1 {
		recv, _ = info.Defs[recvList.List[0].Names[0]].(*types.Var)
	}
	sections := slots.Sections(info, c.k, body)
	callersLock := false
	if fd, ok := fn.(*ast.FuncDecl); ok {
		if c.held == nil {
			c.held = c.facts.LockedByCallers() // never nil
		}
		obj, _ := info.Defs[fd.Name].(*types.Func)
		callersLock = c.held[obj]
	}
	locked := func(pos token.Pos) bool {
		if callersLock {
			return true // every caller holds a mutex: the owner's protocol
		}
		for _, s := range sections {
			if s.Contains(pos) {
				return true
			}
		}
		return false
	}
	// aliases: locals bound only to a shared pointer (conf := p.cfg; for
	// _, b := range s.cfg.blocks), with where they were bound.
	aliases := map[*types.Var]shared{}
	bound := map[*types.Var]ast.Node{}
	other := map[*types.Var]bool{} // assigned something else too
	bind := func(id *ast.Ident, rhs ast.Expr, at ast.Node) {
		v, _ := info.ObjectOf(id).(*types.Var)
		if v == nil || v.Parent() == c.pass.Pkg.Scope() {
			return
		}
		if sh, ok := c.sharedAt(rhs, recv); ok && rhs != nil {
			if _, seen := aliases[v]; !seen {
				aliases[v], bound[v] = sh, at
				return
			}
		}
		other[v] = true
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
						bind(id, n.Rhs[i], n)
					}
				}
			} else {
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
						bind(id, nil, n)
					}
				}
			}
		case *ast.RangeStmt:
			// for _, b := range s.cfg.Blocks: b is each shared element.
			if id, ok := n.Value.(*ast.Ident); ok && n.Tok == token.DEFINE {
				if v, _ := info.Defs[id].(*types.Var); v != nil && lintkit.IsPointer(v.Type()) {
					if sh, ok := c.sharedElem(n.X, recv); ok {
						aliases[v], bound[v] = sh, n
					}
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				var rhs ast.Expr
				if len(n.Values) == len(n.Names) {
					rhs = n.Values[i]
				}
				bind(id, rhs, n)
			}
		}
		return true
	})
	// sharedOf returns the shared pointer below which location e lies
	// (e's base, through fields), and the pointer expression.
	sharedOf := func(e ast.Expr) (shared, ast.Expr, bool) {
		// The path from e down to its variable: path[0] is e.
		var path []ast.Expr
		for x := ast.Unparen(e); ; {
			path = append(path, x)
			switch y := x.(type) {
			case *ast.SelectorExpr:
				if s := info.Selections[y]; s == nil || s.Kind() != types.FieldVal {
					return shared{}, nil, false
				}
				x = ast.Unparen(y.X)
				continue
			case *ast.IndexExpr:
				x = ast.Unparen(y.X)
				continue
			case *ast.StarExpr:
				x = ast.Unparen(y.X)
				continue
			case *ast.Ident:
			default:
				return shared{}, nil, false
			}
			break
		}
		// From the variable up: the first shared pointer (an alias, or a
		// path from the receiver or a package variable) strictly below
		// which e lies is the one written through.
		for i := len(path) - 1; i >= 1; i-- {
			p := path[i]
			if id, ok := p.(*ast.Ident); ok {
				if v, _ := info.Uses[id].(*types.Var); v != nil {
					if sh, ok := aliases[v]; ok && !other[v] {
						return sh, p, true
					}
				}
			}
			if sh, ok := c.sharedAt(p, recv); ok {
				return sh, p, true
			}
		}
		return shared{}, nil, false
	}
	report := func(lhs ast.Expr, at ast.Node) {
		if locked(at.Pos()) {
			return // under a lock: the owner's protocol
		}
		sh, ptr, ok := sharedOf(lhs)
		if !ok || sp != nil && c.builds(sp, ptr) {
			return
		}
		var alias *types.Var
		if id, ok := ptr.(*ast.Ident); ok {
			if v, _ := info.Uses[id].(*types.Var); v != nil && bound[v] != nil {
				if bound[v].Pos() > at.Pos() {
					return
				}
				alias = v
			}
		}
		c.report(lhs, at, sh, ptr, alias, bound[alias], body)
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				return true
			}
			for _, l := range n.Lhs {
				report(l, n)
			}
		case *ast.IncDecStmt:
			report(n.X, n)
		}
		return true
	})
}

// sharedElem returns the shared owner of the elements of x, a map or slice
// of pointers that is itself a field of a shared owner or of the receiver.
func (c *checker) sharedElem(x ast.Expr, recv *types.Var) (shared, bool) {
	info := c.pass.TypesInfo
	var elem types.Type
	switch u := info.TypeOf(x).Underlying().(type) {
	case *types.Slice:
		elem = u.Elem()
	case *types.Map:
		elem = u.Elem()
	default:
		return shared{}, false
	}
	p, ok := types.Unalias(elem).Underlying().(*types.Pointer)
	if !ok {
		return shared{}, false
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	if !ok || c.guarded(st) {
		return shared{}, false
	}
	root := slots.RootVar(info, x)
	if root == nil || !viaFields(info, x) {
		return shared{}, false
	}
	switch {
	case root.Parent() == c.pass.Pkg.Scope():
		return shared{expr: x, owner: "package variable " + root.Name(), elem: p.Elem()}, true
	case recv != nil && root == recv:
		ost, ok := lintkit.Deref(recv.Type()).Underlying().(*types.Struct)
		if !ok || !c.guarded(ost) || !c.borrowedPath(x) {
			return shared{}, false
		}
		return shared{expr: x, owner: recv.Name(), elem: p.Elem()}, true
	}
	return shared{}, false
}

// report reports the write of lhs (in statement at) through shared pointer
// ptr.
func (c *checker) report(lhs ast.Expr, at ast.Node, sh shared, ptr ast.Expr, alias *types.Var, boundAt ast.Node, body *ast.BlockStmt) {
	where := types.ExprString(sh.expr)
	how := "through"
	if alias != nil {
		how = fmt.Sprintf("through %s, an alias of", alias.Name())
	}
	owner := "held by " + sh.owner + " and shared"
	if strings.HasPrefix(sh.owner, "package variable") {
		owner = "a " + sh.owner + " shared"
	}
	msg := fmt.Sprintf("%s is written %s %s, %s by every operation that runs concurrently: this operation changes it for all of them; copy it first and change the copy", types.ExprString(lhs), how, where, owner)
	var opts []lintkit.Option
	if boundAt != nil {
		opts = append(opts, lintkit.Related(boundAt.Pos(), boundAt.End(), "the shared pointer is taken here"))
	}
	if edits, title := c.fix(alias, boundAt, sh, body); edits != nil {
		opts = append(opts, lintkit.Fix(title, edits...))
	}
	c.r.Report(lhs, msg, opts...)
}

// fix returns the edit that makes alias a copy where it is bound (conf :=
// p.cfg): the type's Clone (conf := p.cfg.Clone()) when it has a method
// Clone() *T, else a copy of the value (conf := *p.cfg) when every use of
// conf selects a field or calls a method (a value serves those as the
// pointer did). nil when neither fits.
func (c *checker) fix(alias *types.Var, boundAt ast.Node, sh shared, body *ast.BlockStmt) ([]analysis.TextEdit, string) {
	as, ok := boundAt.(*ast.AssignStmt)
	if alias == nil || !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil, ""
	}
	info := c.pass.TypesInfo
	rhs := as.Rhs[0]
	pt := info.TypeOf(rhs)
	if obj, _, _ := types.LookupFieldOrMethod(pt, true, c.pass.Pkg, "Clone"); obj != nil {
		if fn, ok := obj.(*types.Func); ok && fn.Signature().Params().Len() == 0 && fn.Signature().Results().Len() == 1 && types.Identical(fn.Signature().Results().At(0).Type(), pt) {
			return []analysis.TextEdit{{Pos: rhs.End(), End: rhs.End(), NewText: []byte(".Clone()")}}, "Clone " + types.ExprString(rhs) + " before changing it"
		}
	}
	// Every use of the alias must select a field or call a method.
	onlySelected := true
	lintkit.InspectStack(body, false, func(n ast.Node, stack []ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == alias {
			sel, ok := stack[len(stack)-1].(*ast.SelectorExpr)
			if !ok || sel.X != ast.Expr(id) {
				onlySelected = false
			}
		}
		return onlySelected
	})
	if !onlySelected {
		return nil, ""
	}
	return []analysis.TextEdit{{Pos: rhs.Pos(), End: rhs.Pos(), NewText: []byte("*")}}, "Copy " + types.ExprString(rhs) + " before changing it"
}

// borrowedPath reports whether a field selected on the way from the
// variable to e is borrowed: the package assigns it (or an element of it)
// a value that another owner holds as well, so the value is shared (a
// constructor's parameter, another value's field: &PubSub{opt: c.opt}).
// A field only ever given values the package allocates (c.quic =
// &quicState{...}) is the owner's own state.
func (c *checker) borrowedPath(e ast.Expr) bool {
	c.indexBorrowed()
	info := c.pass.TypesInfo
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			if s := info.Selections[x]; s != nil && s.Kind() == types.FieldVal {
				if v, ok := s.Obj().(*types.Var); ok && c.borrowed[v.Origin()] {
					return true
				}
			}
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return false
		}
	}
}

// indexBorrowed finds the borrowed fields of the package (see
// borrowedPath): a field assigned, set in a struct literal, given an
// element (x.f[k] = v) or appended to (x.f = append(x.f, v)) a value that
// is a parameter, a package variable, another variable that is not bound
// to a value the function allocates, or a field or element of another
// value.
func (c *checker) indexBorrowed() {
	if c.borrowed != nil {
		return
	}
	c.borrowed = map[*types.Var]bool{}
	info := c.pass.TypesInfo
	field := func(e ast.Expr) *types.Var {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		if s := info.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
			if v, ok := s.Obj().(*types.Var); ok {
				return v.Origin()
			}
		}
		return nil
	}
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fresh := slots.FreshLocals(info, fd.Body)
			var held func(e ast.Expr) bool
			held = func(e ast.Expr) bool {
				e = ast.Unparen(e)
				if info.Types[e].IsNil() {
					return false
				}
				switch x := e.(type) {
				case *ast.Ident:
					v, ok := info.Uses[x].(*types.Var)
					return ok && !fresh[v]
				case *ast.SelectorExpr, *ast.IndexExpr, *ast.StarExpr:
					return true
				case *ast.CallExpr:
					if lintkit.IsBuiltin(info, x, "append") && len(x.Args) > 1 {
						for _, a := range x.Args[1:] {
							if held(a) {
								return true
							}
						}
					}
				}
				return false
			}
			mark := func(target ast.Expr, value ast.Expr) {
				if !lintkit.IsPointer(info.TypeOf(value)) && !isContainer(info.TypeOf(target)) {
					return
				}
				if v := field(target); v != nil && held(value) {
					c.borrowed[v] = true
				}
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.AssignStmt:
					if len(n.Lhs) != len(n.Rhs) {
						return true
					}
					for i, l := range n.Lhs {
						l = ast.Unparen(l)
						if ix, ok := l.(*ast.IndexExpr); ok {
							mark(ix.X, n.Rhs[i]) // x.f[k] = v
							continue
						}
						mark(l, n.Rhs[i])
					}
				case *ast.CompositeLit:
					st, ok := lintkit.Deref(info.TypeOf(n)).Underlying().(*types.Struct)
					if !ok {
						return true
					}
					for _, el := range n.Elts {
						kv, ok := el.(*ast.KeyValueExpr)
						if !ok {
							continue
						}
						id, ok := kv.Key.(*ast.Ident)
						if !ok {
							continue
						}
						for v := range st.Fields() {
							if v.Name() == id.Name && (lintkit.IsPointer(v.Type()) || isContainer(v.Type())) && held(kv.Value) {
								c.borrowed[v.Origin()] = true
							}
						}
					}
				}
				return true
			})
		}
	}
}

// isContainer reports whether t is a map or a slice.
func isContainer(t types.Type) bool {
	if t == nil {
		return false
	}
	switch t.Underlying().(type) {
	case *types.Map, *types.Slice:
		return true
	}
	return false
}
