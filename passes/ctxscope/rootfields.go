package ctxscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// Receiver context fields that only ever hold a bare root.
//
// A component whose context field is set to context.Background() and to
// nothing else (h.ctx = context.Background() in Init, used by every
// storage call) has no caller's context and no lifetime in it: a method
// that makes its own root while s.ctx is in scope loses nothing, and the
// fix "pass h.ctx" would pass the same root. Such a field is no caller
// scope. A field another package may write (exported), one whose address
// is taken, or one any write of the package gives anything but a bare
// root (a derivation, a parameter, a WithValue of a root) keeps today's
// reading: the component's context.

// CreatorField reports whether f, a context field, is written in this
// package only with a context parameter of the function that writes it
// (&store{ctx: ctx} in Manifests(ctx), h.ctx = ctx), at least once, and
// nowhere else: it holds the context its value was made with, its
// creator's caller's, not a lifetime of its own. Messages say so.
func (r *Result) CreatorField(f *types.Var) bool {
	if f == nil {
		return false
	}
	r.rootFieldsOnce.Do(r.computeRootFields)
	return r.creatorFields[f.Origin()]
}

// rootField reports whether f, a context field, is written in this
// package only with bare roots, at least once, and nowhere else.
func (r *Result) rootField(f *types.Var) bool {
	r.rootFieldsOnce.Do(r.computeRootFields)
	return r.rootFields[f]
}

// computeRootFields walks the package's writes of its unexported context
// fields: assignments, composite literals and addresses taken.
func (r *Result) computeRootFields() {
	info := r.pass.TypesInfo
	root := map[*types.Var]bool{} // false: a write of another kind was seen
	creator := map[*types.Var]bool{}
	// Package main has no importers: its exported fields are its own.
	mainPkg := r.pass.Pkg.Name() == "main"
	write := func(f *types.Var, rhs ast.Expr) {
		if f == nil || f.Exported() && !mainPkg || !r.ctx.like(f.Type()) {
			return
		}
		if rhs == nil {
			root[f] = false
			creator[f.Origin()] = false
			return
		}
		param := false
		if id, ok := ast.Unparen(rhs).(*ast.Ident); ok {
			v, _ := info.Uses[id].(*types.Var)
			param = v != nil && r.anyParam[v] && !r.recvs[v]
		}
		if ok, seen := creator[f.Origin()]; !seen || ok {
			creator[f.Origin()] = param
		}
		bare := r.bareRoot(rhs)
		if id, ok := ast.Unparen(rhs).(*ast.Ident); ok && !bare {
			// ctx := context.Background(); s := &T{ctx: ctx}
			v, _ := info.Uses[id].(*types.Var)
			bare = v != nil && r.bareLocal(v)
		}
		if ok, seen := root[f]; !seen || ok {
			root[f] = bare
		}
	}
	fieldOf := func(e ast.Expr) *types.Var {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		s, ok := info.Selections[sel]
		if !ok || s.Kind() != types.FieldVal {
			return nil
		}
		v, _ := s.Obj().(*types.Var)
		return v
	}
	for _, file := range r.pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					f := fieldOf(l)
					if f == nil {
						continue
					}
					if len(n.Lhs) == len(n.Rhs) {
						write(f, n.Rhs[i])
					} else {
						write(f, nil) // a, b = f(): not followed
					}
				}
			case *ast.UnaryExpr:
				if f := fieldOf(n.X); f != nil && n.Op == token.AND {
					write(f, nil)
				}
			case *ast.CompositeLit:
				st, ok := typeUnder(info.TypeOf(n)).(*types.Struct)
				if !ok {
					return true
				}
				for i, elt := range n.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok {
							f, _ := info.Uses[id].(*types.Var)
							write(f, kv.Value)
						}
					} else if i < st.NumFields() {
						write(st.Field(i), elt)
					}
				}
			}
			return true
		})
	}
	r.rootFields = map[*types.Var]bool{}
	for f, ok := range root {
		if ok {
			r.rootFields[f] = true
		}
	}
	r.creatorFields = map[*types.Var]bool{}
	for f, ok := range creator {
		if ok {
			r.creatorFields[f] = true
		}
	}
}

// bareRoot reports whether e is a call that makes a bare root:
// context.Background(), context.TODO(), or a helper that always returns
// one (a ReturnsRoot fact).
func (r *Result) bareRoot(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := lintkit.Callee(r.pass.TypesInfo, call)
	if fn == nil {
		return false
	}
	_, helper := r.returns[fn.Origin()]
	return r.ctx.root(fn) || helper
}

// bareLocal reports whether the local context variable v is only ever
// assigned a bare root, in the function that declares it (its literals
// included), and its address is never taken.
func (r *Result) bareLocal(v *types.Var) bool {
	if v.IsField() || isPkgVar(v) {
		return false
	}
	u := r.declUnit[v] // its scope, where every assignment of it stands
	if u == nil || u.body == nil || v.Pos() < u.body.Pos() {
		return false // a parameter or a named result
	}
	body := u.body
	info := r.pass.TypesInfo
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.ObjectOf(id) == v
	}
	ok, seen := true, false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if !is(l) {
					continue
				}
				seen = true
				ok = ok && len(n.Lhs) == len(n.Rhs) && r.bareRoot(n.Rhs[i])
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if !is(id) {
					continue
				}
				seen = true
				ok = ok && len(n.Values) == len(n.Names) && r.bareRoot(n.Values[i])
			}
		case *ast.RangeStmt:
			if n.Key != nil && is(n.Key) || n.Value != nil && is(n.Value) {
				ok = false
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && is(n.X) {
				ok = false
			}
		}
		return ok
	})
	return ok && seen
}

// typeUnder returns the underlying type of t, through one pointer (a
// composite literal &T{...} is typed T), or nil.
func typeUnder(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem().Underlying()
	}
	return t.Underlying()
}
