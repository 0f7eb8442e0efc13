package scopedcopy

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

// resetFix returns the edit that resets field f of the copy right after the
// statement that makes it, when that statement is a plain assignment or
// declaration of its own in a statement list (not an if, switch or for
// header), f's zero value is nil, this package may name f, and nothing can
// read the reset field later but to test it for nil (resetOnlyChecked);
// otherwise nil.
func (c *checker) resetFix(cp *copied, f *types.Var) *analysis.TextEdit {
	if cp.stmt == nil || !c.listed[cp.stmt] {
		return nil
	}
	if !f.Exported() && f.Pkg() != c.pass.Pkg {
		return nil // an unexported field of another package
	}
	if !c.resetOnlyChecked(f) {
		return nil // the child may call or read what the fix sets to nil
	}
	if _, ok := types.Unalias(f.Type()).(*types.TypeParam); ok {
		return nil // a type parameter's zero value need not be nil
	}
	switch f.Type().Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Map, *types.Slice, *types.Chan, *types.Signature:
	default:
		return nil
	}
	switch cp.stmt.(type) {
	case *ast.AssignStmt, *ast.DeclStmt:
	default:
		return nil
	}
	tf := c.pass.Fset.File(cp.stmt.Pos())
	src, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return nil
	}
	off := tf.Offset(cp.stmt.Pos())
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	line := string(src[start:off])
	indent := line[:len(line)-len(strings.TrimLeftFunc(line, unicode.IsSpace))]
	if strings.TrimSpace(line) != "" {
		return nil // not the first statement on its line
	}
	text := "\n" + indent + cp.v.Name() + "." + f.Name() + " = nil"
	return &analysis.TextEdit{Pos: cp.stmt.End(), End: cp.stmt.End(), NewText: []byte(text)}
}

// resetOnlyChecked reports whether setting field f of a copy to nil keeps
// every other behaviour of the program: no code can use f's value but to
// compare it with nil, or under an if that has just found it is not nil.
// A reset field that the child then calls or dereferences (a goroutine
// calling child.Record) would panic where it worked.
//
// Provable only when every reader is in view: f is unexported, or declared
// in package main (no other package can name it); and no read of f in this
// package is a use. The verdict is per field, computed once.
func (c *checker) resetOnlyChecked(f *types.Var) bool {
	f = f.Origin()
	if v, ok := c.resetSafe[f]; ok {
		return v
	}
	safe := (!f.Exported() || f.Pkg().Name() == "main") && f.Pkg() == c.pass.Pkg
	if safe {
	files:
		for _, file := range c.pass.Files {
			var used bool
			ast.PreorderStack(file, nil, func(n ast.Node, stack []ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok || used {
					return !used
				}
				if s := c.pass.TypesInfo.Selections[sel]; s == nil || s.Kind() != types.FieldVal || s.Obj().(*types.Var).Origin() != f {
					return true
				}
				used = !c.checkedRead(sel, stack)
				return !used
			})
			if used {
				safe = false
				break files
			}
		}
	}
	if c.resetSafe == nil {
		c.resetSafe = map[*types.Var]bool{}
	}
	c.resetSafe[f] = safe
	return safe
}

// checkedRead reports whether the read of a field at sel (its ancestors in
// stack, innermost last) cannot use the value: it is assigned to (a plain
// =), compared with nil, or inside the then-branch of an if whose
// condition requires the same expression to be non-nil.
func (c *checker) checkedRead(sel *ast.SelectorExpr, stack []ast.Node) bool {
	info := c.pass.TypesInfo
	isNil := func(e ast.Expr) bool {
		tv, ok := info.Types[e]
		return ok && tv.IsNil()
	}
	if len(stack) > 0 {
		switch p := stack[len(stack)-1].(type) {
		case *ast.AssignStmt:
			if p.Tok == token.ASSIGN && slices.Contains(p.Lhs, ast.Expr(sel)) {
				return true
			}
		case *ast.BinaryExpr:
			if (p.Op == token.EQL || p.Op == token.NEQ) && (isNil(p.X) || isNil(p.Y)) {
				return true
			}
		}
	}
	want := types.ExprString(sel)
	for i := len(stack) - 1; i > 0; i-- {
		ifs, ok := stack[i-1].(*ast.IfStmt)
		if !ok || stack[i] != ifs.Body {
			continue
		}
		for _, conj := range lintkit.Conjuncts(ifs.Cond) {
			b, ok := conj.(*ast.BinaryExpr)
			if !ok || b.Op != token.NEQ {
				continue
			}
			x := b.X
			if isNil(x) {
				x = b.Y
			}
			if isNil(b.X) != isNil(b.Y) && types.ExprString(ast.Unparen(x)) == want {
				return true
			}
		}
	}
	return false
}
