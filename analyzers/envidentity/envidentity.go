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
	// fixed: per file, the os.Setenv of each write a fix turns into
	// t.Setenv: a fix that would leave os unused is not offered.
	fixed := map[*ast.File][]analysis.Range{}
	for _, a := range id.Accesses {
		// os.Clearenv matters where the package keeps identity in the
		// environment; elsewhere (os itself, hermetic tests) it is a reset.
		if a.Root == "" && (a.Op != identity.OpClear || len(keys) > 0) {
			found = append(found, a)
			if a.Op == identity.OpWrite {
				if ts, ok := testWrite(pass, a); ok && ts.fix != nil {
					fixed[a.File] = append(fixed[a.File], a.Call.Fun)
				}
			}
		}
	}
	for _, a := range found {
		report(pass, r, a, keys, fixed[a.File])
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

func report(pass *analysis.Pass, r *lintkit.Reporter, a *identity.Access, keys []string, fixed []analysis.Range) {
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
		if test, ok := testWrite(pass, a); ok {
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
