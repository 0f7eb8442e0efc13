package slots

import (
	"go/ast"
	"go/types"
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
	return lockedBy(pass, k, func(s Section) bool { return s.Obj != nil })
}

// lockedBy is LockedByCallers with the critical sections that count
// chosen by holds (any mutex's, or one owner's).
func lockedBy(pass *analysis.Pass, k *lintkit.Keyer, holds func(Section) bool) map[*types.Func]bool {
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
	out := map[*types.Func]bool{}
	cands := map[*types.Func]bool{}
	for _, f := range pass.Files {
		if strings.HasSuffix(pass.Fset.File(f.FileStart).Name(), "_test.go") {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, ok := info.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			if SaysLockHeld(fd) {
				out[fn] = true
				continue
			}
			if fd.Name.IsExported() || fd.Name.Name == "init" || fd.Name.Name == "main" || fd.Recv != nil && ifaceMethods[fd.Name.Name] {
				continue
			}
			cands[fn] = true
		}
	}
	if len(cands) == 0 {
		return out
	}
	// sites[fn] are fn's calls: the declaration that makes each, and
	// whether it stands in one of that declaration's critical sections; a
	// use of fn that is no such call rules it out.
	type site struct {
		caller *types.Func
		locked bool
	}
	sites := map[*types.Func][]site{}
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
				if !ok || !cands[fn] {
					return true
				}
				if caller == nil || caller == fn || !called(id, stack) || inLiteral(stack) {
					delete(cands, fn)
					return true
				}
				locked := false
				for _, s := range sections {
					if s.Contains(id.Pos()) && holds(s) {
						locked = true
						break
					}
				}
				sites[fn] = append(sites[fn], site{caller, locked})
				return true
			})
		}
	}
	for changed := true; changed; {
		changed = false
		for fn := range cands {
			if out[fn] || len(sites[fn]) == 0 {
				continue
			}
			all := true
			for _, s := range sites[fn] {
				if !s.locked && !out[s.caller] {
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
