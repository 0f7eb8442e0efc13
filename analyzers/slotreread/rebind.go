package slotreread

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/directives"
	"github.com/ctxbound/ctxbound/passes/slots"
)

// Rebinds by this goroutine, through calls (issue 21, repro 11).
//
// A function that stores into the slot itself between two reads manages
// it, and its re-reads are deliberate; a method of this package that
// stores into a field below its receiver (func (g *Gate) rebind(r *Run) {
// g.slot.Store(r) }) does the same for its caller: g.rebind(r) is a write
// of g.slot. And a fix that makes the second read reuse the first must
// not be offered where a call between the reads may rebind the slot on
// this goroutine: the program would then use the old binding where it
// meant the new one.

// recvWrites returns the paths of fields below its receiver (as
// lintkit.Keyer spells them: slot, shared.run) that method fn of this
// package writes: assigns, increments, or changes with an atomic write
// (Store, Swap, CompareAndSwap, Add, ...), directly or through other
// methods of this package called on the receiver or a field below it. nil
// for a function of another package or without a body.
func (c *checker) recvWrites(fn *types.Func) []string {
	fn = fn.Origin()
	if w, ok := c.writesOf[fn]; ok {
		return w
	}
	c.writesOf[fn] = nil // a cycle adds nothing
	fd := c.declOf(fn)
	if fd == nil || fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 {
		return nil
	}
	info := c.pass.TypesInfo
	recv, _ := info.Defs[fd.Recv.List[0].Names[0]].(*types.Var)
	if recv == nil {
		return nil
	}
	k := lintkit.NewKeyer(info)
	base := k.VarKey(recv)
	// below returns the path of e below the receiver, "" for the receiver
	// itself; ok is false for anything else.
	below := func(e ast.Expr) (string, bool) {
		key := k.Key(e)
		if key == base {
			return "", true
		}
		path, ok := strings.CutPrefix(key, base+".")
		return path, ok
	}
	var out []string
	add := func(p string) {
		if p != "" && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE {
				for _, l := range n.Lhs {
					if p, ok := below(l); ok {
						add(p)
					}
				}
			}
		case *ast.IncDecStmt:
			if p, ok := below(n.X); ok {
				add(p)
			}
		case *ast.CallExpr:
			if a, ok := c.atomicOp(n); ok {
				if a.IsWrite() && a.Loc != nil {
					if p, ok := below(a.Loc); ok {
						add(p)
					}
				}
				return true
			}
			sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if !ok {
				return true
			}
			callee, _ := info.Uses[sel.Sel].(*types.Func)
			if callee == nil || callee.Pkg() != c.pass.Pkg || callee.Signature().Recv() == nil {
				return true
			}
			if p, ok := below(sel.X); ok {
				for _, w := range c.recvWrites(callee) {
					if p == "" {
						add(w)
					} else {
						add(p + "." + w)
					}
				}
			}
		}
		return true
	})
	c.writesOf[fn] = out
	return out
}

// declOf returns the declaration of fn in this package, or nil.
func (c *checker) declOf(fn *types.Func) *ast.FuncDecl {
	if c.decls == nil {
		c.decls = map[*types.Func]*ast.FuncDecl{}
		for _, f := range c.pass.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					if obj, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
						c.decls[obj] = fd
					}
				}
			}
		}
	}
	return c.decls[fn]
}

// callWrites returns the keys of the locations that call writes through a
// method of this package: x.m() where m writes path p below its receiver
// writes x.p.
func (c *checker) callWrites(call *ast.CallExpr) []string {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	callee, _ := c.pass.TypesInfo.Uses[sel.Sel].(*types.Func)
	if callee == nil || callee.Pkg() != c.pass.Pkg || callee.Signature().Recv() == nil {
		return nil
	}
	ws := c.recvWrites(callee)
	if len(ws) == 0 {
		return nil
	}
	base := c.k.Key(sel.X)
	if base == "" {
		return nil
	}
	keys := make([]string, len(ws))
	for i, w := range ws {
		keys[i] = base + "." + w
	}
	return keys
}

// mayRebindBetween reports whether a call between reads a and b (after a
// ends and before b begins: every path from one to the other within one
// iteration runs there) may rebind the slot on this goroutine.
func (c *checker) mayRebindBetween(fx *fnIndex, a, b *read) bool {
	calls := fx.callList()
	i := sort.Search(len(calls), func(i int) bool { return calls[i].Pos() >= a.expr.End() })
	for _, call := range calls[i:] {
		if call.Pos() >= b.expr.Pos() {
			break
		}
		if c.mayRebind(call, 0) {
			return true
		}
	}
	return false
}

// callList returns the calls of the body outside function literals, by
// position.
func (fx *fnIndex) callList() []*ast.CallExpr {
	if fx.calls == nil {
		fx.calls = []*ast.CallExpr{}
		ast.Inspect(fx.body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.CallExpr:
				fx.calls = append(fx.calls, n)
			}
			return true
		})
	}
	return fx.calls
}

// mayRebind reports whether call may write a slot of the package: it is
// not proven harmless. Harmless are conversions and builtins, atomic
// loads, slot reads and mutex operations, a function of this package whose
// body writes no field, no element and nothing through a pointer and makes
// only harmless calls (a few levels deep), and a function of another
// package given only plain data (numbers, strings, values made of them),
// which cannot reach the slot's owner. Anything else (an interface method,
// a func value, a function literal called in place, a method of this
// package that writes its receiver, a function of another package given a
// pointer, a func or an interface) may.
func (c *checker) mayRebind(call *ast.CallExpr, depth int) bool {
	info := c.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
		return false
	}
	if a, ok := c.atomicOp(call); ok {
		return a.IsWrite()
	}
	fn := lintkit.Callee(info, call)
	if fn == nil {
		return true // a func value, an interface method, a literal called in place
	}
	if slots.IsLock(fn) || slots.IsUnlock(fn) || c.facts.Accessor(fn) != nil || c.dirs.Has(fn, directives.Slot) {
		return false
	}
	if fn.Pkg() != c.pass.Pkg {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && fn.Signature().Recv() != nil {
			if t := info.TypeOf(sel.X); t == nil || !c.plain(t) {
				return true
			}
		}
		for _, arg := range call.Args {
			if t := info.TypeOf(arg); t == nil || !c.plain(t) {
				return true
			}
		}
		return false
	}
	if depth > 3 {
		return true
	}
	if v, ok := c.harmless[fn.Origin()]; ok {
		return !v
	}
	c.harmless[fn.Origin()] = false // a cycle is not proven harmless
	fd := c.declOf(fn.Origin())
	ok := fd != nil
	if ok {
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if !ok {
				return false
			}
			switch n := n.(type) {
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					if _, isID := ast.Unparen(l).(*ast.Ident); !isID {
						ok = false // a field, an element, a pointer's target
					}
				}
			case *ast.IncDecStmt:
				if _, isID := ast.Unparen(n.X).(*ast.Ident); !isID {
					ok = false
				}
			case *ast.CallExpr:
				if c.mayRebind(n, depth+1) {
					ok = false
				}
			}
			return ok
		})
	}
	c.harmless[fn.Origin()] = ok
	return !ok
}

// atomicOp classifies call as an atomic operation.
func (c *checker) atomicOp(call *ast.CallExpr) (slots.AtomicCall, bool) {
	return c.facts.AtomicOp(c.pass.TypesInfo, call)
}
