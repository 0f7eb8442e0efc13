package spawners

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// Sharer is the fact of a function that runs its func parameter Param once
// for every caller that asks for the same key, as singleflight.Group.Do
// does: a wrapper of a sharer, inferred. The work runs with whichever
// caller came first.
type Sharer struct {
	Param int
}

// AFact marks Sharer as a fact.
func (*Sharer) AFact() {}

func (s *Sharer) String() string { return fmt.Sprintf("sharer(%d)", s.Param) }

// sharers is the built-in table of shared work, keyed by lintkit.FuncName:
// the index of the func parameter run for every caller of a key.
var sharers = map[string]int{
	"(*golang.org/x/sync/singleflight.Group).Do":     1,
	"(*golang.org/x/sync/singleflight.Group).DoChan": 1,
}

// Sharer returns the index of the func parameter of fn that is shared work,
// from the built-in table or a Sharer fact.
func (r *Result) Sharer(fn *types.Func) (param int, ok bool) {
	if i, ok := sharers[lintkit.FuncName(fn)]; ok {
		return i, true
	}
	if f, ok := r.sharerFacts[fn.Origin()]; ok {
		return f.Param, true
	}
	return 0, false
}

// BuiltinSharer reports whether fn is a sharer of the built-in table.
func (r *Result) BuiltinSharer(fn *types.Func) (int, bool) {
	i, ok := sharers[lintkit.FuncName(fn)]
	return i, ok
}

// HasSharers reports whether any sharer fact is known: a package that does
// not import singleflight may still call a wrapper of it.
func (r *Result) HasSharers() bool { return len(r.sharerFacts) > 0 }

// inferSharers exports Sharer facts for the functions of decls that hand a
// func parameter (or a literal that calls it) to a sharer, to a fixed
// point over the package.
func (st *state) inferSharers(decls []*ast.FuncDecl, facts map[types.Object]*Sharer) {
	if len(facts) == 0 && !lintkit.Imports(st.pass.Pkg, "golang.org/x/sync/singleflight") {
		return // no sharer to wrap
	}
	r := &Result{sharerFacts: facts}
	local := map[*types.Func]bool{}
	for changed := true; changed; {
		changed = false
		for _, d := range decls {
			fn, _ := st.pass.TypesInfo.Defs[d.Name].(*types.Func)
			if fn == nil || local[fn] {
				continue
			}
			if i, ok := st.sharesParam(d, fn, r); ok {
				facts[fn] = &Sharer{Param: i}
				local[fn] = true
				changed = true
			}
		}
	}
	for _, d := range decls {
		if fn, _ := st.pass.TypesInfo.Defs[d.Name].(*types.Func); fn != nil && local[fn] {
			st.pass.ExportObjectFact(fn, facts[fn])
		}
	}
}

// sharesParam returns the index of the func parameter of d that d hands to
// a sharer, bare or called by a literal handed to it.
func (st *state) sharesParam(d *ast.FuncDecl, fn *types.Func, r *Result) (int, bool) {
	defer lintkit.At(st.pass.Fset, d)
	info := st.pass.TypesInfo
	params := map[*types.Var]int{}
	for _, i := range funcParams(fn.Signature()) {
		params[fn.Signature().Params().At(i)] = i
	}
	if len(params) == 0 {
		return 0, false
	}
	found, at := false, 0
	ast.Inspect(d.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if found || !ok {
			return !found
		}
		callee := lintkit.Callee(info, call)
		if callee == nil {
			return true
		}
		i, ok := r.Sharer(callee)
		if !ok || i >= len(call.Args) {
			return true
		}
		ast.Inspect(call.Args[i], func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok {
					if p, ok := params[v]; ok && !found {
						found, at = true, p
					}
				}
			}
			return !found
		})
		return !found
	})
	return at, found
}
