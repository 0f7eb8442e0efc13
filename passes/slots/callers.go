package slots

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// LockedByCallers returns the functions of the package being analysed that
// run with a mutex held by every caller: a function whose name or doc
// comment says its caller holds the lock (SaysLockHeld), or an unexported
// function or method, never used as a value, no method of an interface of
// the package (it may be called through one), whose every call in the
// package's non-test files stands in a critical section (Sections) of the
// function declaration that makes it, or in a function of the set (a fixed
// point). A call inside a function literal does not count (the literal may
// run after the Unlock, on another goroutine), nor does a go or defer
// statement's call, nor a call from a package-level initialiser.
// Calls from _test.go files are not counted: a test runs one scenario at a
// time. k names the mutexes, as for Sections. The map is never nil.
func LockedByCallers(pass *analysis.Pass, k *lintkit.Keyer) map[*types.Func]bool {
	return newLockIndex(pass, k).locked(func(mu types.Object) bool { return mu != nil })
}

// A lockIndex holds, for the functions LockedByCallers may prove, their
// calls and the mutexes each call holds: one walk of the package, then a
// cheap fixed point per choice of the mutexes that count (any, or one
// owner's: lockescape's writers).
type lockIndex struct {
	says  map[*types.Func]bool // SaysLockHeld
	cands map[*types.Func]bool
	// sites[fn] are fn's calls: the declaration that makes each, and the
	// mutexes of that declaration's critical sections that contain it; a
	// use of fn that is no such call rules it out.
	sites map[*types.Func][]lockSite
}

type lockSite struct {
	caller *types.Func
	held   []types.Object
}

func newLockIndex(pass *analysis.Pass, k *lintkit.Keyer) *lockIndex {
	info := pass.TypesInfo
	ifaceMethods := map[string]bool{}
	for _, name := range pass.Pkg.Scope().Names() {
		if tn, ok := pass.Pkg.Scope().Lookup(name).(*types.TypeName); ok {
			if it, ok := tn.Type().Underlying().(*types.Interface); ok {
				for m := range it.Methods() {
					ifaceMethods[m.Name()] = true
				}
			}
		}
	}
	x := &lockIndex{says: map[*types.Func]bool{}, cands: map[*types.Func]bool{}, sites: map[*types.Func][]lockSite{}}
	for fd := range lintkit.NonTestFuncs(pass) {
		fn, ok := info.Defs[fd.Name].(*types.Func)
		if !ok {
			continue
		}
		if SaysLockHeld(fd) {
			x.says[fn] = true
			continue
		}
		if fd.Name.IsExported() || fd.Name.Name == "init" || fd.Name.Name == "main" || fd.Recv != nil && ifaceMethods[fd.Name.Name] {
			continue
		}
		x.cands[fn] = true
	}
	if len(x.cands) == 0 {
		return x
	}
	for _, f := range pass.Files {
		if strings.HasSuffix(pass.Fset.File(f.FileStart).Name(), "_test.go") {
			continue
		}
		for _, d := range f.Decls {
			fd, _ := d.(*ast.FuncDecl)
			var sections []Section
			var caller *types.Func
			if fd != nil && fd.Body != nil {
				sections = Sections(info, k, fd.Body)
				caller, _ = info.Defs[fd.Name].(*types.Func)
			}
			lintkit.InspectStack(d, false, func(n ast.Node, stack []ast.Node) bool {
				id, ok := n.(*ast.Ident)
				if !ok {
					return true
				}
				fn, ok := info.Uses[id].(*types.Func)
				if !ok || !x.cands[fn] {
					return true
				}
				if caller == nil || caller == fn || !called(id, stack) || inLiteral(stack) {
					delete(x.cands, fn)
					return true
				}
				var held []types.Object
				for _, s := range sections {
					if s.Obj != nil && s.Contains(id.Pos()) {
						held = append(held, s.Obj)
					}
				}
				x.sites[fn] = append(x.sites[fn], lockSite{caller, held})
				return true
			})
		}
	}
	return x
}

// locked returns the functions every call of which holds a mutex that
// counts (a call in a critical section of one, or from a function of the
// set), with those that say their caller holds the lock. The map is never
// nil.
func (x *lockIndex) locked(counts func(mu types.Object) bool) map[*types.Func]bool {
	out := map[*types.Func]bool{}
	for fn := range x.says {
		out[fn] = true
	}
	for changed := true; changed; {
		changed = false
		for fn := range x.cands {
			if out[fn] || len(x.sites[fn]) == 0 {
				continue
			}
			all := true
			for _, s := range x.sites[fn] {
				if !out[s.caller] && !slices.ContainsFunc(s.held, counts) {
					all = false
					break
				}
			}
			if all {
				out[fn] = true
				changed = true
			}
		}
	}
	return out
}

// called reports whether the identifier id, whose enclosing nodes are
// stack, is the function of a call that runs there and then: f(...) or
// x.f(...), not go f(...) or defer f(...).
func called(id *ast.Ident, stack []ast.Node) bool {
	var fun ast.Node = id
	i := len(stack) - 1
	if i >= 0 {
		if sel, ok := stack[i].(*ast.SelectorExpr); ok && sel.Sel == id {
			fun, i = sel, i-1
		}
	}
	for i >= 0 {
		if p, ok := stack[i].(*ast.ParenExpr); ok {
			fun, i = p, i-1
			continue
		}
		break
	}
	if i < 0 {
		return false
	}
	call, ok := stack[i].(*ast.CallExpr)
	if !ok || call.Fun != fun {
		return false
	}
	// go f() runs f on another goroutine, after the Unlock as likely as
	// before; defer f() runs it when the function returns, past an
	// explicit Unlock: neither runs under the caller's lock.
	if i > 0 {
		switch p := stack[i-1].(type) {
		case *ast.GoStmt:
			return p.Call != call
		case *ast.DeferStmt:
			return p.Call != call
		}
	}
	return true
}

// inLiteral reports whether the enclosing nodes hold a function literal.
func inLiteral(stack []ast.Node) bool {
	for _, n := range stack {
		if _, ok := n.(*ast.FuncLit); ok {
			return true
		}
	}
	return false
}

// SaysLockHeld reports whether a function says its caller holds the lock:
// by its name (updateLocked, flushlocked) or its doc comment ("Lock
// should be held.", "c.mu must be held", "+checklocks:mu").
func SaysLockHeld(fd *ast.FuncDecl) bool {
	if strings.HasSuffix(strings.ToLower(fd.Name.Name), "locked") {
		return true
	}
	if fd.Doc == nil {
		return false
	}
	doc := strings.ToLower(fd.Doc.Text())
	for _, p := range heldPhrases {
		if strings.Contains(doc, p) {
			return true
		}
	}
	return false
}

// heldPhrases say, in a doc comment, that the caller holds the lock.
var heldPhrases = []string{"must be held", "should be held", "needs to be held", "is held", "with the lock held", "caller holds", "caller must hold", "+checklocks"}
