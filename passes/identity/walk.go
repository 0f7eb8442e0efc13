package identity

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/directives"
)

// envAPI describes one function of the environment.
type envAPI struct {
	op  Op
	key int // index of the key argument, -1 for none
}

// envAPIs are the environment functions, by package and name.
var envAPIs = map[string]map[string]envAPI{
	"os": {
		"Getenv": {OpRead, 0}, "LookupEnv": {OpRead, 0},
		"Setenv": {OpWrite, 0}, "Unsetenv": {OpWrite, 0}, "Clearenv": {OpClear, -1},
	},
	"syscall": {
		"Getenv": {OpRead, 0},
		"Setenv": {OpWrite, 0}, "Unsetenv": {OpWrite, 0}, "Clearenv": {OpClear, -1},
	},
}

// envFunc returns the environment function fn is, if it is one.
func envFunc(fn *types.Func) (envAPI, bool) {
	if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return envAPI{}, false
	}
	api, ok := envAPIs[fn.Pkg().Path()][fn.Name()]
	return api, ok
}

// isEnviron reports whether fn is os.Environ or syscall.Environ.
func isEnviron(fn *types.Func) bool {
	return fn != nil && (lintkit.IsFunc(fn, "os", "Environ") || lintkit.IsFunc(fn, "syscall", "Environ"))
}

// isCtxValue reports whether call is a call of context.Context's Value.
func isCtxValue(info *types.Info, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Value" {
		return false
	}
	s := info.Selections[sel]
	return s != nil && s.Kind() == types.MethodVal && lintkit.ImplementsContext(s.Recv())
}

type walker struct {
	r     *Result
	dirs  *directives.Result
	file_ *ast.File
	stack []*funcData
	decl  *ast.FuncDecl
	root  string

	pending []pending
	// cli: the package declares a command of a command-line framework
	// (lintkit.DeclaresCommand): its initialisers run at the program's
	// start, as package main's do.
	cli bool
	// helperRoots are the functions that only roots call (rootHelpers).
	helperRoots map[*ast.FuncDecl]string
	// flags are reads used as a flag, not as a value: compared with a
	// non-empty constant or parsed as a bool.
	flags map[*ast.CallExpr]bool
}

// flagCompare marks x as a flag when it is a call compared with a
// non-empty constant: os.Getenv("GL_TEST_RUN") == "1" asks a yes-or-no
// question of the process; an identity value is opaque and never compared
// with a literal. (A comparison with "" is a presence test of the identity:
// seed 002's "is this a kanban worker" read.)
func (w *walker) flagCompare(x, y ast.Expr) {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return
	}
	if s, ok := w.constString(y); ok && s != "" {
		w.flag(call)
	}
}

// flagSwitch marks the tag of a switch whose cases are all non-empty
// constants as a flag.
func (w *walker) flagSwitch(sw *ast.SwitchStmt) {
	call, ok := ast.Unparen(sw.Tag).(*ast.CallExpr)
	if !ok || sw.Tag == nil {
		return
	}
	for _, c := range sw.Body.List {
		for _, e := range c.(*ast.CaseClause).List {
			if s, ok := w.constString(e); !ok || s == "" {
				return
			}
		}
	}
	w.flag(call)
}

func (w *walker) flag(call *ast.CallExpr) {
	if w.flags == nil {
		w.flags = map[*ast.CallExpr]bool{}
	}
	w.flags[call] = true
}

func (w *walker) info() *types.Info { return w.r.pass.TypesInfo }

func (w *walker) file(f *ast.File) {
	w.file_ = f
	pkg := w.r.pass.Pkg
	rootPkg := w.r.cfg.IsRootPackage(pkg.Path())
	test := strings.HasSuffix(w.r.pass.Fset.File(f.FileStart).Name(), "_test.go")
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			if d.Tok != token.VAR {
				continue
			}
			w.decl, w.root = nil, ""
			switch {
			case rootPkg:
				w.root = "a configured root package"
			case pkg.Name() == "main":
				w.root = "a package-level initialiser of package main"
			case w.cli:
				w.root = "a package-level initialiser of a command-line package"
			}
			w.addRoot(d)
			for _, s := range d.Specs {
				w.spec(s.(*ast.ValueSpec))
			}
		case *ast.FuncDecl:
			if d.Body == nil {
				continue
			}
			w.decl = d
			w.root = rootOf(d, pkg, rootPkg, w.cli, test, w.dirs)
			if w.root == "" {
				w.root = w.helperRoots[d]
			}
			w.addRoot(d)
			w.fn(d)
		}
	}
}

// rootHelpers finds the functions that run only as part of a root: an
// unexported function without a receiver whose every use in the package
// is a call from a root (TestMain's testWithDocker, a setup helper of
// main), or from such a helper, to a fixed point. It is the root's code,
// moved out of its body: process setup, before or around every session,
// like the root itself. A function used as a value, or called from
// anywhere else (a package-level initialiser of a library included), is
// not.
func (w *walker) rootHelpers() map[*ast.FuncDecl]string {
	info := w.r.pass.TypesInfo
	pkg := w.r.pass.Pkg
	rootPkg := w.r.cfg.IsRootPackage(pkg.Path())
	roots := map[*ast.FuncDecl]string{}
	cands := map[*types.Func]*ast.FuncDecl{}
	for _, f := range w.r.pass.Files {
		test := strings.HasSuffix(w.r.pass.Fset.File(f.FileStart).Name(), "_test.go")
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if why := rootOf(fd, pkg, rootPkg, w.cli, test, w.dirs); why != "" {
				roots[fd] = why
				continue
			}
			if fn, ok := info.Defs[fd.Name].(*types.Func); ok && fd.Recv == nil && !fd.Name.IsExported() && fd.Name.Name != "init" && fd.Name.Name != "main" {
				cands[fn] = fd
			}
		}
	}
	if len(roots) == 0 || len(cands) == 0 {
		return nil
	}
	// callers[fn] are the declarations that call fn; a use that is no
	// call, or a call outside a function declaration, rules fn out.
	callers := map[*types.Func][]*ast.FuncDecl{}
	for _, f := range w.r.pass.Files {
		for _, d := range f.Decls {
			fd, _ := d.(*ast.FuncDecl)
			called := map[*ast.Ident]bool{}
			ast.Inspect(d, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
						called[id] = true
					}
				}
				id, ok := n.(*ast.Ident)
				if !ok {
					return true
				}
				fn, ok := info.Uses[id].(*types.Func)
				if !ok || cands[fn] == nil {
					return true
				}
				if !called[id] || fd == nil {
					delete(cands, fn)
					return true
				}
				callers[fn] = append(callers[fn], fd)
				return true
			})
		}
	}
	for changed := true; changed; {
		changed = false
		for fn, fd := range cands {
			cs := callers[fn]
			if len(cs) == 0 || roots[fd] != "" {
				continue
			}
			all := true
			for _, c := range cs {
				if roots[c] == "" {
					all = false
					break
				}
			}
			if all {
				roots[fd] = "a helper called only from " + cs[0].Name.Name
				changed = true
			}
		}
	}
	out := map[*ast.FuncDecl]string{}
	for _, fd := range cands {
		if roots[fd] != "" {
			out[fd] = roots[fd]
		}
	}
	return out
}

func (w *walker) addRoot(n ast.Node) {
	if w.root != "" {
		w.r.roots = append(w.r.roots, rootSpan{n.Pos(), n.End(), w.root})
	}
}

// testFunc reports whether d is a top-level test, benchmark, fuzz test or
// example of a _test.go file, or a helper there that takes the testing
// value (*testing.T, B, F or testing.TB): the test's scaffolding.
func testFunc(info *types.Info, fset *token.FileSet, d *ast.FuncDecl) bool {
	if d == nil || d.Recv != nil || !strings.HasSuffix(fset.File(d.Pos()).Name(), "_test.go") {
		return false
	}
	for _, prefix := range []string{"Test", "Benchmark", "Fuzz", "Example"} {
		if strings.HasPrefix(d.Name.Name, prefix) {
			return true
		}
	}
	for _, field := range d.Type.Params.List {
		if n := lintkit.NamedOf(info.TypeOf(field.Type)); n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "testing" {
			switch n.Obj().Name() {
			case "T", "B", "F", "TB":
				return true
			}
		}
	}
	return false
}

// rootOf says why the function declaration d is a root, or "".
func rootOf(d *ast.FuncDecl, pkg *types.Package, rootPkg, cli, test bool, dirs *directives.Result) string {
	switch {
	case rootPkg:
		return "a configured root package"
	case dirs.FuncDirective(d, directives.Root) != nil:
		return "//ctxbound:root"
	case d.Recv != nil:
		return ""
	case pkg.Name() == "main" && (d.Name.Name == "main" || d.Name.Name == "init"):
		return d.Name.Name + " of package main"
	case cli && d.Name.Name == "init":
		return "init of a command-line package"
	case test && d.Name.Name == "TestMain":
		return "TestMain"
	case pkg.Path() == RuntimePath && d.Name.Name == "FromEnv":
		return "runctx.FromEnv"
	}
	return ""
}

func (w *walker) spec(s *ast.ValueSpec) {
	for _, v := range s.Values {
		w.walk(v)
	}
}

// fn walks a function declaration or literal.
func (w *walker) fn(n ast.Node) {
	obj, sig := lintkit.FuncOf(w.info(), n)
	fd := &funcData{node: n, obj: obj, sig: sig, decl: w.decl, root: w.root, keyParams: map[*types.Var]Param{}}
	w.r.funcs[n] = fd
	if obj != nil {
		w.r.decls[obj] = fd
	}
	w.stack = append(w.stack, fd)
	switch n := n.(type) {
	case *ast.FuncDecl:
		w.walk(n.Body)
	case *ast.FuncLit:
		w.walk(n.Body)
	}
	w.stack = w.stack[:len(w.stack)-1]
}

func (w *walker) top() *funcData {
	if len(w.stack) == 0 {
		return nil
	}
	return w.stack[len(w.stack)-1]
}

func (w *walker) walk(n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			w.fn(n)
			return false
		case *ast.ReturnStmt:
			if fd := w.top(); fd != nil {
				fd.returns = append(fd.returns, n)
			}
		case *ast.AssignStmt:
			w.assign(n)
		case *ast.ValueSpec:
			if len(w.stack) > 0 {
				w.valueSpec(n)
			}
		case *ast.RangeStmt:
			w.rangeStmt(n)
		case *ast.BinaryExpr:
			if n.Op == token.EQL || n.Op == token.NEQ {
				w.flagCompare(n.X, n.Y)
				w.flagCompare(n.Y, n.X)
			}
		case *ast.SwitchStmt:
			w.flagSwitch(n)
		case *ast.CallExpr:
			w.call(n)
		}
		return true
	})
}

// localVar returns the local variable id denotes, or nil.
func (w *walker) localVar(id *ast.Ident) *types.Var {
	v, ok := w.info().ObjectOf(id).(*types.Var)
	if !ok || v.IsField() || v.Parent() == nil || v.Parent() == w.r.pass.Pkg.Scope() {
		return nil
	}
	return v
}

func (w *walker) assign(as *ast.AssignStmt) {
	if as.Tok != token.ASSIGN && as.Tok != token.DEFINE {
		return
	}
	for i, lhs := range as.Lhs {
		id, ok := ast.Unparen(lhs).(*ast.Ident)
		if !ok {
			continue
		}
		v := w.localVar(id)
		if v == nil {
			continue
		}
		switch {
		case len(as.Lhs) == len(as.Rhs):
			w.r.defs[v] = append(w.r.defs[v], as.Rhs[i])
		case i == 0 && len(as.Rhs) == 1:
			w.r.defs[v] = append(w.r.defs[v], as.Rhs[0])
		}
	}
}

func (w *walker) valueSpec(s *ast.ValueSpec) {
	for i, id := range s.Names {
		v := w.localVar(id)
		if v == nil {
			continue
		}
		switch {
		case len(s.Names) == len(s.Values):
			w.r.defs[v] = append(w.r.defs[v], s.Values[i])
		case i == 0 && len(s.Values) == 1:
			w.r.defs[v] = append(w.r.defs[v], s.Values[0])
		}
	}
}

// constString returns the constant string value of e, if it has one.
func (w *walker) constString(e ast.Expr) (string, bool) {
	tv, ok := w.info().Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

func (w *walker) call(call *ast.CallExpr) {
	info := w.info()
	for _, fd := range w.stack {
		fd.calls = append(fd.calls, call)
	}
	if isCtxValue(info, call) {
		if fd := w.top(); fd != nil {
			fd.ctxValues = append(fd.ctxValues, call)
		}
		return
	}
	fn := lintkit.Callee(info, call)
	if fn == nil {
		return
	}
	if api, ok := envFunc(fn); ok {
		w.envCall(call, fn, api)
		return
	}
	if lintkit.IsFunc(fn, "strconv", "ParseBool") && len(call.Args) == 1 {
		if arg, ok := ast.Unparen(call.Args[0]).(*ast.CallExpr); ok {
			w.flag(arg)
		}
	}
	switch {
	case lintkit.IsFunc(fn, "os", "ExpandEnv") && len(call.Args) == 1:
		w.expand(call, call.Args[0], "os.ExpandEnv")
		return
	case lintkit.IsFunc(fn, "os", "Expand") && len(call.Args) == 2:
		if m, ok := info.Uses[lintkit.Ident(call.Args[1])].(*types.Func); ok {
			if api, ok := envFunc(m); ok && api.op == OpRead {
				w.expand(call, call.Args[0], "os.Expand")
			}
		}
		return
	}
	// A possible forwarding helper: resolved once every function is walked.
	if (fn.Pkg() == w.r.pass.Pkg || w.r.fwdFacts[fn] != nil) && w.constArg(call) {
		w.pending = append(w.pending, pending{call: call, fn: fn, stack: slices.Clone(w.stack),
			decl: w.decl, root: w.root, file: w.file_})
	}
}

// constArg reports whether a call has a constant string argument, the only
// kind a forwarding helper can be handed a known key with.
func (w *walker) constArg(call *ast.CallExpr) bool {
	for _, a := range call.Args {
		if _, ok := w.constString(a); ok {
			return true
		}
	}
	return false
}

// pending is a call of a possible forwarding helper, with the walker's
// state at the call.
type pending struct {
	call  *ast.CallExpr
	fn    *types.Func
	stack []*funcData
	decl  *ast.FuncDecl
	root  string
	file  *ast.File
}

// resolve turns the calls of forwarding helpers with an identity key into
// accesses at the call site.
func (w *walker) resolve() {
	for _, p := range w.pending {
		fw, ok := w.r.forwarder(p.fn)
		if !ok {
			continue
		}
		w.stack, w.decl, w.root, w.file_ = p.stack, p.decl, p.root, p.file
		for _, fp := range fw.Params {
			if fp.Index >= len(p.call.Args) {
				continue
			}
			if fp.Op == OpRead && w.flags[p.call] {
				break
			}
			if key, ok := w.constString(p.call.Args[fp.Index]); ok && w.r.cfg.IsIdentityKey(key) {
				name := lintkit.ShortName(p.fn, w.r.pass.Pkg)
				key = Elide(key)
				w.add(&Access{Op: fp.Op, Key: key, API: name, Forwarder: p.fn, Node: p.call, Call: p.call,
					Desc: fmt.Sprintf("%s(%q)", name, key)})
				break
			}
		}
	}
	w.stack = nil
	byPos := func(a, b *Access) int { return lintkit.ComparePos(w.r.pass.Fset, a.Node.Pos(), b.Node.Pos()) }
	slices.SortStableFunc(w.r.Accesses, byPos)
	for _, fd := range w.r.funcs {
		slices.SortStableFunc(fd.access, byPos)
	}
}

// keyParam records that arg, when it is a parameter of an enclosing
// function, is forwarded as a key.
func (w *walker) keyParam(arg ast.Expr, p Param) {
	id, ok := ast.Unparen(arg).(*ast.Ident)
	if !ok {
		return
	}
	v, ok := w.info().Uses[id].(*types.Var)
	if !ok {
		return
	}
	for _, fd := range w.stack {
		if fd.sig == nil {
			continue
		}
		for i := range fd.sig.Params().Len() {
			if fd.sig.Params().At(i) == v {
				p.Index = i
				if _, seen := fd.keyParams[v]; !seen {
					fd.keyParams[v] = p
				}
				return
			}
		}
	}
}

func (w *walker) envCall(call *ast.CallExpr, fn *types.Func, api envAPI) {
	name := fn.Pkg().Name() + "." + fn.Name()
	if api.op == OpClear {
		w.add(&Access{Op: OpClear, API: name, Node: call, Call: call, Desc: name + "()"})
		return
	}
	if api.key >= len(call.Args) {
		return
	}
	arg := call.Args[api.key]
	key, ok := w.constString(arg)
	if !ok {
		w.keyParam(arg, Param{Op: api.op, API: name})
		return
	}
	if w.r.cfg.IsIdentityKey(key) && !(api.op == OpRead && w.flags[call]) {
		key = Elide(key)
		w.add(&Access{Op: api.op, Key: key, API: name, Node: call, Call: call, Desc: fmt.Sprintf("%s(%q)", name, key)})
	}
}

// expand records the identity keys that an os.ExpandEnv or os.Expand of a
// constant string names.
func (w *walker) expand(call *ast.CallExpr, arg ast.Expr, api string) {
	s, ok := w.constString(arg)
	if !ok {
		return
	}
	var keys []string
	os.Expand(s, func(k string) string {
		keys = append(keys, k)
		return ""
	})
	for _, k := range keys {
		if w.r.cfg.IsIdentityKey(k) {
			k = Elide(k)
			w.add(&Access{Op: OpRead, Key: k, API: api, Node: call, Call: call,
				Desc: fmt.Sprintf("%s(%s)", api, strconv.Quote("$"+k))})
			return // one finding per call
		}
	}
}

// rangeStmt records the identity keys a scan of os.Environ() looks for:
//
//	for _, kv := range os.Environ() {
//		if k, v, _ := strings.Cut(kv, "="); k == "AGENT_SESSION_KEY" { return v }
//	}
//
// A scan that skips the key (a filter: !strings.HasPrefix(kv, KEY+"="),
// k != KEY, or a branch that only continues) does not read it.
func (w *walker) rangeStmt(rs *ast.RangeStmt) {
	if !w.environ(rs.X) {
		return
	}
	var visit func(n ast.Node) bool
	seen := map[string]bool{} // one access per key and scan
	found := func(e ast.Expr, filter bool) {
		ast.Inspect(e, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			x, ok := n.(ast.Expr)
			if !ok {
				return true
			}
			if tv, ok := w.info().Types[x]; ok && tv.Value != nil && tv.Value.Kind() != constant.String {
				return false // len(KEY)+1 is no mention of KEY
			}
			s, ok := w.constString(x)
			if !ok {
				return true
			}
			key := strings.TrimSuffix(s, "=")
			if !filter && !seen[key] && key != "" && !strings.ContainsAny(key, "= ") && w.r.cfg.IsIdentityKey(key) {
				seen[key] = true
				key = Elide(key)
				w.add(&Access{Op: OpRead, Key: key, API: "os.Environ scan", Node: x,
					Desc: fmt.Sprintf("os.Environ() scan for %q", key)})
			}
			return false
		})
	}
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if n.Init != nil {
				ast.Inspect(n.Init, visit)
			}
			found(n.Cond, isFilter(n.Cond, n.Body))
			ast.Inspect(n.Body, visit)
			if n.Else != nil {
				ast.Inspect(n.Else, visit)
			}
			return false
		case *ast.CaseClause:
			for _, e := range n.List {
				found(e, len(n.Body) == 1 && isContinue(n.Body[0]))
			}
			for _, s := range n.Body {
				ast.Inspect(s, visit)
			}
			return false
		case ast.Expr:
			found(n, false)
			return false
		}
		return true
	}
	ast.Inspect(rs.Body, visit)
}

// isFilter reports whether an if statement in an os.Environ scan skips the
// entries its condition matches instead of reading them.
func isFilter(cond ast.Expr, body *ast.BlockStmt) bool {
	switch c := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if c.Op == token.NOT {
			return true
		}
	case *ast.BinaryExpr:
		if c.Op == token.NEQ {
			return true
		}
	}
	return len(body.List) == 1 && isContinue(body.List[0])
}

func isContinue(s ast.Stmt) bool {
	b, ok := s.(*ast.BranchStmt)
	return ok && b.Tok == token.CONTINUE
}

// environ reports whether e is os.Environ() or a local variable assigned it.
func (w *walker) environ(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		return isEnviron(lintkit.Callee(w.info(), e))
	case *ast.Ident:
		if v := w.localVar(e); v != nil {
			for _, d := range w.r.defs[v] {
				if c, ok := ast.Unparen(d).(*ast.CallExpr); ok && isEnviron(lintkit.Callee(w.info(), c)) {
					return true
				}
			}
		}
	}
	return false
}

func (w *walker) add(a *Access) {
	a.File = w.file_
	a.Decl = w.decl
	a.Root = w.root
	if a.Root == "" && a.Op == OpRead && testFunc(w.info(), w.r.pass.Fset, w.decl) {
		// A test's own reads configure the scenario it runs (credentials
		// of a live test), as main's configure the process; its writes are
		// still reported: they reach every test running in parallel.
		a.Root = "a test"
	}
	if fd := w.top(); fd != nil {
		a.Func = fd.node
	}
	for _, fd := range w.stack {
		fd.access = append(fd.access, a)
	}
	if a.Call != nil && a.Op == OpRead {
		w.r.byCall[a.Call] = a
	}
	w.r.Accesses = append(w.r.Accesses, a)
}
