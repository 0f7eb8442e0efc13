package slotreread

import (
	"go/ast"
	"go/constant"
	"go/token"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// unreachable reports whether two loads a and b of one state, tested
// against constants in one condition (a.Load() == starting || b.Load() ==
// stopped), cannot misclassify it, because no store the package makes can
// bring the state, between the loads, to a value on which the condition
// answers differently from both loads' own values.
//
// The condition is a tree of &&, || and ! over the two tests and other
// terms (taken as either answer). With v1 the first load's value and v2
// the second's, it misclassifies when its answer on (v1, v2) differs
// from its answer on (v1, v1) and on (v2, v2): no one observation gives
// it. A store puts v2 there, so v2 ranges over the constants the
// location's writes put in it (slots.Result.AtomicWrites), and v1 over any
// value. Every write must put a constant (a Store, Swap or
// CompareAndSwap of one), and the location must be one only this package
// writes (slots.Result.Location); an Add, a value not constant, or a
// location another package may write leaves the loads reported.
// rocketmq's pull consumer tests state == StartFailed || state ==
// Shutdown but never stores StartFailed: a store between the loads can
// only make the second test true, which the second load's own value
// answers too.
func (c *checker) unreachable(a, b *read) bool {
	if !a.state || !b.state || a.at == nil || b.at == nil {
		return false
	}
	info := c.pass.TypesInfo
	opA, cA, nodeA, okA := stateTest(info, a)
	opB, cB, nodeB, okB := stateTest(info, b)
	if !okA || !okB || nodeA == nodeB {
		return false
	}
	// The condition: the &&, || and ! tree over a's test that holds b's.
	i := len(a.stack) - 1
	for i >= 0 && a.stack[i] != nodeA {
		i--
	}
	if i < 0 {
		return false
	}
	top := nodeA.(ast.Expr)
	for i--; i >= 0; i-- {
		p, ok := a.stack[i].(ast.Expr)
		if !ok || !logical(p) {
			break
		}
		top = p
	}
	if !lintkit.Contains(top, nodeB.Pos()) {
		return false
	}
	// The other terms, and no other load of the location in the tree.
	var others []ast.Expr
	clean := true
	var terms func(e ast.Expr)
	terms = func(e ast.Expr) {
		switch x := e.(type) {
		case *ast.ParenExpr:
			terms(x.X)
			return
		case *ast.UnaryExpr:
			if x.Op == token.NOT {
				terms(x.X)
				return
			}
		case *ast.BinaryExpr:
			if x.Op == token.LAND || x.Op == token.LOR {
				terms(x.X)
				terms(x.Y)
				return
			}
		}
		if e == nodeA || e == nodeB {
			return
		}
		ast.Inspect(e, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if at, ok := c.facts.AtomicOp(info, call); ok && at.Loc != nil && c.k.Key(at.Loc) == a.key {
					clean = false
				}
			}
			return clean
		})
		others = append(others, e)
	}
	terms(top)
	if !clean || len(others) > 4 {
		return false
	}
	loc, private := c.facts.Location(a.at)
	if loc == "" || !private {
		return false
	}
	var stored []constant.Value
	for _, w := range c.facts.AtomicWrites(loc) {
		if w.Puts == nil || w.Puts.Kind() != constant.Int {
			return false
		}
		stored = append(stored, w.Puts)
	}
	firsts := probes(append([]constant.Value{cA, cB}, stored...))
	// eval answers the condition with the first load's value v1, the
	// second's v2, and the other terms' answers in the bits of set.
	var eval func(e ast.Expr, v1, v2 constant.Value, set uint) bool
	eval = func(e ast.Expr, v1, v2 constant.Value, set uint) bool {
		switch x := e.(type) {
		case *ast.ParenExpr:
			return eval(x.X, v1, v2, set)
		case *ast.UnaryExpr:
			if x.Op == token.NOT {
				return !eval(x.X, v1, v2, set)
			}
		case *ast.BinaryExpr:
			switch x.Op {
			case token.LAND:
				return eval(x.X, v1, v2, set) && eval(x.Y, v1, v2, set)
			case token.LOR:
				return eval(x.X, v1, v2, set) || eval(x.Y, v1, v2, set)
			}
		}
		switch e {
		case nodeA:
			return holds(v1, opA, cA)
		case nodeB:
			return holds(v2, opB, cB)
		}
		for i, o := range others {
			if o == e {
				return set&(1<<i) != 0
			}
		}
		return false
	}
	for set := uint(0); set < 1<<len(others); set++ {
		for _, v1 := range firsts {
			for _, v2 := range stored {
				got := eval(top, v1, v2, set)
				if got != eval(top, v1, v1, set) && got != eval(top, v2, v2, set) {
					return false
				}
			}
		}
	}
	return true
}

// logical reports whether e is a &&, || or ! expression, or parentheses.
func logical(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.ParenExpr:
		return true
	case *ast.UnaryExpr:
		return x.Op == token.NOT
	case *ast.BinaryExpr:
		return x.Op == token.LAND || x.Op == token.LOR
	}
	return false
}
