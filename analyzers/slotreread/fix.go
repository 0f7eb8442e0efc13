package slotreread

import (
	"bytes"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// fix returns the edits that make b reuse the value of a: replace b with
// the variable a is bound to when there is one of b's type that b can see,
// or else hoist a into a new local declared just before the statement that
// holds it. It returns nil where no edit is safe: a read with several
// results, two reads of different types (an accessor that asserts the
// type, and the Load it wraps), a first read that is not evaluated once
// and first whenever its statement runs (in a loop, a select or case
// header, the right operand of && or ||, after a call or an if
// statement's init), or a function with a goto (a new local may be jumped
// over).
func (c *checker) fix(fx *fnIndex, a, b *read) []analysis.TextEdit {
	info := c.pass.TypesInfo
	t, tb := info.TypeOf(a.expr), info.TypeOf(b.expr)
	if t == nil || tb == nil || !types.Identical(t, tb) {
		return nil
	}
	if c.mayRebindBetween(fx, a, b) {
		return nil // a call between may rebind the slot on purpose: the second read is then meant to see it
	}
	if v := a.bound; v != nil && types.Identical(v.Type(), tb) && !fx.reassigned(v, a) && c.visible(v.Name(), b.expr.Pos()) == v {
		return []analysis.TextEdit{{Pos: b.expr.Pos(), End: b.expr.End(), NewText: []byte(v.Name())}}
	}
	if _, ok := t.(*types.Tuple); ok {
		return nil
	}
	stmt, list := hoistPoint(a)
	if stmt == nil || !(list.Pos() <= b.expr.Pos() && b.expr.End() <= list.End()) || b.expr.Pos() < stmt.End() && !lintkit.Contains(stmt, b.expr.Pos()) {
		return nil
	}
	if fx.hasGoto() || callsBefore(stmt, a.expr) {
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
	name, ok := c.hoisted[a.expr]
	if !ok {
		name = c.localName(t, a.local, stmt.Pos(), b.expr.Pos())
		if name == "" {
			return nil
		}
		c.hoisted[a.expr], c.named[name] = name, true
	} else if c.visible(name, b.expr.Pos()) != nil {
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
// where a is evaluated once, unconditionally, whenever the statement runs
// (not in a loop, a nested block, a function literal, a select or case
// header past the first case, or the right operand of && or ||), and the
// node whose scope the list is.
func hoistPoint(a *read) (ast.Stmt, ast.Node) {
	for i := len(a.stack) - 1; i >= 0; i-- {
		n := a.stack[i]
		var child ast.Node = a.expr
		if i+1 < len(a.stack) {
			child = a.stack[i+1]
		}
		switch n := n.(type) {
		case *ast.BlockStmt:
			if s, ok := child.(ast.Stmt); ok && i > 0 && isCaseBody(a.stack[i-1], n) {
				return nil, nil // a switch or select body holds clauses, not statements
			} else if ok {
				return s, n
			}
			return nil, nil
		case *ast.CaseClause:
			if s, ok := child.(ast.Stmt); ok && slices.Contains(n.Body, s) {
				return s, n
			}
			// The first expression of the first case of a switch without
			// an init runs whenever the switch does.
			if len(n.List) == 0 || child != n.List[0] || i < 2 {
				return nil, nil
			}
			blk, _ := a.stack[i-1].(*ast.BlockStmt)
			sw, _ := a.stack[i-2].(*ast.SwitchStmt)
			if blk == nil || sw == nil || sw.Init != nil || len(blk.List) == 0 || blk.List[0] != n {
				return nil, nil
			}
			i-- // continue above the switch body
		case *ast.CommClause:
			if s, ok := child.(ast.Stmt); ok && slices.Contains(n.Body, s) {
				return s, n
			}
			return nil, nil
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit, *ast.SelectStmt, *ast.TypeSwitchStmt, *ast.LabeledStmt:
			return nil, nil
		case *ast.IfStmt:
			if child != n.Init && (child != n.Cond || n.Init != nil) {
				return nil, nil
			}
		case *ast.SwitchStmt:
			if child != n.Init && (child != n.Tag || n.Init != nil) && child != n.Body {
				return nil, nil
			}
		case *ast.BinaryExpr:
			if (n.Op == token.LAND || n.Op == token.LOR) && child == n.Y {
				return nil, nil // evaluated only when the left operand allows
			}
		}
	}
	return nil, nil
}

// isCaseBody reports whether blk is the body of switch, type switch or
// select statement parent.
func isCaseBody(parent ast.Node, blk *ast.BlockStmt) bool {
	switch p := parent.(type) {
	case *ast.SwitchStmt:
		return p.Body == blk
	case *ast.TypeSwitchStmt:
		return p.Body == blk
	case *ast.SelectStmt:
		return p.Body == blk
	}
	return false
}

// hasGoto reports whether body has a goto statement, outside the function
// literals it contains: a local declared by a fix could be jumped over.
func hasGoto(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BranchStmt:
			found = found || n.Tok == token.GOTO
		}
		return !found
	})
	return found
}

// callsBefore reports whether stmt evaluates a call before e (a call that
// ends before e begins, not one that encloses it): hoisting e above the
// statement would read the slot before that call runs.
func callsBefore(stmt ast.Stmt, e ast.Expr) bool {
	found := false
	ast.Inspect(stmt, func(n ast.Node) bool {
		if found || n == nil || n.Pos() >= e.Pos() {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok && call.End() <= e.Pos() {
			found = true
		}
		return !found
	})
	return found
}

// visible returns the object that name denotes at pos.
func (c *checker) visible(name string, pos token.Pos) types.Object {
	return c.scopes.LookupAt(name, pos)
}

// localName picks a name for the new local: local when the read names
// one (the field of an integer state), else from its type ("run" for
// *Run), else cur; one that nothing in scope at from or at to already
// uses, that the statement list's own scope does not declare later, and
// that no other fix in the function declares.
func (c *checker) localName(t types.Type, local string, from, to token.Pos) string {
	base := "cur"
	t = lintkit.Deref(t)
	if n, ok := types.Unalias(t).(*types.Named); ok {
		r := []rune(n.Obj().Name())
		r[0] = unicode.ToLower(r[0])
		base = string(r)
	}
	bases := []string{base, "cur"}
	if local != "" {
		bases = []string{local, "cur"}
	}
	// The scope of the statement list: just before the statement, so that
	// an if or switch statement's own scope is not the one found.
	scope := c.scopes.Innermost(from - 1)
	for _, base := range bases {
		if token.IsKeyword(base) || types.Universe.Lookup(base) != nil {
			continue
		}
		for i := 1; i < 10; i++ {
			name := base
			if i > 1 {
				name = base + string(rune('0'+i))
			}
			if c.named[name] || c.visible(name, from) != nil || c.visible(name, to) != nil {
				continue
			}
			if scope != nil && scope.Lookup(name) != nil {
				continue
			}
			return name
		}
	}
	return ""
}

// source returns the file content around pos and the indentation of its
// line.
func (c *checker) source(pos token.Pos) ([]byte, string) {
	tf := c.pass.Fset.File(pos)
	src, ok := c.srcs[tf]
	if !ok {
		b, err := c.pass.ReadFile(tf.Name())
		if err == nil {
			src = b
		}
		c.srcs[tf] = src
	}
	if src == nil {
		return nil, ""
	}
	off := tf.Offset(pos)
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	line := string(src[start:off])
	return src, line[:len(line)-len(strings.TrimLeftFunc(line, unicode.IsSpace))]
}

func (c *checker) offset(pos token.Pos) int { return c.pass.Fset.File(pos).Offset(pos) }
