package ctxscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// A Carry is a context carried in a struct value that leaves the function
// for other work: a task sent on a channel, queued in a slice or map of a
// long-lived owner, or handed to a goroutine.
type Carry struct {
	// HandOff is the statement where the value leaves: the send, the
	// assignment that queues it, the go statement.
	HandOff ast.Node
	// How names the hand-off for messages: "sent on a channel", "queued".
	How string
	// Type is the struct type carrying the context, Field its context field.
	Type  *types.Named
	Field *types.Var
	// Value is the expression assigned to the field, and Class its
	// provenance.
	Value ast.Expr
	Class Class
}

// Carried returns the contexts carried in struct values that the function
// or literal fn (not its nested literals) sends on a channel, queues in a
// slice or map held by a long-lived owner, or hands to a goroutine it
// starts: built in a composite literal (task{ctx: ...}) or field by field
// in a local variable (t.ctx = ...).
func (r *Result) Carried(fn ast.Node) []Carry {
	body := lintkit.FuncBody(fn)
	if body == nil {
		return nil
	}
	info := r.pass.TypesInfo
	// The context fields each local struct variable is given.
	fields := map[*types.Var][]fieldValue{}
	var handOffs []handOff
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SendStmt:
			handOffs = append(handOffs, handOff{n, "sent on a channel", n.Value})
		case *ast.GoStmt:
			for _, a := range n.Call.Args {
				handOffs = append(handOffs, handOff{n, "handed to a goroutine", a})
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if len(n.Rhs) != len(n.Lhs) {
					break
				}
				rhs := n.Rhs[i]
				// t.ctx = v, on a local struct variable.
				if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok {
					if v := r.localVar(sel.X); v != nil {
						if f, ok := info.Uses[sel.Sel].(*types.Var); ok && f.IsField() && r.ctx.is(f.Type()) {
							fields[v] = append(fields[v], fieldValue{f, rhs})
						}
					}
				}
				// t := task{ctx: v}
				if id, ok := ast.Unparen(l).(*ast.Ident); ok {
					if v, ok := info.Defs[id].(*types.Var); ok {
						fields[v] = append(fields[v], r.literalFields(rhs)...)
					}
				}
				// q.tasks = append(q.tasks, t), s.pending[id] = t
				if call, ok := ast.Unparen(rhs).(*ast.CallExpr); ok && lintkit.IsBuiltin(info, call, "append") && len(call.Args) >= 2 && r.ownerPlace(l) {
					for _, a := range call.Args[1:] {
						handOffs = append(handOffs, handOff{n, "queued", a})
					}
				}
				if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok && r.ownerPlace(ix.X) {
					handOffs = append(handOffs, handOff{n, "stored for later", rhs})
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if v, ok := info.Defs[id].(*types.Var); ok && i < len(n.Values) && len(n.Values) == len(n.Names) {
					fields[v] = append(fields[v], r.literalFields(n.Values[i])...)
				}
			}
		}
		return true
	})
	var out []Carry
	for _, h := range handOffs {
		vals := r.literalFields(h.value)
		named := structOf(info.TypeOf(h.value))
		if v := r.localVar(unaddr(h.value)); v != nil {
			vals = append(vals, fields[v]...)
		}
		if named == nil {
			continue
		}
		for _, fv := range vals {
			c := r.Classify(fv.value)
			if c.Kind != Root || c.Origin != nil && r.regions[c.Origin] != RegionNone {
				continue
			}
			out = append(out, Carry{HandOff: h.stmt, How: h.how, Type: named, Field: fv.field, Value: fv.value, Class: c})
		}
	}
	return out
}

type handOff struct {
	stmt  ast.Node
	how   string
	value ast.Expr
}

type fieldValue struct {
	field *types.Var
	value ast.Expr
}

// literalFields returns the context fields a composite literal (or its
// address) sets.
func (r *Result) literalFields(e ast.Expr) []fieldValue {
	lit, ok := ast.Unparen(unaddr(e)).(*ast.CompositeLit)
	if !ok {
		return nil
	}
	t := r.pass.TypesInfo.TypeOf(lit)
	if t == nil {
		return nil
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var out []fieldValue
	for i, elt := range lit.Elts {
		var f *types.Var
		val := elt
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				f, _ = r.pass.TypesInfo.Uses[id].(*types.Var)
			}
			val = kv.Value
		} else if i < st.NumFields() {
			f = st.Field(i)
		}
		if f != nil && r.ctx.is(f.Type()) {
			out = append(out, fieldValue{f, val})
		}
	}
	return out
}

// localVar returns the local variable (not a parameter, receiver or
// package variable) e names, or nil.
func (r *Result) localVar(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := r.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.IsField() || isPkgVar(v) || r.anyParam[v] || r.recvs[v] {
		return nil
	}
	return v
}

func unaddr(e ast.Expr) ast.Expr {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.AND {
		return u.X
	}
	return e
}

func structOf(t types.Type) *types.Named {
	if t == nil {
		return nil
	}
	t = lintkit.Deref(t)
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return nil
	}
	return n
}
