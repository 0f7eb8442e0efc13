package envidentity

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/config"
	"github.com/ctxbound/ctxbound/passes/directives"
	"github.com/ctxbound/ctxbound/passes/identity"
)

//go:embed doc.go
var doc string

// Analyzer reports reads and writes of identity keys in the process
// environment outside a root.
var Analyzer = &analysis.Analyzer{
	Name:     "envidentity",
	Doc:      lintkit.MustExtractDoc(doc, "envidentity"),
	URL:      "https://github.com/ctxbound/ctxbound/blob/main/docs/checks.md#envidentity",
	Requires: []*analysis.Analyzer{config.Analyzer, directives.Analyzer, identity.Analyzer},
	Run:      lintkit.Safe(run),
}

func run(pass *analysis.Pass) (any, error) {
	r := lintkit.NewReporter(pass, pass.ResultOf[directives.Analyzer].(*directives.Result))
	id := pass.ResultOf[identity.Analyzer].(*identity.Result)
	keys := id.Keys()
	reported := map[ast.Node]bool{}
	var found []*identity.Access
	// tests: the test scope of each write or clear in a _test.go file.
	tests := map[*identity.Access]testScope{}
	// fixed: per file, the os.Setenv of each write a fix turns into
	// t.Setenv: a fix that would leave os unused is not offered.
	fixed := map[*ast.File][]analysis.Range{}
	for _, a := range id.Accesses {
		// os.Clearenv matters where the package keeps identity in the
		// environment; elsewhere (os itself, hermetic tests) it is a reset.
		if a.Root == "" && (a.Op != identity.OpClear || len(keys) > 0) {
			found = append(found, a)
			if a.Op == identity.OpRead {
				continue
			}
			if ts, ok := testWrite(pass, a); ok {
				tests[a] = ts
				if ts.fix != nil {
					fixed[a.File] = append(fixed[a.File], a.Call.Fun)
				}
			}
		}
	}
	for _, a := range found {
		test, inTest := tests[a]
		report(pass, r, a, keys, fixed[a.File], test, inTest)
		reported[a.Node] = true
	}
	// envwrite is opt-in: on twenty modules read at first look, 13 of
	// the 14 writes of other keys in libraries were for the process's own
	// readers (doc.go, docs/precision.md).
	if cfg := pass.ResultOf[config.Analyzer].(*config.Config); cfg.EnvWrite {
		envWrites(pass, r, id, reported)
	}
	r.Finish()
	return nil, nil
}

// envWrites reports, for the envwrite option, every write of the process
// environment outside a root in non-test code that is not an identity
// write reported already: package main, init functions, package-level
// initialisers and helpers that set what their caller asks included.
func envWrites(pass *analysis.Pass, r *lintkit.Reporter, id *identity.Result, reported map[ast.Node]bool) {
	for _, f := range pass.Files {
		if r.Generated(f.Pos()) || strings.HasSuffix(pass.Fset.File(f.FileStart).Name(), "_test.go") {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || reported[call] {
				return true
			}
			fn := lintkit.Callee(pass.TypesInfo, call)
			if fn == nil || fn.Pkg() == nil || (fn.Pkg().Path() != "os" && fn.Pkg().Path() != "syscall") || fn.Signature().Recv() != nil {
				return true
			}
			api := fn.Pkg().Name() + "." + fn.Name()
			var msg string
			switch fn.Name() {
			case "Setenv", "Unsetenv":
				what, fix := "a variable", "set it on the child's exec.Cmd.Env instead"
				if len(call.Args) > 0 {
					if tv := pass.TypesInfo.Types[call.Args[0]]; tv.Value != nil && tv.Value.Kind() == constant.String {
						key := identity.Elide(constant.StringVal(tv.Value))
						what = key
						fix = fmt.Sprintf("set it on the child's exec.Cmd.Env instead (cmd.Env = append(os.Environ(), %q))", key+"=...")
					}
				}
				if fn.Name() == "Setenv" {
					msg = fmt.Sprintf("%s changes %s of the whole process outside a root: every concurrent session and every child process sees it; %s", api, what, fix)
				} else {
					msg = fmt.Sprintf("%s erases %s of the whole process outside a root: every concurrent session and every child process loses it; leave it out of the child's exec.Cmd.Env instead", api, what)
				}
			case "Clearenv":
				msg = fmt.Sprintf("%s erases the whole process environment outside a root: every concurrent session and every child process loses it; give the child its own exec.Cmd.Env instead", api)
			default:
				return true
			}
			if id.RootAt(call.Pos()) == "" {
				r.Report(call, msg)
			}
			return true
		})
	}
}

const seed = "seed ctx from the environment only in main or a //ctxbound:root function"

// report reports the access a; test is its test scope when inTest (a
// write or clear in a _test.go file).
func report(pass *analysis.Pass, r *lintkit.Reporter, a *identity.Access, keys []string, fixed []analysis.Range, test testScope, inTest bool) {
	defer lintkit.At(pass.Fset, a.Node)
	api := a.API
	if a.Forwarder != nil {
		api = lintkit.ShortName(a.Forwarder, pass.Pkg)
	}
	switch a.Op {
	case identity.OpRead:
		if a.Fallback != nil {
			r.Report(a.Node, fmt.Sprintf("%s falls back to identity key %s of the process environment when the context has none: "+
				"a worker that lost its context silently gets another session's identity; propagate ctx and fail when the identity is missing", api, a.Key),
				lintkit.Related(a.Fallback.Pos, a.Fallback.End, "the context read it backs up"))
			return
		}
		r.Report(a.Node, fmt.Sprintf("%s reads identity key %s from the process environment outside a root: "+
			"the environment is one per process and may hold another session's value; take the identity from ctx and %s", api, a.Key, seed))
	case identity.OpWrite:
		verb := "writes"
		if strings.HasSuffix(a.API, "Unsetenv") {
			verb = "erases"
		}
		if inTest {
			if !test.parallel && (test.restored || verb == "erases") {
				// The test puts the environment back when it ends, or
				// erases a key: no session's identity reaches another,
				// and nothing runs alongside a test that is not parallel.
				return
			}
			if test.parallel {
				r.Report(a.Node, fmt.Sprintf("%s %s identity key %s of the process environment in a parallel test: "+
					"the tests running alongside see it, and %s.Setenv panics after %s.Parallel; pass the identity in ctx, or in the child's exec.Cmd.Env", api, verb, a.Key, test.name, test.name))
				return
			}
			opts := []lintkit.Option{}
			if test.fix != nil && lintkit.ImportsKept(pass.TypesInfo, a.File, []analysis.Range{a.Call.Fun}, fixed) {
				opts = append(opts, lintkit.Fix("Use "+test.name+".Setenv, which restores the key after the test", *test.fix))
			}
			r.Report(a.Node, fmt.Sprintf("%s %s identity key %s of the process environment for the rest of the test binary: "+
				"later and parallel tests see it; use %s.Setenv, which restores it", api, verb, a.Key, test.name), opts...)
			return
		}
		r.Report(a.Node, fmt.Sprintf("%s %s identity key %s of the process environment outside a root: "+
			"it changes the identity every session in the process reads; carry it in ctx, or in the child's exec.Cmd.Env", api, verb, a.Key))
	case identity.OpClear:
		if inTest {
			// A test that clears the environment to run hermetically leaks
			// no identity; one running alongside others erases theirs.
			if test.parallel {
				r.Report(a.Node, fmt.Sprintf("%s erases identity keys (%s) of the process environment in a parallel test: "+
					"the tests running alongside lose them; clear the environment only in a test that is not parallel", api, strings.Join(keys, ", ")))
			}
			return
		}
		r.Report(a.Node, fmt.Sprintf("%s erases identity keys (%s) of the whole process outside a root: "+
			"every session in the process loses them; carry identity in ctx, or give a child process its own exec.Cmd.Env", api, strings.Join(keys, ", ")))
	}
}

// A testScope is the testing value in scope of a write in a test file.
type testScope struct {
	name string
	fix  *analysis.TextEdit // nil when the call cannot simply become name.Setenv
	// parallel is true when the test, or a test it runs inside, calls
	// Parallel: t.Setenv panics there.
	parallel bool
	// restored is true when the test defers (or registers with Cleanup)
	// a call that writes the environment back: defer os.Setenv(k, old),
	// or defer cleanup() where cleanup := saveEnv() returns a literal that
	// does (restores).
	restored bool
}

// testWrite reports whether the write a stands in a _test.go file, and
// which *testing.T, *testing.B, *testing.F or testing.TB is in scope.
func testWrite(pass *analysis.Pass, a *identity.Access) (testScope, bool) {
	if a.File == nil || !strings.HasSuffix(pass.Fset.File(a.File.FileStart).Name(), "_test.go") {
		return testScope{}, false
	}
	path, _ := astutil.PathEnclosingInterval(a.File, a.Node.Pos(), a.Node.End())
	ts := testScope{}
	for i, n := range path {
		var ft *ast.FuncType
		var body *ast.BlockStmt
		switch n := n.(type) {
		case *ast.FuncLit:
			ft, body = n.Type, n.Body
		case *ast.FuncDecl:
			ft, body = n.Type, n.Body
		default:
			continue
		}
		param := testingParam(pass.TypesInfo, ft)
		if param == nil {
			continue
		}
		if callsParallel(pass.TypesInfo, body, param) {
			ts.parallel = true
		}
		if ts.name != "" {
			continue // an enclosing test: only whether it is parallel matters
		}
		ts.name = param.Name()
		ts.restored = restores(pass, body, a.Key)
		// os.Setenv(k, v) as a statement becomes name.Setenv(k, v), where
		// name still denotes the parameter (not a shadowing variable); a
		// call whose error is used, or Unsetenv, needs a person.
		if a.Forwarder == nil && strings.HasSuffix(a.API, ".Setenv") && i >= 1 && a.Call != nil && visible(pass, param.Name(), a.Call.Pos()) == param {
			if _, ok := path[1].(*ast.ExprStmt); ok && path[0] == a.Call {
				ts.fix = &analysis.TextEdit{Pos: a.Call.Fun.Pos(), End: a.Call.Fun.End(), NewText: []byte(param.Name() + ".Setenv")}
			}
		}
	}
	if ts.name == "" {
		ts.name = "t"
	}
	if ts.parallel {
		ts.fix = nil
	}
	return ts, true
}

// visible returns the object that name denotes at pos.
func visible(pass *analysis.Pass, name string, pos token.Pos) types.Object {
	s := pass.Pkg.Scope().Innermost(pos)
	if s == nil {
		return nil
	}
	_, obj := s.LookupParent(name, pos)
	return obj
}

// callsParallel reports whether body (not the function literals in it)
// calls the Parallel method of the testing value param.
func callsParallel(info *types.Info, body *ast.BlockStmt, param *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Parallel" {
				return true
			}
			if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && info.Uses[id] == param {
				if fn := lintkit.Callee(info, n); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "testing" {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// testingParam returns the first parameter of ft whose type is
// *testing.T, *testing.B, *testing.F or testing.TB, or nil.
func testingParam(info *types.Info, ft *ast.FuncType) *types.Var {
	if ft.Params == nil {
		return nil
	}
	for _, f := range ft.Params.List {
		t := info.TypeOf(f.Type)
		n := lintkit.NamedOf(t)
		if n == nil || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "testing" {
			continue
		}
		switch n.Obj().Name() {
		case "T", "B", "F", "TB":
			for _, id := range f.Names {
				if v, ok := info.Defs[id].(*types.Var); ok && id.Name != "_" {
					return v
				}
			}
		}
	}
	return nil
}

// restores reports whether the test body defers, or registers with
// Cleanup, a call that writes the process environment back (key, or keys
// it names at run time): defer os.Setenv(key, old); defer func() {
// os.Unsetenv(key) }(); defer cleanup() or t.Cleanup(cleanup), where
// cleanup is a function of the package, or the result of one, whose
// literal writes the environment (a save-and-restore helper that loops
// over the keys it saved). A restore of other constant keys only does
// not count.
func restores(pass *analysis.Pass, body *ast.BlockStmt, key string) bool {
	info := pass.TypesInfo
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // a subtest's own
		case *ast.DeferStmt:
			found = restoringCall(pass, body, n.Call, key)
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Cleanup" && len(n.Args) == 1 {
				fn := lintkit.Callee(info, n)
				if fn == nil {
					fn = lintkit.InterfaceCallee(info, n)
				}
				if lintkit.TestingCleanup(fn, pass.Pkg) {
					found = restoringFunc(pass, body, n.Args[0], key, 0)
				}
			}
		}
		return !found
	})
	return found
}

// restoringCall reports whether call, deferred, writes key of the
// environment back.
func restoringCall(pass *analysis.Pass, body *ast.BlockStmt, call *ast.CallExpr, key string) bool {
	if envWriteOf(pass, call, key) {
		return true
	}
	return restoringFunc(pass, body, call.Fun, key, 0)
}

// restoringFunc reports whether the function value f, called, writes key
// of the environment back: a literal, a function of the package, or a
// local bound to the result of one whose returned literal does.
func restoringFunc(pass *analysis.Pass, body *ast.BlockStmt, f ast.Expr, key string, depth int) bool {
	if depth > 2 {
		return false
	}
	info := pass.TypesInfo
	switch f := ast.Unparen(f).(type) {
	case *ast.FuncLit:
		return writesEnv(pass, f.Body, key)
	case *ast.Ident:
		switch obj := info.Uses[f].(type) {
		case *types.Func:
			if d := lintkit.DeclOf(pass.Files, obj); d != nil {
				return writesEnv(pass, d.Body, key)
			}
		case *types.Var:
			// cleanup := saveEnv(): the literal saveEnv returns.
			var src ast.Expr
			ast.Inspect(body, func(n ast.Node) bool {
				as, ok := n.(*ast.AssignStmt)
				if !ok || len(as.Lhs) != len(as.Rhs) {
					return src == nil
				}
				for i, l := range as.Lhs {
					if id, ok := l.(*ast.Ident); ok && info.ObjectOf(id) == obj {
						src = as.Rhs[i]
					}
				}
				return src == nil
			})
			if call, ok := ast.Unparen(src).(*ast.CallExpr); ok {
				if fn := lintkit.Callee(info, call); fn != nil {
					if d := lintkit.DeclOf(pass.Files, fn); d != nil {
						for _, r := range returnedLits(d.Body) {
							if writesEnv(pass, r.Body, key) {
								return true
							}
						}
					}
				}
			} else if src != nil {
				return restoringFunc(pass, body, src, key, depth+1)
			}
		}
	}
	return false
}

// writesEnv reports whether body calls os.Setenv or os.Unsetenv of key,
// or of a key it computes (a loop over saved keys).
func writesEnv(pass *analysis.Pass, body *ast.BlockStmt, key string) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && envWriteOf(pass, call, key) {
			found = true
		}
		return !found
	})
	return found
}

// envWriteOf reports whether call is os.Setenv or os.Unsetenv of key, or
// of a key that is no constant.
func envWriteOf(pass *analysis.Pass, call *ast.CallExpr, key string) bool {
	fn := lintkit.Callee(pass.TypesInfo, call)
	if fn == nil || !lintkit.IsFunc(fn, "os", "Setenv") && !lintkit.IsFunc(fn, "os", "Unsetenv") || len(call.Args) == 0 {
		return false
	}
	tv := pass.TypesInfo.Types[call.Args[0]]
	return tv.Value == nil || tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == key
}

// returnedLits returns the function literals body returns.
func returnedLits(body *ast.BlockStmt) []*ast.FuncLit {
	var out []*ast.FuncLit
	ast.Inspect(body, func(n ast.Node) bool {
		if r, ok := n.(*ast.ReturnStmt); ok {
			for _, e := range r.Results {
				if lit, ok := ast.Unparen(e).(*ast.FuncLit); ok {
					out = append(out, lit)
				}
			}
		}
		return true
	})
	return out
}
