package slotreread

import (
	"go/ast"
	"slices"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/slots"
)

// excluded reports whether the two atomic reads a and b of one location
// run in one critical section of a mutex of the value that holds the
// location (s.mu for s.f), with no Unlock of it on a path between them,
// while every write of the location in the package (outside construction
// and test files) holds that mutex in a mode the section excludes: an
// exclusive Lock where the reads hold an RLock, either where they hold the
// Lock. No rebind can then fall between the reads: they see one binding.
// t4's Watch reads its store twice under readMu.RLock, and its only
// rebind after Open swaps the store under readMu.Lock.
//
// Only a location no other package can write, whose address the package
// never takes but for an atomic function, is proven so
// (slots.Result.Location); a write in a function whose caller holds some
// lock (slots.LockedByCallers) names no mutex, and does not count.
func (c *checker) excluded(fx *fnIndex, fl *lintkit.Flow, a, b *read, sections []slots.Section) bool {
	if a.at == nil || b.at == nil {
		return false
	}
	loc, private := c.facts.Location(a.at)
	if loc == "" || !private {
		return false
	}
	ws := c.facts.AtomicWrites(loc)
	for _, s := range sections {
		if s.Obj == nil || !s.Contains(a.expr.Pos()) || !s.Contains(b.expr.Pos()) || !c.facts.Guards(c.k, s, a.at) {
			continue
		}
		if slices.ContainsFunc(fx.callList(), func(u *ast.CallExpr) bool {
			return c.unlocks(u, s.Mutex) && fl.Reaches(a.expr.Pos(), u.Pos(), nil) && fl.Reaches(u.Pos(), b.expr.Pos(), nil)
		}) {
			continue // released between the reads: a writer may run there
		}
		if !slices.ContainsFunc(ws, func(w slots.Write) bool { return !w.Excludes(s) }) {
			return true
		}
	}
	return false
}

// unlocks reports whether call is an Unlock or RUnlock of the mutex with
// key mutex.
func (c *checker) unlocks(call *ast.CallExpr, mutex string) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && c.k.Key(sel.X) == mutex && slots.IsUnlock(lintkit.Callee(c.pass.TypesInfo, call))
}
