package spawnctx

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// The two fixes for a discarded group context, and what makes each safe.

// plainEdit replaces the statement by one that makes a plain group of the
// same pointer type, g := new(errgroup.Group), so that every use of g
// still compiles. It is offered only where dropping the context argument
// leaves no variable or import unused.
func (c *checker) plainEdit(file *ast.File, fd *ast.FuncDecl, stmt ast.Node, lhs []ast.Expr, call *ast.CallExpr, tok token.Token, ctor groupCtor, plain *types.Named) (analysis.TextEdit, bool) {
	g := lhs[ctor.group]
	switch ast.Unparen(g).(type) {
	case *ast.Ident, *ast.SelectorExpr:
	default:
		return analysis.TextEdit{}, false
	}
	if _, ok := c.pass.TypesInfo.TypeOf(g).(*types.Pointer); !ok || len(lhs) != 2 {
		return analysis.TextEdit{}, false
	}
	if !c.removable(file, fd, call.Args[0]) {
		return analysis.TextEdit{}, false
	}
	// The qualifier as the file spells it: errgroup, an alias, or none
	// under a dot import.
	typ := plain.Obj().Name()
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if id, ok := sel.X.(*ast.Ident); ok {
			if _, ok := c.pass.TypesInfo.Uses[id].(*types.PkgName); ok {
				typ = id.Name + "." + typ
			}
		}
	}
	op := tok.String()
	if tok == token.VAR {
		op = "="
	}
	text := fmt.Sprintf("%s %s new(%s)", types.ExprString(g), op, typ)
	return analysis.TextEdit{Pos: lhs[0].Pos(), End: call.End(), NewText: []byte(text)}, true
}

// removable reports whether deleting the expression e leaves the code
// compiling and doing the same: e reads variables and fields, or calls
// context.Background, context.TODO or (*http.Request).Context, and every
// local variable and import it names is used elsewhere too.
func (c *checker) removable(file *ast.File, fd *ast.FuncDecl, e ast.Expr) bool {
	info := c.pass.TypesInfo
	pure := true
	var locals []*types.Var
	var pkgs []*types.PkgName
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			switch obj := info.Uses[n].(type) {
			case *types.Var:
				if !obj.IsField() && obj.Parent() != c.pass.Pkg.Scope() {
					locals = append(locals, obj)
				}
			case *types.PkgName:
				pkgs = append(pkgs, obj)
			}
		case *ast.CallExpr:
			fn := lintkit.Callee(info, n)
			if fn == nil || !(lintkit.IsFunc(fn, "context", "Background") || lintkit.IsFunc(fn, "context", "TODO") ||
				lintkit.IsMethod(fn, "net/http", "Request", "Context")) {
				pure = false
			}
		case nil, *ast.SelectorExpr, *ast.ParenExpr, *ast.StarExpr:
		default:
			pure = false
		}
		return pure
	})
	if !pure {
		return false
	}
	for _, v := range locals {
		if !isParam(info, fd, v) && uses(info, fd, v) < 2 {
			return false
		}
	}
	for _, p := range pkgs {
		if uses(info, file, p) < 2 {
			return false
		}
	}
	return true
}

// isParam reports whether v is a parameter, result or receiver of fd or
// of a func literal in it: it may go unused.
func isParam(info *types.Info, fd *ast.FuncDecl, v *types.Var) bool {
	found := false
	ast.Inspect(fd, func(n ast.Node) bool {
		var lists []*ast.FieldList
		switch n := n.(type) {
		case *ast.FuncDecl:
			lists = append(lists, n.Recv)
		case *ast.FuncType:
			lists = append(lists, n.Params, n.Results)
		}
		for _, l := range lists {
			if l == nil {
				continue
			}
			for _, f := range l.List {
				for _, name := range f.Names {
					if info.Defs[name] == v {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// uses counts the identifiers under root that use obj.
func uses(info *types.Info, root ast.Node, obj types.Object) int {
	n := 0
	ast.Inspect(root, func(nd ast.Node) bool {
		if id, ok := nd.(*ast.Ident); ok && info.Uses[id] == obj {
			n++
		}
		return true
	})
	return n
}

// bindEdits names the discarded context and hands it to the tasks: each
// use of the parent context variable inside a func literal given to the
// group's Go or TryGo is replaced by it. It returns no edits where that is
// not sure to compile and mean the same group: the parent is not a plain
// variable, the group is not a local variable assigned once, the
// statement is a plain assignment (the new name would need a declaration),
// no task uses the parent (the new name would be unused), or both
// candidate names are already used in the function.
func (c *checker) bindEdits(fd *ast.FuncDecl, stmt ast.Node, lhs []ast.Expr, call *ast.CallExpr, tok token.Token, ctor groupCtor) (string, []analysis.TextEdit) {
	info := c.pass.TypesInfo
	if tok == token.ASSIGN {
		return "", nil
	}
	parentID, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	if !ok {
		return "", nil
	}
	parent, _ := info.Uses[parentID].(*types.Var)
	gid, ok := lhs[ctor.group].(*ast.Ident)
	if !ok || parent == nil {
		return "", nil
	}
	group, _ := info.Defs[gid].(*types.Var)
	if group == nil || assigned(info, fd, group) {
		return "", nil
	}
	name := ""
	for _, cand := range []string{"gctx", "groupCtx"} {
		if !c.nameTaken(fd, stmt.Pos(), cand) {
			name = cand
			break
		}
	}
	if name == "" {
		return "", nil
	}
	edits := []analysis.TextEdit{{Pos: lhs[ctor.ctx].Pos(), End: lhs[ctor.ctx].End(), NewText: []byte(name)}}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		task, ok := n.(*ast.CallExpr)
		if !ok || task.Pos() < stmt.End() || len(task.Args) != 1 {
			return true
		}
		sel, ok := ast.Unparen(task.Fun).(*ast.SelectorExpr)
		if !ok || !slices.Contains(ctor.tasks, sel.Sel.Name) {
			return true
		}
		if id, ok := ast.Unparen(sel.X).(*ast.Ident); !ok || info.Uses[id] != group {
			return true
		}
		lit, ok := ast.Unparen(task.Args[0]).(*ast.FuncLit)
		if !ok {
			return true
		}
		ast.Inspect(lit.Body, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && info.Uses[id] == parent {
				edits = append(edits, analysis.TextEdit{Pos: id.Pos(), End: id.End(), NewText: []byte(name)})
			}
			return true
		})
		return true
	})
	if len(edits) == 1 {
		return "", nil // no task uses the parent: the bound name would be unused
	}
	return name, edits
}

// assigned reports whether v is assigned anywhere in fd after its
// declaration.
func assigned(info *types.Info, fd *ast.FuncDecl, v *types.Var) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && info.Uses[id] == v {
					found = true
				}
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && info.Uses[id] == v {
				found = true
			}
		}
		return !found
	})
	return found
}

// nameTaken reports whether name is declared or used anywhere in fd, or
// visible where the statement at pos declares it.
func (c *checker) nameTaken(fd *ast.FuncDecl, pos token.Pos, name string) bool {
	if s := c.pass.Pkg.Scope().Innermost(pos); s != nil {
		if _, obj := s.LookupParent(name, pos); obj != nil {
			return true
		}
	}
	taken := false
	ast.Inspect(fd, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			taken = true
		}
		return !taken
	})
	return taken
}
