package slotreread

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// One decision, one read (issue 20, item 2).
//
// A state loaded in a condition and loaded again in the branch that
// condition guards is read twice in one decision when the branch does not
// already know the answer to the second test: if sig.Load() != none { if
// sig.Load() == resubmit { ... } } classifies a signal the first load let
// through, and a store between the loads classifies another one. A second
// test that the first decides (after == running, any test of the state is
// known; after < 5, a test == 7 is known false) re-checks for a change on
// purpose, and is silent, as is one after the code blocks (a channel
// operation, a select, a sleep, a wait: it re-checks after waiting).
//
// A value checked before it is used (an early return when it is invalid)
// and loaded again for the use without that check is read twice too: the
// guard and the use see two values. The use is an index (a lookup: m[id])
// for a numeric state, any use for a binding. Such a second load after a
// Lock is double-checked locking only when it is tested again.

// A test is what a condition knows of a state: the state op the constant
// is true (or false, for the other branch).
type test struct {
	op    token.Token
	c     constant.Value
	truth bool
}

// stateTest returns the comparison of read r's value with a constant that
// r stands in directly (possibly converted): s.Load() == idle, idle <
// s.Load() (mirrored), and the node of the comparison.
func stateTest(info *types.Info, r *read) (token.Token, constant.Value, ast.Node, bool) {
	var child ast.Node = r.expr
	for i := len(r.stack) - 1; i >= 0; i-- {
		switch p := r.stack[i].(type) {
		case *ast.ParenExpr:
		case *ast.CallExpr:
			if tv, ok := info.Types[p.Fun]; !ok || !tv.IsType() {
				return 0, nil, nil, false
			}
		case *ast.BinaryExpr:
			other, op := p.Y, p.Op
			if p.Y == child {
				other, op = p.X, lintkit.Mirror(p.Op)
			}
			v := info.Types[other].Value
			switch op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
				if v != nil && v.Kind() == constant.Int {
					return op, v, p, true
				}
			}
			return 0, nil, nil, false
		default:
			return 0, nil, nil, false
		}
		child = r.stack[i]
	}
	return 0, nil, nil, false
}

// holds reports whether v op c.
func holds(v constant.Value, op token.Token, c constant.Value) bool {
	return constant.Compare(v, op, c)
}

// decides reports whether knowing the tests ts of a state fixes the
// outcome of the test op c: every value the tests allow gives the same
// answer. Values are tried at the constants and next to them, which is
// enough for tests that are points and intervals.
func decides(ts []test, op token.Token, c constant.Value) bool {
	seen, answer := false, false
	for _, v := range probes(append([]constant.Value{c}, constsOf(ts)...)) {
		allowed := true
		for _, t := range ts {
			if holds(v, t.op, t.c) != t.truth {
				allowed = false
				break
			}
		}
		if !allowed {
			continue
		}
		got := holds(v, op, c)
		if seen && got != answer {
			return false
		}
		seen, answer = true, got
	}
	return true
}

// probes returns the integer values that tell point and interval tests
// against the constants cs apart: each constant and its two neighbours.
func probes(cs []constant.Value) []constant.Value {
	one := constant.MakeInt64(1)
	var out []constant.Value
	for _, x := range cs {
		out = append(out, x, constant.BinaryOp(x, token.SUB, one), constant.BinaryOp(x, token.ADD, one))
	}
	return out
}

func constsOf(ts []test) []constant.Value {
	out := make([]constant.Value, len(ts))
	for i, t := range ts {
		out[i] = t.c
	}
	return out
}

// branchDecision reports whether state read b lies in a branch that a
// test of read a guards and that test leaves b's own test open (see
// above): in the body or else of if a-test { } (a conjunct of the
// condition, for the body), or in a clause of switch a { case ...: } (its
// default included). The fnIndex says whether the code blocks between.
func (fx *fnIndex) branchDecision(a, b *read) bool {
	opB, cB, _, ok := stateTest(fx.info, b)
	if !ok || fx.blocksBetween(a, b) {
		return false
	}
	opA, cA, cmpA, okA := stateTest(fx.info, a)
	for i, n := range b.stack {
		var child ast.Node = b.expr
		if i+1 < len(b.stack) {
			child = b.stack[i+1]
		}
		switch n := n.(type) {
		case *ast.IfStmt:
			if !okA || !lintkit.Contains(n.Cond, a.expr.Pos()) || (child != n.Body && child != n.Else) {
				continue
			}
			if child == n.Body && lintkit.Conjunct(n.Cond, cmpA) {
				return !decides([]test{{opA, cA, true}}, opB, cB)
			}
			if child == n.Else && ast.Unparen(n.Cond) == cmpA {
				return !decides([]test{{opA, cA, false}}, opB, cB)
			}
		case *ast.SwitchStmt:
			if n.Tag == nil || ast.Unparen(n.Tag) != ast.Expr(a.expr) || child != n.Body || i+2 >= len(b.stack) {
				continue
			}
			cc, ok := b.stack[i+2].(*ast.CaseClause)
			if !ok || !lintkit.Contains(cc, b.expr.Pos()) || containsAny(cc.List, b.expr.Pos()) {
				continue
			}
			var ts []test
			if cc.List == nil { // default: none of the cases
				for _, s := range n.Body.List {
					for _, e := range s.(*ast.CaseClause).List {
						v := fx.info.Types[e].Value
						if v == nil || v.Kind() != constant.Int {
							return false
						}
						ts = append(ts, test{token.EQL, v, false})
					}
				}
				return !decides(ts, opB, cB)
			}
			if len(cc.List) != 1 {
				return false // one of several: each decides alone, not together
			}
			v := fx.info.Types[cc.List[0]].Value
			if v == nil || v.Kind() != constant.Int {
				return false
			}
			return !decides([]test{{token.EQL, v, true}}, opB, cB)
		}
	}
	return false
}

func containsAny(es []ast.Expr, pos token.Pos) bool {
	for _, e := range es {
		if lintkit.Contains(e, pos) {
			return true
		}
	}
	return false
}

// blocksBetween reports whether the code between reads a and b may block:
// a channel send or receive, a select, a sleep, a wait of a sync.Cond or
// WaitGroup.
func (fx *fnIndex) blocksBetween(a, b *read) bool {
	if fx.blocks == nil {
		fx.blocks = positions{}
		ast.Inspect(fx.body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.SendStmt, *ast.SelectStmt:
				fx.blocks = append(fx.blocks, n.Pos())
			case *ast.UnaryExpr:
				if n.Op == token.ARROW {
					fx.blocks = append(fx.blocks, n.Pos())
				}
			case *ast.CallExpr:
				fn := lintkit.Callee(fx.info, n)
				if lintkit.IsFunc(fn, "time", "Sleep") || lintkit.IsMethod(fn, "sync", "Cond", "Wait") || lintkit.IsMethod(fn, "sync", "WaitGroup", "Wait") {
					fx.blocks = append(fx.blocks, n.Pos())
				}
			}
			return true
		})
	}
	i := sort.Search(len(fx.blocks), func(i int) bool { return fx.blocks[i] >= a.expr.End() })
	return i < len(fx.blocks) && fx.blocks[i] < b.expr.Pos()
}

// guardUse reports whether read a is tested in the condition of an if
// statement that leaves (return, break, continue, panic) and has no else,
// and b, after that statement in a block that holds it, uses the value
// without testing it: the guard and the use see two values.
func (fx *fnIndex) guardUse(a, b *read) bool {
	if fx.tested(b) {
		return false
	}
	for i, n := range a.stack {
		is, ok := n.(*ast.IfStmt)
		if !ok || is.Else != nil || !lintkit.Leaves(is.Body) || !lintkit.Contains(is.Cond, a.expr.Pos()) || i == 0 {
			continue
		}
		if is.End() > b.expr.Pos() {
			return false
		}
		holder := a.stack[i-1]
		return lintkit.Contains(holder, b.expr.Pos()) && fx.tested(a)
	}
	return false
}

// tested reports whether read r's value is tested: where it is read
// (directlyTested), or through the variable it is bound to, compared after
// it (r := s.Load(); if r != nil).
func (fx *fnIndex) tested(r *read) bool {
	if directlyTested(fx.info, r) {
		return true
	}
	if r.bound != nil {
		for _, be := range fx.cmps[r.bound] {
			if be.Pos() > r.expr.Pos() {
				return true
			}
		}
	}
	return false
}

// directlyTested reports whether read r's value is tested where it is
// read: it is (or a field of it is) compared, negated, or the condition
// itself.
func directlyTested(info *types.Info, r *read) bool {
	var child ast.Node = r.expr
	for i := len(r.stack) - 1; i >= 0; i-- {
		switch p := r.stack[i].(type) {
		case *ast.ParenExpr:
		case *ast.SelectorExpr:
			if p.X != child {
				return false
			}
			if s := info.Selections[p]; s == nil || s.Kind() != types.FieldVal {
				return false
			}
		case *ast.CallExpr:
			if tv, ok := info.Types[p.Fun]; !ok || !tv.IsType() {
				return false
			}
		case *ast.BinaryExpr:
			switch p.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
				return true
			case token.AND, token.OR, token.XOR, token.AND_NOT:
				// s.flags.Load()&closed != 0: go on to the comparison
			case token.LAND, token.LOR:
				return true // a boolean in a condition
			default:
				return false
			}
		case *ast.UnaryExpr:
			return p.Op == token.NOT
		case *ast.IfStmt:
			return p.Cond == child
		case *ast.ForStmt:
			return p.Cond == child
		case *ast.SwitchStmt:
			return p.Tag == child
		default:
			return false
		}
		child = r.stack[i]
	}
	return false
}

// indexKey reports whether read r's value is the index of an index
// expression (a lookup: m[s.id.Load()]), directly or converted.
func indexKey(info *types.Info, r *read) bool {
	var child ast.Node = r.expr
	for i := len(r.stack) - 1; i >= 0; i-- {
		switch p := r.stack[i].(type) {
		case *ast.ParenExpr:
		case *ast.CallExpr:
			if tv, ok := info.Types[p.Fun]; !ok || !tv.IsType() {
				return false
			}
		case *ast.IndexExpr:
			return p.Index == child
		default:
			return false
		}
		child = r.stack[i]
	}
	return false
}
