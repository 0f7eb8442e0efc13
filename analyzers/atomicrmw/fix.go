package atomicrmw

import (
	"bytes"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"
)

// fix returns the edits that make a check-then-act one atomic step, and
// their title, or nil where no rewrite is mechanical. Only the plainest
// shapes are rewritten: an if statement without init or else whose
// condition is the comparison alone, with the Load in it (not a local bound
// to it), stored values and compared values that are constants or plain
// variables (evaluated in a different order by the rewrite), no comment
// in the condition:
//
//   - if x.Load() == old { x.Store(new); ... } becomes
//     if x.CompareAndSwap(old, new) { ... } (an atomic.Bool tested as a
//     condition compares with true or false);
//   - if x.Load() < v { x.Store(v) }, the Store alone, becomes a loop that
//     retries the CompareAndSwap until the comparison fails or the swap
//     succeeds.
func (c *checker) fix(act *access, ck *check, where int) ([]analysis.TextEdit, string) {
	if where != inBody || ck.bound || act.a.Op != "Store" || act.a.Type == "Value" || len(act.a.Args) != 1 {
		return nil, ""
	}
	if act.a.Func && act.a.Type == "Pointer" {
		return nil, "" // unsafe.Pointer: leave it to a person
	}
	if act.a.Method != "" && !c.hasCAS(act) {
		return nil, "" // an atomic type by behaviour without a CompareAndSwap of the stored type
	}
	if len(act.stack) < 3 {
		return nil, ""
	}
	ifs, ok := act.stack[len(act.stack)-3].(*ast.IfStmt) // if > block > expr stmt > call
	if !ok || ifs.Init != nil || ifs.Else != nil || ast.Unparen(ifs.Cond) != ast.Unparen(ck.cmp) {
		return nil, ""
	}
	stmt, ok := act.stack[len(act.stack)-1].(*ast.ExprStmt)
	if !ok || len(ifs.Body.List) == 0 || ifs.Body.List[0] != stmt {
		return nil, ""
	}
	if be, ok := ast.Unparen(ck.cmp).(*ast.BinaryExpr); ok && ast.Unparen(be.X) != ck.load.call && ast.Unparen(be.Y) != ck.load.call {
		return nil, "" // compared after a conversion: the types of CompareAndSwap differ
	}
	newVal := act.a.Args[0]
	if !c.plain(newVal) || (ck.other != nil && !c.plain(ck.other)) || c.commented(ifs.Cond) {
		return nil, ""
	}
	src := c.src(ifs.Pos())
	if src == nil {
		return nil, ""
	}
	text := func(n ast.Node) string { return string(src[c.off(n.Pos()):c.off(n.End())]) }
	cas := func(old string) string {
		if act.a.Func {
			fun := act.call.Fun.(*ast.SelectorExpr)
			return text(fun.X) + ".CompareAndSwap" + act.a.Type + "(" + text(act.call.Args[0]) + ", " + old + ", " + text(newVal) + ")"
		}
		return text(act.a.Loc) + ".CompareAndSwap(" + old + ", " + text(newVal) + ")"
	}
	switch ck.op {
	case token.EQL, token.NEQ:
		var old string
		switch {
		case ck.other == nil && c.universal("true") && c.universal("false"):
			old = map[token.Token]string{token.EQL: "true", token.NEQ: "false"}[ck.op]
		case ck.other != nil && ck.op == token.EQL:
			old = text(ck.other)
		default:
			return nil, "" // x.Load() != old: no single CompareAndSwap
		}
		return []analysis.TextEdit{
			{Pos: ifs.Cond.Pos(), End: ifs.Cond.End(), NewText: []byte(cas(old))},
			c.deleteStmt(src, stmt),
		}, "Test and set in one step with CompareAndSwap"
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
		if len(ifs.Body.List) != 1 {
			return nil, ""
		}
		name := c.freshName(ifs)
		if name == "" {
			return nil, ""
		}
		load := text(ck.load.call)
		cond := string(src[c.off(ck.cmp.Pos()):c.off(ck.load.call.Pos())]) + name + string(src[c.off(ck.load.call.End()):c.off(ck.cmp.End())])
		indent := c.indent(src, stmt.Pos())
		// Two edits, so that comments in the body stay where they are.
		return []analysis.TextEdit{
			{Pos: ifs.Pos(), End: ifs.Cond.End(), NewText: []byte("for " + name + " := " + load + "; " + cond + "; " + name + " = " + load)},
			{Pos: stmt.Pos(), End: stmt.End(), NewText: []byte("if " + cas(name) + " {\n" + indent + "\tbreak\n" + indent + "}")},
		}, "Update it in a CompareAndSwap loop"
	}
	return nil, ""
}

// plain reports whether e can be evaluated earlier, or more often, than it
// is now without a difference: a constant, nil, a variable or a path of
// fields of one, possibly negated or converted.
func (c *checker) plain(e ast.Expr) bool {
	info := c.pass.TypesInfo
	if tv, ok := info.Types[e]; ok && (tv.Value != nil || tv.IsNil()) {
		return true
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		_, ok := info.ObjectOf(x).(*types.Var)
		return ok
	case *ast.SelectorExpr:
		if s := info.Selections[x]; s != nil && s.Kind() == types.FieldVal && !s.Indirect() {
			return c.plain(x.X)
		}
		if s := info.Selections[x]; s != nil && s.Kind() == types.FieldVal {
			// Through a pointer: a nil pointer would now panic earlier.
			return false
		}
		_, isPkg := info.ObjectOf(x.Sel).(*types.Var)
		return isPkg && info.Selections[x] == nil
	case *ast.UnaryExpr:
		return x.Op == token.SUB && c.plain(x.X)
	case *ast.CallExpr:
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return c.plain(x.Args[0])
		}
	}
	return false
}

// commented reports whether a comment lies inside n: the rewrite copies
// n's text into one line.
func (c *checker) commented(n ast.Node) bool {
	for _, f := range c.pass.Files {
		if f.FileStart <= n.Pos() && n.End() <= f.FileEnd {
			for _, g := range f.Comments {
				if n.Pos() <= g.Pos() && g.End() <= n.End() {
					return true
				}
			}
		}
	}
	return false
}

// freshName returns a name for the loop variable that no identifier inside
// n spells, so that it shadows nothing the loop uses.
func (c *checker) freshName(n ast.Node) string {
	used := map[string]bool{}
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			used[id.Name] = true
		}
		return true
	})
	for i := 1; i < 10; i++ {
		name := "old"
		if i > 1 {
			name += string(rune('0' + i))
		}
		if !used[name] {
			return name
		}
	}
	return ""
}

// universal reports whether name denotes its universe object everywhere
// in the package (true, false: no package-level declaration shadows it).
func (c *checker) universal(name string) bool {
	return c.pass.Pkg.Scope().Lookup(name) == nil
}

// deleteStmt returns the edit that deletes stmt: its whole line when it
// stands alone there, else the statement only (a comment after it stays).
func (c *checker) deleteStmt(src []byte, stmt ast.Stmt) analysis.TextEdit {
	start, end := c.off(stmt.Pos()), c.off(stmt.End())
	ls := bytes.LastIndexByte(src[:start], '\n') + 1
	le := bytes.IndexByte(src[end:], '\n')
	if le >= 0 && strings.TrimSpace(string(src[ls:start])) == "" && strings.TrimSpace(string(src[end:end+le])) == "" {
		tf := c.pass.Fset.File(stmt.Pos())
		return analysis.TextEdit{Pos: tf.Pos(ls), End: tf.Pos(end + le + 1)}
	}
	return analysis.TextEdit{Pos: stmt.Pos(), End: stmt.End()}
}

// indent returns the indentation of the line that holds pos.
func (c *checker) indent(src []byte, pos token.Pos) string {
	off := c.off(pos)
	line := string(src[bytes.LastIndexByte(src[:off], '\n')+1 : off])
	return line[:len(line)-len(strings.TrimLeftFunc(line, unicode.IsSpace))]
}

func (c *checker) src(pos token.Pos) []byte {
	b, err := c.pass.ReadFile(c.pass.Fset.File(pos).Name())
	if err != nil {
		return nil
	}
	return b
}

func (c *checker) off(pos token.Pos) int { return c.pass.Fset.File(pos).Offset(pos) }

// hasCAS reports whether the atomic type by behaviour that act stores into
// has a method CompareAndSwap that compares and swaps (an AtomicMethod
// fact) values of the type act stores: the rewrite calls it.
func (c *checker) hasCAS(act *access) bool {
	info := c.pass.TypesInfo
	t := info.TypeOf(act.a.Loc)
	if t == nil || len(act.a.Args) != 1 || act.a.Const {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, c.pass.Pkg, "CompareAndSwap")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	if m := c.facts.AtomicMethod(fn); m == nil || m.Op != "CompareAndSwap" {
		return false
	}
	params := fn.Signature().Params()
	val := info.TypeOf(act.a.Args[0])
	return params.Len() == 2 && val != nil && types.AssignableTo(val, params.At(0).Type()) && types.Identical(params.At(0).Type(), params.At(1).Type())
}
