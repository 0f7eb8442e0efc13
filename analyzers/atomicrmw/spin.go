package atomicrmw

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/slots"
)

// spinSections returns the critical sections of a spin lock in body,
// function literals included: an if whose condition holds, as a conjunct,
// a CompareAndSwap of an atomic field from one constant to another (if
// s.busy.CompareAndSwap(0, 1) { ... }), and whose body later stores the
// first constant back in the same field as a statement of its own (...;
// s.busy.Store(0)). The statements between run with the field held, as
// between mu.Lock() and mu.Unlock(): a CompareAndSwap that only one
// goroutine at a time wins (Caffeine's cellsBusy, a striped counter's
// table lock). The section's mutex is the field, its owner the value
// that holds it.
func (c *checker) spinSections(body *ast.BlockStmt) []slots.Section {
	info := c.pass.TypesInfo
	var out []slots.Section
	ast.Inspect(body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok {
			return true
		}
		for _, e := range lintkit.Conjuncts(ifs.Cond) {
			call, ok := ast.Unparen(e).(*ast.CallExpr)
			if !ok {
				continue
			}
			a, ok := c.facts.AtomicOp(info, call)
			if !ok || a.Op != slots.OpCAS || len(a.Args) != 2 || a.Loc == nil {
				continue
			}
			sel, ok := ast.Unparen(a.Loc).(*ast.SelectorExpr)
			if !ok {
				continue
			}
			field := info.Selections[sel]
			free, held := info.Types[a.Args[0]].Value, info.Types[a.Args[1]].Value
			if field == nil || field.Kind() != types.FieldVal || free == nil || held == nil || constant.Compare(free, token.EQL, held) {
				continue
			}
			key := c.k.Key(a.Loc)
			for _, st := range ifs.Body.List {
				es, ok := st.(*ast.ExprStmt)
				if !ok {
					continue
				}
				rel, ok := ast.Unparen(es.X).(*ast.CallExpr)
				if !ok {
					continue
				}
				r, ok := c.facts.AtomicOp(info, rel)
				if !ok || r.Op != slots.OpStore || len(r.Args) != 1 || r.Loc == nil || c.k.Key(r.Loc) != key {
					continue
				}
				if v := info.Types[r.Args[0]].Value; v != nil && constant.Compare(v, token.EQL, free) {
					out = append(out, slots.Section{
						Owner: c.k.Key(sel.X), Mutex: key, Text: types.ExprString(a.Loc), Obj: field.Obj(),
						Lock: ifs, Start: ifs.Body.Lbrace, End: es.Pos(), Unlock: st,
					})
					break
				}
			}
		}
		return true
	})
	return out
}
