package scopedcopy

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/slots"
)

// A selfCopy is a local bound to a copy of a value whose type has
// self-bound fields.
type selfCopy struct {
	v        *types.Var
	expr     ast.Expr // the copying expression
	typ      types.Type
	bindings []slots.Binding
}

// selfCopies checks one function body for copies of self-bound values
// (slots.SelfBound) that are used as values of their own while a bound
// field still calls into the original. Function literals are checked on
// their own.
func (c *checker) selfCopies(fn ast.Node, body *ast.BlockStmt) {
	defer lintkit.At(c.pass.Fset, fn)
	info := c.pass.TypesInfo
	var copies []*selfCopy
	bind := func(lhs, rhs ast.Expr) {
		id, ok := ast.Unparen(lhs).(*ast.Ident)
		if !ok || id.Name == "_" {
			return
		}
		v, ok := info.ObjectOf(id).(*types.Var)
		if !ok || v.Parent() == c.pass.Pkg.Scope() || v.IsField() {
			return
		}
		if cp := c.selfCopyOf(rhs); cp != nil && types.Identical(v.Type(), cp.typ) {
			cp.v = v
			copies = append(copies, cp)
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) && (n.Tok == token.DEFINE || n.Tok == token.ASSIGN) {
				for i := range n.Lhs {
					bind(n.Lhs[i], n.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == len(n.Values) {
				for i := range n.Names {
					bind(n.Names[i], n.Values[i])
				}
			}
		}
		return true
	})
	if len(copies) == 0 {
		return
	}
	fl := lintkit.NewFlow(body)
	for _, cp := range copies {
		c.checkSelfCopy(fl, body, cp)
	}
}

// selfCopyOf returns the copy e makes of a self-bound value, or nil: *p, or
// a value of the type read from a field or a package variable.
func (c *checker) selfCopyOf(e ast.Expr) *selfCopy {
	info := c.pass.TypesInfo
	e = ast.Unparen(e)
	t := info.TypeOf(e)
	if t == nil {
		return nil
	}
	if _, ok := types.Unalias(t).(*types.Named); !ok {
		return nil
	}
	bs := c.facts.SelfBound(t)
	if len(bs) == 0 {
		return nil
	}
	switch x := e.(type) {
	case *ast.StarExpr:
	case *ast.SelectorExpr:
		if s := info.Selections[x]; s == nil || s.Kind() != types.FieldVal {
			if v, ok := info.ObjectOf(x.Sel).(*types.Var); !ok || v.IsField() {
				return nil
			}
		}
	case *ast.Ident:
		v, ok := info.ObjectOf(x).(*types.Var)
		if !ok || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
			return nil
		}
	default:
		return nil
	}
	return &selfCopy{expr: e, typ: t, bindings: bs}
}

// checkSelfCopy reports cp when, on some path from the copy to a place
// where it is used as a value of its own, a bound field is not rebound.
func (c *checker) checkSelfCopy(fl *lintkit.Flow, body *ast.BlockStmt, cp *selfCopy) {
	info := c.pass.TypesInfo
	vkey := c.k.VarKey(cp.v)
	is := func(e ast.Expr) bool {
		e = ast.Unparen(e)
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = ast.Unparen(u.X)
		}
		id, ok := e.(*ast.Ident)
		return ok && info.Uses[id] == cp.v
	}
	// The rebinds: assignments of the variable, of a bound field or of a
	// field on its path, and calls of a method of this package that binds
	// the receiver's fields.
	type rebind struct {
		pos   token.Pos
		paths []string // "" for the whole value
	}
	var rebinds []rebind
	var sinks []ast.Node
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if n.Pos() < cp.expr.End() {
			if lintkit.Contains(n, cp.expr.Pos()) {
				stack = append(stack, n)
				return true
			}
			return false
		}
		parent := ast.Node(nil)
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				k := c.k.Key(l)
				switch {
				case k == vkey:
					rebinds = append(rebinds, rebind{pos: n.Pos(), paths: []string{""}})
				case strings.HasPrefix(k, vkey+"."):
					rebinds = append(rebinds, rebind{pos: n.Pos(), paths: []string{strings.TrimPrefix(k, vkey+".")}})
				}
				if len(n.Lhs) == len(n.Rhs) && is(n.Rhs[i]) && c.stores(l) {
					sinks = append(sinks, n) // stored into a field, an element, a package variable
				}
			}
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				if is(r) {
					sinks = append(sinks, n)
				}
			}
		case *ast.SendStmt:
			if is(n.Value) {
				sinks = append(sinks, n)
			}
		case *ast.GoStmt:
			if lintkit.Mentions(info, n, cp.v) {
				sinks = append(sinks, n)
			}
			return false
		case *ast.UnaryExpr:
			if n.Op == token.AND && is(n.X) {
				if _, ret := parent.(*ast.ReturnStmt); !ret {
					sinks = append(sinks, n) // its address escapes
				}
			}
		case *ast.CompositeLit:
			for _, el := range n.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					el = kv.Value
				}
				if is(el) {
					sinks = append(sinks, n)
				}
			}
		case *ast.CallExpr:
			if k := c.k.Key(n.Fun); strings.HasPrefix(k, vkey+".") {
				for _, b := range cp.bindings {
					if k == vkey+"."+b.Path {
						sinks = append(sinks, n) // a bound func called through the copy
					}
				}
			}
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && is(sel.X) {
				if fn, ok := info.Uses[sel.Sel].(*types.Func); ok {
					if paths := c.bindsPaths(fn); len(paths) > 0 {
						rebinds = append(rebinds, rebind{pos: n.Pos(), paths: paths})
					} else if _, ptr := fn.Signature().Recv().Type().(*types.Pointer); ptr {
						sinks = append(sinks, n) // a pointer method: the copy as a value of its own
					}
				}
			}
		case *ast.FuncLit:
			return false
		}
		stack = append(stack, n)
		return true
	})
	for _, s := range sinks {
		for _, b := range cp.bindings {
			cut := func(n ast.Node) bool {
				for _, r := range rebinds {
					if !lintkit.Contains(n, r.pos) {
						continue
					}
					for _, p := range r.paths {
						if p == "" || p == b.Path || strings.HasPrefix(b.Path, p+".") {
							return true
						}
					}
				}
				return false
			}
			if fl.Reaches(cp.expr.Pos(), s.Pos(), cut) {
				c.reportSelf(cp, b, s)
				return
			}
		}
	}
}

// stores reports whether assigning to l stores a value beyond the
// function's locals: a field, an element, a package variable.
func (c *checker) stores(l ast.Expr) bool {
	id, ok := ast.Unparen(l).(*ast.Ident)
	if !ok {
		return true
	}
	v, ok := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
	return ok && v.Parent() == c.pass.Pkg.Scope()
}

// bindsPaths returns the self-bound paths that method fn, declared in this
// package, assigns on its receiver; nil for any other function.
func (c *checker) bindsPaths(fn *types.Func) []string {
	if c.binders == nil {
		c.binders = map[*types.Func]bool{}
		for _, f := range c.pass.Files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil || fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 {
					continue
				}
				m, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
				recv, _ := c.pass.TypesInfo.Defs[fd.Recv.List[0].Names[0]].(*types.Var)
				if m == nil || recv == nil {
					continue
				}
				bs := c.facts.SelfBound(recv.Type())
				if len(bs) == 0 {
					continue
				}
				rkey := c.k.VarKey(recv)
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					if as, ok := n.(*ast.AssignStmt); ok {
						for _, l := range as.Lhs {
							if strings.HasPrefix(c.k.Key(l), rkey+".") {
								c.binders[m] = true
							}
						}
					}
					return !c.binders[m]
				})
			}
		}
	}
	if !c.binders[fn.Origin()] {
		return nil
	}
	var paths []string
	for _, b := range c.facts.SelfBound(fn.Signature().Recv().Type()) {
		paths = append(paths, b.Path)
	}
	return paths
}

func (c *checker) reportSelf(cp *selfCopy, b slots.Binding, sink ast.Node) {
	tname := lintkit.NamedOf(cp.typ).Obj().Name()
	name := cp.v.Name()
	var by, advice string
	if b.Method != "" {
		by = "its " + b.Method + " method"
		advice = fmt.Sprintf("rebind it on the copy (%s.%s = %s.%s)", name, b.Path, name, b.Method)
	} else {
		by = "a closure over it"
		advice = "rebuild it for the copy"
	}
	c.r.Report(cp.expr, fmt.Sprintf("%s, a copy of %s, keeps %s bound to the original (%s): calls through the copy act on the original's state; %s before the copy is used",
		name, tname, b.Path, by, advice),
		lintkit.Related(sink.Pos(), sink.End(), "used here as a value of its own"))
}
