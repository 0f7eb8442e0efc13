package slotreread

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/slots"
)

// Atomic slots bound once in their life.
//
// An atomic.Pointer or atomic.Value that is stored into once holds nil
// and then one binding, never another: a check of one Load and a use of
// the next (if p.Load() == nil { return }; p.Load().Serve()) sees the
// same binding, or nil and then it, never nil after a binding or two
// bindings. It is not a slot. That is a local the function that
// declares it stores into by one statement that runs once (not in a
// loop, nor in a literal that may run again: a callback; a literal
// called or started where it stands runs once), every other use of it a
// Load; or a field of this package, unexported (or of package main),
// whose every atomic write is construction (through a value the
// function allocates) or a CompareAndSwap from nil, and whose address is
// never taken. A second store, a Swap, a store in a loop or a callback,
// a store from a method, or a field another package may write keeps the
// slot, and so does one never stored into in sight.

// atomicOnce reports whether the atomic binding location loc (a local,
// or a field selector) is bound once in its life.
func (c *checker) atomicOnce(loc ast.Expr) bool {
	info := c.pass.TypesInfo
	switch e := ast.Unparen(loc).(type) {
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok || v.IsField() || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
			return false
		}
		return c.onceAtomics()[v]
	case *ast.SelectorExpr:
		s := info.Selections[e]
		if s == nil || s.Kind() != types.FieldVal {
			return false
		}
		f, ok := s.Obj().(*types.Var)
		if !ok || f.Pkg() != c.pass.Pkg || f.Exported() && c.pass.Pkg.Name() != "main" {
			return false
		}
		return c.onceAtomics()[f.Origin()]
	}
	return false
}

// onceAtomics computes, once per package, the atomic binding locals and
// fields bound once in their life.
func (c *checker) onceAtomics() map[*types.Var]bool {
	if c.once != nil {
		return c.once
	}
	info := c.pass.TypesInfo
	type count struct {
		writes int  // the atomic writes that bind it
		bad    bool // a use that may bind it again, or hand it away
	}
	seen := map[*types.Var]*count{}
	get := func(v *types.Var) *count {
		if seen[v] == nil {
			seen[v] = &count{}
		}
		return seen[v]
	}
	for _, file := range c.pass.Files {
		test := strings.HasSuffix(c.pass.Fset.File(file.FileStart).Name(), "_test.go")
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fresh := slots.FreshLocals(info, fd.Body)
			lintkit.InspectStack(fd.Body, false, func(n ast.Node, stack []ast.Node) bool {
				switch n := n.(type) {
				case *ast.Ident:
					v, ok := info.Uses[n].(*types.Var)
					if !ok || v.IsField() || !isBindingAtomic(v.Type()) {
						return true
					}
					// A local: every use is the location of an atomic
					// operation; one write, run once.
					a, ok := c.opOn(n, stack)
					switch {
					case !ok:
						get(v).bad = true
					case a.IsWrite():
						cnt := get(v)
						cnt.writes++
						cnt.bad = cnt.bad || a.Op == slots.OpSwap || !runsOnce(v, stack)
					}
				case *ast.SelectorExpr:
					s := info.Selections[n]
					if s == nil || s.Kind() != types.FieldVal || !isBindingAtomic(s.Type()) || test {
						return true
					}
					f, ok := s.Obj().(*types.Var)
					if !ok {
						return true
					}
					f = f.Origin()
					a, ok := c.opOn(n, stack)
					switch {
					case !ok:
						get(f).bad = true // &s.p handed on, s.p copied, assigned
					case !a.IsWrite():
					case fresh[slots.RootVar(info, n.X)] && !slices.ContainsFunc(stack, isLit):
						get(f).writes++ // construction, before the value is shared
					case a.Op == slots.OpCAS && len(a.Args) > 0 && info.Types[a.Args[0]].IsNil():
						get(f).writes++ // binds it only while nil
					default:
						get(f).bad = true
					}
				}
				return true
			})
		}
	}
	c.once = map[*types.Var]bool{}
	for v, cnt := range seen {
		if cnt.bad || cnt.writes == 0 || !v.IsField() && cnt.writes > 1 {
			continue
		}
		c.once[v] = true
	}
	return c.once
}

// opOn returns the atomic operation whose location is loc (an
// identifier or a field selector whose enclosing nodes are stack): the
// method form loc.Load(), loc.Store(v), ...; false for any other use.
func (c *checker) opOn(loc ast.Expr, stack []ast.Node) (slots.AtomicCall, bool) {
	if len(stack) < 2 {
		return slots.AtomicCall{}, false
	}
	sel, ok := stack[len(stack)-1].(*ast.SelectorExpr)
	if !ok || sel.X != loc {
		return slots.AtomicCall{}, false
	}
	call, ok := stack[len(stack)-2].(*ast.CallExpr)
	if !ok || call.Fun != sel {
		return slots.AtomicCall{}, false
	}
	a, ok := c.facts.AtomicOp(c.pass.TypesInfo, call)
	if !ok || a.Loc != loc {
		return slots.AtomicCall{}, false
	}
	return a, true
}

// runsOnce reports whether the statement at the top of stack runs at
// most once each time the scope that declares v is entered: no loop
// between them, and no function literal that may be called again (one
// called or started where it stands runs once).
func runsOnce(v *types.Var, stack []ast.Node) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		n := stack[i]
		if n.Pos() <= v.Pos() && v.Pos() < n.End() {
			return true // the scope of v: what encloses it runs once per v
		}
		switch n := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return false
		case *ast.FuncLit:
			if i == 0 {
				return false
			}
			call, ok := stack[i-1].(*ast.CallExpr)
			if !ok || call.Fun != ast.Expr(n) {
				return false
			}
		}
	}
	return false
}

func isLit(n ast.Node) bool { _, ok := n.(*ast.FuncLit); return ok }

// isBindingAtomic reports whether t is sync/atomic's Pointer[T] or Value.
func isBindingAtomic(t types.Type) bool {
	n := lintkit.NamedOf(t)
	if n == nil || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "sync/atomic" {
		return false
	}
	_, isPtr := types.Unalias(t).(*types.Pointer)
	return !isPtr && (n.Obj().Name() == "Pointer" || n.Obj().Name() == "Value")
}
