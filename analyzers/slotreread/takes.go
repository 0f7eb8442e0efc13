package slotreread

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// What a read takes from the value it reads. A read holds the binding when
// the operation depends on which value the slot is bound to: the value
// itself is kept, passed, returned, stored or compared (other than with
// nil), a method is called on it or on a part of it that holds a binding,
// something is written through it, or a part of it that holds a binding (a
// pointer, an interface, a func, a channel: the run's cancel, its
// context, another object) is taken. Otherwise the read only takes plain
// data out of the current binding: the paths of fields it takes
// (JetStreamKey, Gateway.AuthTimeout; "" for a nil test of the value
// itself).

// takes computes what read rd takes: whether it holds the binding, and
// otherwise the paths of the plain data it takes. A read bound to a
// variable takes what the variable's uses take; a variable assigned again,
// or whose address is taken, holds the binding. The uses of every bound
// read of the function are walked at once, the first time one is asked.
func (c *checker) takes(fx *fnIndex, rd *read) {
	if rd.took {
		return
	}
	if rd.bound == nil {
		rd.took = true
		c.take(rd, rd.expr, rd.stack)
		return
	}
	byVar := map[types.Object][]*read{}
	for _, x := range fx.reads {
		if x.bound == nil || x.took {
			continue
		}
		x.took = true
		if fx.reassigned(x.bound, x) {
			x.holds = true
			continue
		}
		byVar[x.bound] = append(byVar[x.bound], x)
	}
	if len(byVar) == 0 {
		return
	}
	var stack []ast.Node
	ast.Inspect(fx.body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if id, ok := n.(*ast.Ident); ok {
			for _, x := range byVar[c.pass.TypesInfo.Uses[id]] {
				if !x.holds {
					c.take(x, id, stack)
				}
			}
		}
		stack = append(stack, n)
		return true
	})
}

// take adds what one use of a read's value takes: e, whose enclosing nodes
// are stack, is the read or a use of the variable it is bound to.
func (c *checker) take(rd *read, e ast.Expr, stack []ast.Node) {
	info := c.pass.TypesInfo
	path := ""
	var child ast.Node = e
	data := func() {
		if !slices.Contains(rd.paths, path) {
			rd.paths = append(rd.paths, path)
		}
	}
	value := func() {
		if t := info.TypeOf(child.(ast.Expr)); t != nil && c.plain(t) {
			data()
			return
		}
		rd.holds = true
	}
	for i := len(stack) - 1; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.ParenExpr, *ast.StarExpr, *ast.TypeAssertExpr:
			child = p
			continue
		case *ast.SelectorExpr:
			s := info.Selections[p]
			if p.X != child || s == nil {
				value()
				return
			}
			switch s.Kind() {
			case types.FieldVal:
				if path != "" {
					path += "."
				}
				path += p.Sel.Name
				child = p
				continue
			default: // a method of the value at path
				value()
				return
			}
		case *ast.IndexExpr:
			if p.X != child {
				value()
				return
			}
			if i > 0 && writes(stack[i-1], p) {
				rd.holds = true // an element written through the binding
				return
			}
			value()
			return
		case *ast.BinaryExpr:
			if p.Op == token.EQL || p.Op == token.NEQ {
				other := p.X
				if other == child {
					other = p.Y
				}
				if info.Types[other].IsNil() {
					data() // a nil test: is it bound, or is that part set?
					return
				}
			}
			value()
			return
		case *ast.AssignStmt, *ast.IncDecStmt:
			if path != "" && writes(p, child) {
				rd.holds = true // written through the binding
				return
			}
			value()
			return
		case *ast.UnaryExpr:
			if p.Op == token.AND {
				rd.holds = true // its address taken: anything may follow
				return
			}
			value()
			return
		default:
			value()
			return
		}
	}
	value()
}

// writes reports whether statement n assigns location e.
func writes(n ast.Node, e ast.Node) bool {
	switch n := n.(type) {
	case *ast.AssignStmt:
		for _, l := range n.Lhs {
			if l == e {
				return true
			}
		}
	case *ast.IncDecStmt:
		return n.X == e
	}
	return false
}

// plain reports whether a value of type t is plain data: it holds no
// binding to another object at any depth (no pointer, interface, func,
// channel or unsafe.Pointer; structs, arrays, slices and maps of plain
// data are plain).
func (c *checker) plain(t types.Type) bool {
	if c.plains == nil {
		c.plains = map[types.Type]bool{}
	}
	return plainType(t, c.plains)
}

func plainType(t types.Type, seen map[types.Type]bool) bool {
	t = types.Unalias(t)
	if v, ok := seen[t]; ok {
		return v
	}
	if _, ok := t.(*types.Named); ok {
		seen[t] = true // a recursive type is plain if nothing else in it binds
	}
	var ok bool
	switch u := t.Underlying().(type) {
	case *types.Basic:
		ok = u.Kind() != types.UnsafePointer && u.Kind() != types.UntypedNil && u.Kind() != types.Invalid
	case *types.Struct:
		ok = true
		for f := range u.Fields() {
			if !plainType(f.Type(), seen) {
				ok = false
				break
			}
		}
	case *types.Array:
		ok = plainType(u.Elem(), seen)
	case *types.Slice:
		ok = plainType(u.Elem(), seen)
	case *types.Map:
		ok = plainType(u.Key(), seen) && plainType(u.Elem(), seen)
	}
	seen[t] = ok
	return ok
}

// apart reports whether reads a and b of one mutex-guarded slot take
// different plain data and neither holds the binding: each takes values
// of the binding it sees (s.getOpts().Key, later s.getOpts().OldKey), as
// reads of two separate fields would. Two reads meet on the binding when
// either holds it, or on a value when both take it (one path covers the
// other: a nil test of the value covers every path).
func (c *checker) apart(fx *fnIndex, a, b *read) bool {
	c.takes(fx, a)
	c.takes(fx, b)
	if a.holds || b.holds {
		return false
	}
	for _, p := range a.paths {
		for _, q := range b.paths {
			if p == "" || q == "" || lintkit.KeyCovers(p, q) || lintkit.KeyCovers(q, p) {
				return false
			}
		}
	}
	return true
}
