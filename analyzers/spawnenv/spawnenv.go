package spawnenv

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
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

// Analyzer reports child-process environments whose identity keys do not
// come from the context.
var Analyzer = &analysis.Analyzer{
	Name:     "spawnenv",
	Doc:      lintkit.MustExtractDoc(doc, "spawnenv"),
	URL:      "https://github.com/ctxbound/ctxbound/blob/main/docs/checks.md#spawnenv",
	Requires: []*analysis.Analyzer{directives.Analyzer, config.Analyzer, identity.Analyzer},
	Run:      lintkit.Safe(run),
}

// envTypes are the types whose Env field is a child's environment.
var envTypes = [][2]string{{"os/exec", "Cmd"}, {"os", "ProcAttr"}, {"syscall", "ProcAttr"}}

type checker struct {
	pass *analysis.Pass
	r    *lintkit.Reporter
	id   *identity.Result
	cfg  *config.Config
	file *ast.File
}

func run(pass *analysis.Pass) (any, error) {
	c := &checker{
		pass: pass,
		r:    lintkit.NewReporter(pass, pass.ResultOf[directives.Analyzer].(*directives.Result)),
		id:   pass.ResultOf[identity.Analyzer].(*identity.Result),
		cfg:  pass.ResultOf[config.Analyzer].(*config.Config),
	}
	if lintkit.ImportsAny(pass.Pkg, "os/exec", "os", "syscall") {
		for _, f := range pass.Files {
			c.file = f
			ast.Inspect(f, c.visit)
		}
	}
	c.r.Finish()
	return nil, nil
}

// visit finds the places where a child's environment is set.
func (c *checker) visit(n ast.Node) bool {
	info := c.pass.TypesInfo
	switch n := n.(type) {
	case *ast.AssignStmt:
		if len(n.Lhs) != len(n.Rhs) {
			return true
		}
		for i, lhs := range n.Lhs {
			if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && sel.Sel.Name == "Env" {
				if t := envType(info.TypeOf(sel.X)); t != "" {
					c.site(n, t+".Env", n.Rhs[i])
				}
			}
		}
	case *ast.CompositeLit:
		t := envType(info.TypeOf(n))
		if t == "" {
			return true
		}
		for _, e := range n.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Env" {
					c.site(kv, t+".Env", kv.Value)
				}
			}
		}
	case *ast.CallExpr:
		if fn := lintkit.Callee(info, n); fn != nil && lintkit.IsFunc(fn, "syscall", "Exec") && len(n.Args) == 3 {
			c.site(n, "syscall.Exec", n.Args[2])
		}
	}
	return true
}

// envType returns "exec.Cmd", "os.ProcAttr" or "syscall.ProcAttr" when t
// is (a pointer to) one of them, else "".
func envType(t types.Type) string {
	n := lintkit.NamedOf(t)
	if n == nil || n.Obj().Pkg() == nil {
		return ""
	}
	for _, et := range envTypes {
		if n.Obj().Pkg().Path() == et[0] && n.Obj().Name() == et[1] {
			return n.Obj().Pkg().Name() + "." + et[1]
		}
	}
	return ""
}

// envList is what an environment expression is made of.
type envList struct {
	elems     []ast.Expr
	inherited *ast.CallExpr // os.Environ(), syscall.Environ() or cmd.Environ()
}

// collect gathers the elements of the environment expression e, following
// append, slice literals and local variables.
func (c *checker) collect(e ast.Expr, out *envList, seen map[*types.Var]bool) {
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		for _, el := range e.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			out.elems = append(out.elems, el)
		}
	case *ast.CallExpr:
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok {
			if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "append" && len(e.Args) > 0 {
				c.collect(e.Args[0], out, seen)
				if e.Ellipsis.IsValid() && len(e.Args) == 2 {
					c.collect(e.Args[1], out, seen)
				} else {
					out.elems = append(out.elems, e.Args[1:]...)
				}
				return
			}
		}
		fn := lintkit.Callee(info, e)
		if fn != nil && (lintkit.IsFunc(fn, "os", "Environ") || lintkit.IsFunc(fn, "syscall", "Environ") ||
			lintkit.IsMethod(fn, "os/exec", "Cmd", "Environ")) && out.inherited == nil {
			out.inherited = e
		}
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok || seen[v] {
			return
		}
		seen[v] = true
		for _, d := range c.id.Defs(v) {
			c.collect(d, out, seen)
		}
	}
}

// keyOf returns the literal key an environment element sets: "K=" + v,
// "K=V", fmt.Sprintf("K=%s", v), fmt.Sprintf("%s=%s", K, v).
func (c *checker) keyOf(e ast.Expr) (string, bool) {
	info := c.pass.TypesInfo
	str := func(e ast.Expr) (string, bool) {
		tv, ok := info.Types[e]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
			return "", false
		}
		return constant.StringVal(tv.Value), true
	}
	for {
		if s, ok := str(e); ok {
			k, _, found := strings.Cut(s, "=")
			return k, found && k != ""
		}
		switch x := ast.Unparen(e).(type) {
		case *ast.BinaryExpr:
			if x.Op != token.ADD {
				return "", false
			}
			e = x.X
			continue
		case *ast.CallExpr:
			fn := lintkit.Callee(info, x)
			if fn == nil || !lintkit.IsFunc(fn, "fmt", "Sprintf") || len(x.Args) == 0 {
				return "", false
			}
			format, ok := str(x.Args[0])
			if !ok {
				return "", false
			}
			k, _, found := strings.Cut(format, "=")
			if !found {
				return "", false
			}
			if k == "%s" && len(x.Args) > 1 {
				if ks, ok := str(x.Args[1]); ok {
					return ks, ks != ""
				}
				return "", false
			}
			return k, k != "" && !strings.Contains(k, "%")
		}
		return "", false
	}
}

// site checks one environment handed to a child process.
func (c *checker) site(at ast.Node, boundary string, env ast.Expr) {
	defer lintkit.At(c.pass.Fset, at)
	var list envList
	c.collect(env, &list, map[*types.Var]bool{})
	var set []string
	reported := false
	for _, el := range list.elems {
		key, ok := c.keyOf(el)
		if !ok {
			continue
		}
		set = append(set, key)
		if c.cfg.IsIdentityKey(key) {
			if src, ok := c.id.FromEnv(el); ok {
				reported = c.r.Report(el, fmt.Sprintf("%s hands the child identity key %s from the process environment (%s), not from ctx: "+
					"it may be another session's; take it from ctx, or use runctx.Command", boundary, key, src.Desc),
					lintkit.Related(src.Pos, src.End, "the environment read")) || reported
			}
			continue
		}
		if c.cfg.StrictSpawnEnv && !c.cfg.IsClassified(key) {
			c.r.Report(el, fmt.Sprintf("%s hands the child key %s, which is neither an identity key nor behaviour-only: "+
				"classify it in .ctxbound.json (identity_keys or behaviour_keys), so that identity never leaks to a child unseen", boundary, key))
		}
	}
	if list.inherited == nil || reported || !c.ctxInScope(at) {
		return
	}
	var missing []string
	for _, k := range c.id.Keys() {
		if !slices.Contains(set, k) {
			missing = append(missing, k)
		}
	}
	if len(missing) == 0 {
		return
	}
	c.r.Report(at, fmt.Sprintf("%s hands the child the process environment, with identity %s %s, while ctx is in scope: "+
		"the child may run as another session; set %s from ctx, or use runctx.Command",
		boundary, plural(len(missing), "key", "keys"), strings.Join(missing, ", "), plural(len(missing), "it", "them")),
		lintkit.Related(list.inherited.Pos(), list.inherited.End(), "the inherited environment"))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// ctxInScope reports whether a function enclosing n takes a context.Context.
func (c *checker) ctxInScope(n ast.Node) bool {
	path, _ := astutil.PathEnclosingInterval(c.file, n.Pos(), n.End())
	for _, p := range path {
		switch p.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			if _, sig := lintkit.FuncOf(c.pass.TypesInfo, p); sig != nil && lintkit.TakesContext(sig) {
				return true
			}
		}
	}
	return false
}
