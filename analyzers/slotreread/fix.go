package slotreread

import (
	"bytes"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// fix returns the edits that make b reuse the value of a: replace b with
// the variable a is bound to when there is one that b can see, or else
// hoist a into a new local declared just before the statement that holds
// it. It returns nil where no edit is unambiguous (a read with several
// results, one inside a loop header or a nested block).
func (c *checker) fix(body *ast.BlockStmt, a, b *read) []analysis.TextEdit {
	info := c.pass.TypesInfo
	if v := a.bound; v != nil && !c.reassigned(body, v, a) && c.visible(v.Name(), b.expr.Pos()) == v {
		return []analysis.TextEdit{{Pos: b.expr.Pos(), End: b.expr.End(), NewText: []byte(v.Name())}}
	}
	t := info.TypeOf(a.expr)
	if t == nil {
		return nil
	}
	if _, ok := t.(*types.Tuple); ok {
		return nil
	}
	stmt, list := hoistPoint(a)
	if stmt == nil || !(list.Pos() <= b.expr.Pos() && b.expr.End() <= list.End()) || b.expr.Pos() < stmt.End() && !lintkit.Contains(stmt, b.expr.Pos()) {
		return nil
	}
	// Every name in the read must mean the same before the statement
	// (if g := gates[i]; g.slot.Load() != nil cannot be hoisted).
	same := true
	ast.Inspect(a.expr, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if obj := info.Uses[id]; obj != nil && obj.Parent() != nil && c.visible(id.Name, stmt.Pos()) != obj {
				same = false
			}
		}
		return same
	})
	if !same {
		return nil
	}
	name := c.localName(t, stmt.Pos(), b.expr.Pos())
	if name == "" {
		return nil
	}
	src, indent := c.source(stmt.Pos())
	if src == nil {
		return nil
	}
	text := string(src[c.offset(a.expr.Pos()):c.offset(a.expr.End())])
	return []analysis.TextEdit{
		{Pos: stmt.Pos(), End: stmt.Pos(), NewText: []byte(name + " := " + text + "\n" + indent)},
		{Pos: a.expr.Pos(), End: a.expr.End(), NewText: []byte(name)},
		{Pos: b.expr.Pos(), End: b.expr.End(), NewText: []byte(name)},
	}
}

// hoistPoint returns the statement, in a statement list, that holds read a
// where a is evaluated once and unconditionally when the statement runs
// (not in a loop, a nested block or a function literal), and the node whose
// scope the list is.
func hoistPoint(a *read) (ast.Stmt, ast.Node) {
	for i := len(a.stack) - 1; i >= 0; i-- {
		n := a.stack[i]
		var child ast.Node = a.expr
		if i+1 < len(a.stack) {
			child = a.stack[i+1]
		}
		switch n := n.(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			if s, ok := child.(ast.Stmt); ok {
				return s, n
			}
			return nil, nil
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit, *ast.SelectStmt, *ast.TypeSwitchStmt:
			return nil, nil
		case *ast.IfStmt:
			if child != n.Init && child != n.Cond {
				return nil, nil
			}
		case *ast.SwitchStmt:
			if child != n.Init && child != n.Tag {
				return nil, nil
			}
		case *ast.LabeledStmt:
			return nil, nil
		}
	}
	return nil, nil
}

// reassigned reports whether v is assigned anywhere in body other than by
// read a's own statement.
func (c *checker) reassigned(body *ast.BlockStmt, v *types.Var, a *read) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, r := range n.Rhs {
				if r == a.expr {
					return true
				}
			}
			for _, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == v {
					found = true
				}
			}
		case *ast.UnaryExpr:
			if id, ok := n.X.(*ast.Ident); ok && n.Op == token.AND && c.pass.TypesInfo.Uses[id] == v {
				found = true
			}
		case *ast.IncDecStmt:
			if id, ok := n.X.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == v {
				found = true
			}
		}
		return !found
	})
	return found
}

// visible returns the object that name denotes at pos.
func (c *checker) visible(name string, pos token.Pos) types.Object {
	s := c.pass.Pkg.Scope().Innermost(pos)
	if s == nil {
		return nil
	}
	_, obj := s.LookupParent(name, pos)
	return obj
}

// localName picks a name for the new local from its type ("run" for
// *Run), one that nothing in scope at from or at to already uses and that
// the statement list's own scope does not declare later.
func (c *checker) localName(t types.Type, from, to token.Pos) string {
	base := "cur"
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		r := []rune(n.Obj().Name())
		r[0] = unicode.ToLower(r[0])
		base = string(r)
	}
	if token.IsKeyword(base) || types.Universe.Lookup(base) != nil {
		base = "cur"
	}
	// The scope of the statement list: just before the statement, so that
	// an if or switch statement's own scope is not the one found.
	scope := c.pass.Pkg.Scope().Innermost(from - 1)
	for i := 1; i < 10; i++ {
		name := base
		if i > 1 {
			name = base + string(rune('0'+i))
		}
		if c.visible(name, from) != nil || c.visible(name, to) != nil {
			continue
		}
		if scope != nil && scope.Lookup(name) != nil {
			continue
		}
		return name
	}
	return ""
}

// source returns the file content around pos and the indentation of its
// line.
func (c *checker) source(pos token.Pos) ([]byte, string) {
	tf := c.pass.Fset.File(pos)
	src, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return nil, ""
	}
	off := tf.Offset(pos)
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	line := string(src[start:off])
	return src, line[:len(line)-len(strings.TrimLeftFunc(line, unicode.IsSpace))]
}

func (c *checker) offset(pos token.Pos) int { return c.pass.Fset.File(pos).Offset(pos) }
