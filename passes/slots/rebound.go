package slots

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// Fields bound once.
//
// A field that the package binds once in its life (at construction, or
// only while it is nil) or only ever clears holds one value (and nil):
// two reads of it never see two bindings, so it is no slot. The package
// that declares it decides; an accessor of such a field says so in its
// fact (Accessor.Once), for the reads of its importers.

// reboundFields returns the fields the package's non-test code rebinds
// outside construction (a value the function allocates):
// only a field that can be bound to one value and then to another is a
// slot. An assignment of nil clears the field, and one made only while
// the field is nil (if s.f == nil { s.f = v }, or after if s.f != nil {
// return }) binds it once; a field that is only cleared, or only bound
// once, holds one value in its life (and nil), so two reads never see two
// bindings. A field both bound once and cleared can be bound again after
// the clear: a slot.
func reboundFields(pass *analysis.Pass, k *lintkit.Keyer) map[*types.Var]bool {
	assigned := map[*types.Var]bool{}
	info := pass.TypesInfo
	lazy, cleared := map[*types.Var]bool{}, map[*types.Var]bool{}
	for fd := range lintkit.NonTestFuncs(pass) {
		fresh := FreshLocals(info, fd.Body)
		var stack []ast.Node
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			defer func() { stack = append(stack, n) }()
			as, ok := n.(*ast.AssignStmt)
			if !ok {
				return true
			}
			for i, l := range as.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if !ok {
					continue
				}
				s := info.Selections[sel]
				if s == nil || s.Kind() != types.FieldVal {
					continue
				}
				if root := RootVar(info, sel.X); root != nil && fresh[root] {
					continue
				}
				v, ok := s.Obj().(*types.Var)
				if !ok {
					continue
				}
				v = v.Origin()
				switch {
				case len(as.Lhs) == len(as.Rhs) && info.Types[as.Rhs[i]].IsNil():
					cleared[v] = true
				case whileNil(info, k, sel, as, stack):
					lazy[v] = true
				default:
					assigned[v] = true
				}
			}
			return true
		})
	}
	for v := range lazy {
		if cleared[v] {
			assigned[v] = true // bound, cleared, bound again
		}
	}
	return assigned
}

// whileNil reports whether assignment as, whose enclosing nodes are stack,
// binds location sel only while it is nil: inside if sel == nil { ... }
// (a conjunct of the condition), or after if sel != nil { return } (a
// disjunct) earlier in an enclosing block.
func whileNil(info *types.Info, k *lintkit.Keyer, sel *ast.SelectorExpr, as *ast.AssignStmt, stack []ast.Node) bool {
	key := k.Key(sel)
	if key == "" {
		return false
	}
	// tests reports whether cond, split at op, has a term key <cmp> nil.
	var tests func(cond ast.Expr, op, cmp token.Token) bool
	tests = func(cond ast.Expr, op, cmp token.Token) bool {
		be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
		if !ok {
			return false
		}
		if be.Op == op {
			return tests(be.X, op, cmp) || tests(be.Y, op, cmp)
		}
		if be.Op != cmp {
			return false
		}
		return (k.Key(be.X) == key && info.Types[be.Y].IsNil()) || (k.Key(be.Y) == key && info.Types[be.X].IsNil())
	}
	var child ast.Node = as
	for i := len(stack) - 1; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if p.Body == child && tests(p.Cond, token.LAND, token.EQL) {
				return true
			}
		case *ast.BlockStmt:
			for _, st := range p.List {
				if st.Pos() >= child.Pos() {
					break
				}
				if is, ok := st.(*ast.IfStmt); ok && is.Else == nil && endsInReturn(is.Body) && tests(is.Cond, token.LOR, token.NEQ) {
					return true
				}
			}
		}
		child = stack[i]
	}
	return false
}

// endsInReturn reports whether block b ends in a return statement.
func endsInReturn(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	_, ok := b.List[len(b.List)-1].(*ast.ReturnStmt)
	return ok
}

// FieldAt returns the field at path (a.b, as lintkit.Keyer spells it)
// below a value of type t, or nil.
func FieldAt(t types.Type, path string) types.Object {
	var f *types.Var
	for name := range strings.SplitSeq(path, ".") {
		if t == nil {
			return nil
		}
		st, ok := types.Unalias(t).Underlying().(*types.Struct)
		if p, isPtr := types.Unalias(t).Underlying().(*types.Pointer); isPtr {
			st, ok = p.Elem().Underlying().(*types.Struct)
		}
		if !ok {
			return nil
		}
		f = nil
		for v := range st.Fields() {
			if v.Name() == name {
				f = v
				break
			}
		}
		if f == nil {
			return nil
		}
		t = f.Type()
	}
	if f == nil {
		return nil
	}
	return f
}
