package slotreread

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// Linear cost within one function (issue 21, repro 4): pairing every read
// of a slot with every earlier one, and walking the body for each pair,
// cost the cube of the reads of one slot in one function (a generated
// function of 1,000 guarded reads ran for minutes). A fnIndex holds what
// the pairing asks of the body, built in one walk; candidates returns, for
// a second read, only the first reads its result can meet, in source
// order.

// A fnIndex is what the pairing of one function's reads asks of its body.
type fnIndex struct {
	info *types.Info
	body *ast.BlockStmt
	// maxUse is the last use of each variable in the body (function
	// literals included).
	maxUse map[types.Object]token.Pos
	// rhsUses are, for each variable, the assignments (and var
	// declarations) whose right side names it.
	rhsUses map[types.Object][]ast.Node
	// cmps are the == and != comparisons with an operand that is an
	// identifier, by the variable it denotes.
	cmps map[types.Object][]*ast.BinaryExpr
	// assigns are the nodes that may change each variable: an
	// assignment to it, ++ or --, its address taken.
	assigns map[types.Object][]ast.Node
	// reads are the function's slot reads (takes walks the uses of the
	// bound ones at once).
	reads []*read
	// calls are the calls outside function literals, by position
	// (callList).
	calls []*ast.CallExpr
	// blocks are the positions where the body may block (blocksBetween).
	blocks positions
	// gotos: 0 unknown, 1 none, 2 the body has a goto (hasGoto).
	gotos int
}

// hasGoto reports whether the body has a goto statement (once per
// function).
func (fx *fnIndex) hasGoto() bool {
	if fx.gotos == 0 {
		fx.gotos = 1
		if hasGoto(fx.body) {
			fx.gotos = 2
		}
	}
	return fx.gotos == 2
}

// newIndex walks body once.
func newIndex(info *types.Info, body *ast.BlockStmt) *fnIndex {
	fx := &fnIndex{
		info:    info,
		body:    body,
		maxUse:  map[types.Object]token.Pos{},
		rhsUses: map[types.Object][]ast.Node{},
		cmps:    map[types.Object][]*ast.BinaryExpr{},
		assigns: map[types.Object][]ast.Node{},
	}
	// names adds stmt to rhsUses of every variable the expressions name.
	names := func(stmt ast.Node, es []ast.Expr) {
		var seen []types.Object
		for _, e := range es {
			ast.Inspect(e, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if obj := info.Uses[id]; obj != nil && !slices.Contains(seen, obj) {
						seen = append(seen, obj)
						fx.rhsUses[obj] = append(fx.rhsUses[obj], stmt)
					}
				}
				return true
			})
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if obj := info.Uses[n]; obj != nil && n.Pos() > fx.maxUse[obj] {
				fx.maxUse[obj] = n.Pos()
			}
		case *ast.AssignStmt:
			names(n, n.Rhs)
			for _, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					if obj := info.Uses[id]; obj != nil {
						fx.assigns[obj] = append(fx.assigns[obj], n)
					}
				}
			}
		case *ast.ValueSpec:
			names(n, n.Values)
		case *ast.IncDecStmt:
			if id, ok := n.X.(*ast.Ident); ok {
				if obj := info.Uses[id]; obj != nil {
					fx.assigns[obj] = append(fx.assigns[obj], n)
				}
			}
		case *ast.UnaryExpr:
			if id, ok := n.X.(*ast.Ident); ok && n.Op == token.AND {
				if obj := info.Uses[id]; obj != nil {
					fx.assigns[obj] = append(fx.assigns[obj], n)
				}
			}
		case *ast.BinaryExpr:
			if n.Op == token.EQL || n.Op == token.NEQ {
				for _, e := range []ast.Expr{n.X, n.Y} {
					if id, ok := ast.Unparen(e).(*ast.Ident); ok {
						if obj := info.ObjectOf(id); obj != nil {
							fx.cmps[obj] = append(fx.cmps[obj], n)
						}
					}
				}
			}
		}
		return true
	})
	return fx
}

// carried returns the variables that carry read a's result: bound by a's
// statement, then by any later assignment or declaration from one of them
// (run := s.Load(); id := run.ID; ...), and the last use of any of them;
// computed once per read.
func (fx *fnIndex) carried(a *read) (map[types.Object]bool, token.Pos) {
	if a.carried != nil {
		return a.carried, a.lastCarried
	}
	carried := map[types.Object]bool{}
	a.carried = carried
	sa := innermostStmt(a)
	if sa == nil {
		return carried, token.NoPos
	}
	var work []types.Object
	bind := func(obj types.Object) {
		if obj != nil && !carried[obj] {
			carried[obj] = true
			work = append(work, obj)
		}
	}
	bound := func(st ast.Node) {
		switch st := st.(type) {
		case *ast.AssignStmt:
			for _, l := range st.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					bind(fx.info.ObjectOf(id))
				}
			}
		case *ast.DeclStmt:
			ast.Inspect(st, func(n ast.Node) bool {
				if vs, ok := n.(*ast.ValueSpec); ok {
					for _, id := range vs.Names {
						bind(fx.info.ObjectOf(id))
					}
				}
				return true
			})
		case *ast.ValueSpec:
			for _, id := range st.Names {
				bind(fx.info.ObjectOf(id))
			}
		}
	}
	bound(sa)
	for len(work) > 0 {
		obj := work[len(work)-1]
		work = work[:len(work)-1]
		for _, st := range fx.rhsUses[obj] {
			if st.Pos() > sa.End() {
				bound(st)
			}
		}
	}
	for obj := range carried {
		a.lastCarried = max(a.lastCarried, fx.maxUse[obj])
	}
	return carried, a.lastCarried
}

// reassigned reports whether v may be changed anywhere in the body other
// than by read a's own statement: assigned, incremented, or its address
// taken.
func (fx *fnIndex) reassigned(v *types.Var, a *read) bool {
	for _, n := range fx.assigns[v] {
		if as, ok := n.(*ast.AssignStmt); ok && slices.Contains(as.Rhs, a.expr) {
			continue
		}
		return true
	}
	return false
}

// compares reports whether b is compared with the result of a (old :=
// s.Load(); ...; if s.Load() != old, or cur := s.Load(); if cur != old): a
// deliberate check that the slot did not change.
func (fx *fnIndex) compares(a, b *read) bool {
	if a.bound == nil {
		return false
	}
	is := func(e ast.Expr) bool {
		if e == b.expr {
			return true
		}
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && b.bound != nil && fx.info.ObjectOf(id) == b.bound
	}
	for _, be := range fx.cmps[a.bound] {
		x, y := be.X, be.Y
		if id, ok := ast.Unparen(x).(*ast.Ident); !ok || fx.info.ObjectOf(id) != a.bound {
			x, y = y, x
		}
		if id, ok := ast.Unparen(x).(*ast.Ident); ok && fx.info.ObjectOf(id) == a.bound && is(y) {
			return true
		}
	}
	return false
}

// A pairing holds, for the reads of one slot in one function, where each
// read stands, so that a second read is paired only with the first reads
// its result can meet.
type pairing struct {
	fx         *fnIndex
	byStmt     map[ast.Stmt][]*read // by innermost statement
	byDecision map[ast.Node][]*read // by the if-else chain or switch whose condition holds them
	byCond     map[ast.Node][]*read // by the if, for, switch or case clause whose condition holds them
	byGuard    map[ast.Node][]*read // by the block that holds the early-return if whose condition holds them
	// carriers are the reads whose result a variable carries, in source
	// order; live are those of them before the current second read whose
	// carriers are still used at or after a remaining second read's
	// statement, and next the first of carriers not yet moved to live.
	carriers []*read
	live     []*read
	next     int
	// floor[j] is the earliest statement start of the reads from j on.
	floor []token.Pos
}

// newPairing indexes the reads rs (in source order) of one slot.
func newPairing(fx *fnIndex, rs []*read) *pairing {
	p := &pairing{
		fx:         fx,
		byStmt:     map[ast.Stmt][]*read{},
		byDecision: map[ast.Node][]*read{},
		byCond:     map[ast.Node][]*read{},
		byGuard:    map[ast.Node][]*read{},
		floor:      make([]token.Pos, len(rs)+1),
	}
	p.floor[len(rs)] = token.Pos(1 << 62)
	for j := len(rs) - 1; j >= 0; j-- {
		p.floor[j] = p.floor[j+1]
		if s := innermostStmt(rs[j]); s != nil {
			p.floor[j] = min(p.floor[j], s.Pos())
		}
	}
	for _, a := range rs {
		if !a.used || a.write {
			continue
		}
		if s := innermostStmt(a); s != nil {
			p.byStmt[s] = append(p.byStmt[s], a)
		}
		if d := decision(a); d != nil {
			p.byDecision[d] = append(p.byDecision[d], a)
		}
		for i, n := range a.stack {
			if inCondition(n, a.expr) {
				p.byCond[n] = append(p.byCond[n], a)
				if is, ok := n.(*ast.IfStmt); ok && is.Else == nil && lintkit.Leaves(is.Body) && i > 0 {
					p.byGuard[a.stack[i-1]] = append(p.byGuard[a.stack[i-1]], a)
				}
			}
		}
		if _, last := fx.carried(a); last.IsValid() {
			p.carriers = append(p.carriers, a)
		}
	}
	return p
}

// inCondition reports whether e lies in the condition part of n: an if
// statement's init or condition, a for loop's condition, a switch's init
// or tag, a case clause's list.
func inCondition(n ast.Node, e ast.Expr) bool {
	pos := e.Pos()
	in := func(x ast.Node) bool { return x != nil && x.Pos() <= pos && pos < x.End() }
	switch n := n.(type) {
	case *ast.IfStmt:
		return in(n.Cond) || n.Init != nil && in(n.Init)
	case *ast.ForStmt:
		return n.Cond != nil && in(n.Cond)
	case *ast.SwitchStmt:
		return n.Tag != nil && in(n.Tag) || n.Init != nil && in(n.Init)
	case *ast.CaseClause:
		for _, x := range n.List {
			if in(x) {
				return true
			}
		}
	}
	return false
}

// candidates returns the first reads that second read b (the j-th of the
// slot) may meet, in source order: reads in b's statement, in the
// condition of a statement or clause that holds b, in the conditions of
// b's decision, in the condition of an early-return if before b in a block
// that holds it, and reads whose result a variable carries to b's
// statement or later. Every pair meet can accept is among them.
func (p *pairing) candidates(j int, b *read) []*read {
	var out []*read
	add := func(rs []*read) {
		for _, a := range rs {
			if a.expr.Pos() < b.expr.Pos() {
				out = append(out, a)
			}
		}
	}
	sb := innermostStmt(b)
	if sb != nil {
		add(p.byStmt[sb])
	}
	for _, n := range b.stack {
		add(p.byCond[n])
		add(p.byGuard[n])
	}
	if d := decision(b); d != nil {
		add(p.byDecision[d])
	}
	for p.next < len(p.carriers) && p.carriers[p.next].expr.Pos() < b.expr.Pos() {
		p.live = append(p.live, p.carriers[p.next])
		p.next++
	}
	// Drop the reads whose carriers are all used before every remaining
	// second read's statement: no later pair can meet through them.
	p.live = slices.DeleteFunc(p.live, func(a *read) bool { return a.lastCarried < p.floor[j] })
	if sb != nil {
		for _, a := range p.live {
			if a.lastCarried >= sb.Pos() {
				out = append(out, a)
			}
		}
	}
	slices.SortFunc(out, func(x, y *read) int { return cmp.Compare(x.expr.Pos(), y.expr.Pos()) })
	return slices.Compact(out)
}

// positions is a sorted list of positions: the writes that may change one
// slot, or the locks of a function.
type positions []token.Pos

// within reports whether a position lies in n.
func (ps positions) within(n ast.Node) bool {
	i := sort.Search(len(ps), func(i int) bool { return ps[i] >= n.Pos() })
	return i < len(ps) && ps[i] < n.End()
}
