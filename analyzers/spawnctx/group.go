package spawnctx

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// A groupCtor is a constructor of the built-in table that returns a group
// and the context that the group cancels when a task fails.
type groupCtor struct {
	group, ctx int      // the indices of the group and of its context among the results
	tasks      []string // the group's methods that take a task
}

// groupCtors is keyed by lintkit.FuncName. Of the spawners of the built-in
// table, only errgroup returns its context: sourcegraph/conc's
// Pool.WithContext returns a *ContextPool that hands its context to each
// task as a parameter, and runctx.NewGroup keeps its own (Group.Context).
var groupCtors = map[string]groupCtor{
	"golang.org/x/sync/errgroup.WithContext": {group: 0, ctx: 1, tasks: []string{"Go", "TryGo"}},
}

// groupPkgs are the import paths of groupCtors, for the early exit.
var groupPkgs = []string{"golang.org/x/sync/errgroup"}

// groups reports the group constructors whose context is discarded,
// g, _ := errgroup.WithContext(ctx): nothing observes the cancellation
// that a failing task triggers, so the other tasks run on to completion.
func (c *checker) groups() {
	if !lintkit.ImportsAny(c.pass.Pkg, groupPkgs...) {
		return
	}
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || c.scope.InTestFunc(fd) {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.AssignStmt:
					if len(n.Rhs) == 1 && (n.Tok == token.DEFINE || n.Tok == token.ASSIGN) {
						c.group(f, fd, n, n.Lhs, n.Rhs[0], n.Tok)
					}
				case *ast.ValueSpec:
					if len(n.Values) == 1 && n.Type == nil {
						lhs := make([]ast.Expr, len(n.Names))
						for i, id := range n.Names {
							lhs[i] = id
						}
						c.group(f, fd, n, lhs, n.Values[0], token.VAR)
					}
				}
				return true
			})
		}
	}
}

// group reports the statement stmt (lhs tok rhs) if it discards the
// context of a group constructor.
func (c *checker) group(file *ast.File, fd *ast.FuncDecl, stmt ast.Node, lhs []ast.Expr, rhs ast.Expr, tok token.Token) {
	call, ok := ast.Unparen(rhs).(*ast.CallExpr)
	if !ok {
		return
	}
	fn := lintkit.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return
	}
	ctor, ok := groupCtors[lintkit.FuncName(fn)]
	if !ok || len(lhs) != fn.Signature().Results().Len() || len(call.Args) != 1 || call.Ellipsis.IsValid() {
		return
	}
	if !isBlank(lhs[ctor.ctx]) || isBlank(lhs[ctor.group]) {
		return // bound, or nothing kept to run tasks on
	}
	defer lintkit.At(c.pass.Fset, stmt)
	g := lhs[ctor.group]
	if c.cannotFail(fd, stmt, g, ctor) {
		return // no failure to cancel on: the context would never be cancelled early
	}
	if c.parentAfterWait(fd, g, call.Args[0]) {
		// The code after Wait must go on with the parent's context, not a
		// group context cancelled when Wait returns: the discard is the
		// fix of g, ctx := errgroup.WithContext(ctx), which shadowed it.
		return
	}
	plain := lintkit.NamedOf(fn.Signature().Results().At(ctor.group).Type())
	if plain == nil {
		return
	}
	ctorName := lintkit.ShortName(fn, c.pass.Pkg)
	plainName := plain.Obj().Pkg().Name() + "." + plain.Obj().Name()
	if plain.Obj().Pkg() == c.pass.Pkg {
		plainName = plain.Obj().Name()
	}
	msg := fmt.Sprintf("context of %s is discarded: a failing task cancels nothing, the other tasks run on; bind it (%s, gctx := %s(%s)) and use gctx in the tasks, or use a plain %s if no cancellation is wanted",
		ctorName, types.ExprString(g), types.ExprString(call.Fun), types.ExprString(call.Args[0]), plainName)

	var opts []lintkit.Option
	if e, ok := c.plainEdit(file, fd, stmt, lhs, call, tok, ctor, plain); ok {
		opts = append(opts, lintkit.Fix("Use a plain "+plainName, e))
	}
	if name, edits := c.bindEdits(fd, stmt, lhs, call, tok, ctor); len(edits) > 0 {
		opts = append(opts, lintkit.Fix("Bind the group's context as "+name+" and use it in the tasks", edits...))
	}
	c.r.Report(lhs[ctor.ctx], msg, opts...)
}

// cannotFail reports whether no task of the group g can fail: g is a
// local variable used only to call its methods, and every task is a func
// literal whose every return statement returns nil. Then the discarded
// context is never cancelled before Wait returns, and nothing is lost.
func (c *checker) cannotFail(fd *ast.FuncDecl, stmt ast.Node, g ast.Expr, ctor groupCtor) bool {
	info := c.pass.TypesInfo
	id, ok := ast.Unparen(g).(*ast.Ident)
	if !ok {
		return false
	}
	group := asVar(objOfIdent(info, id))
	if group == nil {
		return false
	}
	// Each use of g must be the receiver of a method call.
	calls := map[*ast.Ident]*ast.CallExpr{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				if x, ok := ast.Unparen(sel.X).(*ast.Ident); ok && info.Uses[x] == group {
					calls[x] = call
				}
			}
		}
		return true
	})
	tasks := 0
	failing := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		x, ok := n.(*ast.Ident)
		if !ok || info.Uses[x] != group || failing || (stmt.Pos() <= x.Pos() && x.End() <= stmt.End()) {
			return !failing
		}
		call, ok := calls[x]
		if !ok {
			failing = true // g escapes: its tasks are unknown
			return false
		}
		if !slices.Contains(ctor.tasks, ast.Unparen(call.Fun).(*ast.SelectorExpr).Sel.Name) {
			return true // Wait, SetLimit
		}
		tasks++
		if len(call.Args) != 1 {
			failing = true
			return false
		}
		lit, ok := ast.Unparen(call.Args[0]).(*ast.FuncLit)
		if !ok || !returnsOnlyNil(info, lit) {
			failing = true
		}
		return !failing
	})
	return !failing && tasks > 0
}

// parentAfterWait reports whether the parent context parent (a variable)
// is used after a call of g.Wait in fd's own code (not in a literal, such
// as a task of another group): the function goes on with it once the
// group is done.
func (c *checker) parentAfterWait(fd *ast.FuncDecl, g, parent ast.Expr) bool {
	info := c.pass.TypesInfo
	gid, ok1 := ast.Unparen(g).(*ast.Ident)
	pid, ok2 := ast.Unparen(parent).(*ast.Ident)
	if !ok1 || !ok2 {
		return false
	}
	group, pv := asVar(objOfIdent(info, gid)), asVar(info.Uses[pid])
	if group == nil || pv == nil {
		return false
	}
	wait := token.NoPos // the end of the first g.Wait()
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || wait.IsValid() {
			return !wait.IsValid()
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Wait" {
			if x, ok := ast.Unparen(sel.X).(*ast.Ident); ok && info.Uses[x] == group {
				wait = call.End()
			}
		}
		return true
	})
	if !wait.IsValid() {
		return false
	}
	// A use in the function's own code, not in a literal (a task of
	// another group).
	used := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.Ident:
			used = used || n.Pos() > wait && info.Uses[n] == pv
		}
		return !used
	})
	return used
}

// returnsOnlyNil reports whether every return statement of lit (not of
// the literals inside it) returns the single value nil.
func returnsOnlyNil(info *types.Info, lit *ast.FuncLit) bool {
	ok := true
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) != 1 {
				ok = false
			} else if id, isID := ast.Unparen(n.Results[0]).(*ast.Ident); !isID || info.Uses[id] != types.Universe.Lookup("nil") {
				ok = false
			}
		}
		return ok
	})
	return ok
}

func asVar(obj types.Object) *types.Var {
	v, _ := obj.(*types.Var)
	return v
}

func objOfIdent(info *types.Info, id *ast.Ident) types.Object {
	if obj := info.Defs[id]; obj != nil {
		return obj
	}
	return info.Uses[id]
}

func isBlank(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && id.Name == "_"
}
