package spawners

import (
	"go/ast"
	"go/token"
	"go/types"
)

// DynamicType returns the one concrete type of every value assigned to v,
// a local variable of interface type declared in scope (the function
// declaration or literal that declares it), or nil when that is not known:
// v is a parameter or a result, its address is taken, it is the variable of
// a range, or some assignment gives it a value of interface type, nil, or
// another concrete type. A declaration without a value (var x I) assigns no
// type. The answer is flow-insensitive, so it holds wherever v is used.
func DynamicType(info *types.Info, scope ast.Node, v *types.Var) types.Type {
	if v == nil || !types.IsInterface(v.Type()) || v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	if scope == nil || v.Pos() < scope.Pos() || v.Pos() >= scope.End() {
		return nil
	}
	var typ types.Type
	ok := true
	assign := func(t types.Type) {
		switch {
		case t == nil || types.IsInterface(t):
			ok = false
		case typ == nil:
			typ = t
		case !types.Identical(typ, t):
			ok = false
		}
	}
	is := func(e ast.Expr) bool {
		id, isID := ast.Unparen(e).(*ast.Ident)
		return isID && objOf(info, id) == v
	}
	ast.Inspect(scope, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.FieldList: // parameters, results, receivers
			for _, f := range n.List {
				for _, name := range f.Names {
					if info.Defs[name] == v {
						ok = false
					}
				}
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if !is(lhs) {
					continue
				}
				if n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
					ok = false
				} else {
					assign(valueType(info, n.Rhs, len(n.Lhs), i))
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if info.Defs[name] == v && len(n.Values) > 0 {
					assign(valueType(info, n.Values, len(n.Names), i))
				}
			}
		case *ast.RangeStmt:
			if (n.Key != nil && is(n.Key)) || (n.Value != nil && is(n.Value)) {
				ok = false
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && is(n.X) {
				ok = false
			}
		}
		return true
	})
	if !ok {
		return nil
	}
	return typ
}

// valueType is the type of the i-th of n values that rhs gives: rhs[i]
// (seen through a conversion to an interface), or the i-th result of a
// single call (x, err := New()).
func valueType(info *types.Info, rhs []ast.Expr, n, i int) types.Type {
	if len(rhs) == n {
		e := ast.Unparen(rhs[i])
		if c, ok := e.(*ast.CallExpr); ok && len(c.Args) == 1 {
			if tv, ok := info.Types[c.Fun]; ok && tv.IsType() && types.IsInterface(tv.Type) {
				e = c.Args[0] // Runner(&flusher{}): the converted value's type
			}
		}
		return info.TypeOf(e) // untyped nil is identical to no concrete type
	}
	if len(rhs) == 1 {
		if tup, ok := info.TypeOf(rhs[0]).(*types.Tuple); ok && i < tup.Len() {
			return tup.At(i).Type()
		}
	}
	return nil
}

// Concrete returns the method that sel, a method x.M of an interface, calls
// when x is a local variable whose dynamic type DynamicType knows in scope;
// otherwise nil. Generic methods are returned as their origin.
func Concrete(info *types.Info, scope ast.Node, sel *ast.SelectorExpr) *types.Func {
	s := info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal || !types.IsInterface(s.Recv()) {
		return nil
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil
	}
	t := DynamicType(info, scope, asVar(info.Uses[id]))
	if t == nil {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(t, false, s.Obj().Pkg(), sel.Sel.Name)
	m, ok := obj.(*types.Func)
	if !ok {
		return nil
	}
	if recv := m.Signature().Recv(); recv == nil || types.IsInterface(recv.Type()) {
		return nil // promoted from an embedded interface: still unknown
	}
	return m.Origin()
}
