package spawners

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// Repeater is the fact of a function that runs its func parameters at
// Params over and over, in a loop that ends when its component says so
// (k8s.io/apimachinery's wait.Until, holster's WaitGroup.Until): it calls
// one in a loop without a condition, or a loop that waits on channels, on
// its own goroutine or on one it starts, or in a range over a channel on a
// goroutine it starts, directly or through another repeater. A loop on the caller's goroutine that waits
// on no channel does not count: it is an algorithm's (a sort's
// comparisons) or a retry's. A func value run by a repeater on a
// goroutine is a background loop of its own, like a goroutine whose body
// is the loop.
//
// Ignores lists those of Params whose results it never looks at (it calls
// them as statements: wait.Until's f()): it runs them over and over
// whatever they return. One whose result it tests may be retried until it
// succeeds (backoff.Retry's operation): one piece of work, not a loop.
type Repeater struct {
	Params  []int
	Ignores []int
}

// AFact marks Repeater as a fact.
func (*Repeater) AFact() {}

func (f *Repeater) String() string {
	s := fmt.Sprintf("repeats(%s)", intList(f.Params))
	if len(f.Ignores) > 0 {
		s += fmt.Sprintf(" ignoring results of (%s)", intList(f.Ignores))
	}
	return s
}

// intList renders indices as a fact's String does: 0,2.
func intList(is []int) string {
	s := make([]string, len(is))
	for i, n := range is {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}

func (f *Repeater) same(g *Repeater) bool {
	return g != nil && slices.Equal(f.Params, g.Params) && slices.Equal(f.Ignores, g.Ignores)
}

// Repeats reports whether fn runs its func parameter i in a loop (a
// Repeater fact, of this package or another), and whether it ignores its
// results there.
func (r *Result) Repeats(fn *types.Func, i int) (repeats, ignores bool) {
	f, ok := r.repeatFacts[fn.Origin()]
	if !ok {
		return false, false
	}
	return slices.Contains(f.Params, i), slices.Contains(f.Ignores, i)
}

// RunsOver reports whether call, of fn, runs its argument i over and over
// until its component says so: fn repeats that parameter and ignores its
// results (wait.Until's f), or the argument is a literal that waits on
// channels itself (select { case <-queue: ...; case <-done: return false
// }). A func retried until it succeeds (backoff.Retry's operation: its
// result tested, and it waits on nothing) is one piece of work.
func (r *Result) RunsOver(call *ast.CallExpr, fn *types.Func, i int) bool {
	if call.Ellipsis.IsValid() || i < 0 || i >= len(call.Args) {
		return false
	}
	repeats, ignores := r.Repeats(fn, i)
	lit, ok := ast.Unparen(call.Args[i]).(*ast.FuncLit)
	return repeats && (ignores || ok && lintkit.WaitsOnChannel(lit.Body))
}

// inferRepeaters exports Repeater facts for the functions of decls, to a
// fixed point over the package: a function that hands a func parameter to
// a repeater of this package is one too.
func (st *state) inferRepeaters(decls []*ast.FuncDecl, facts map[types.Object]*Repeater) {
	local := map[*types.Func]*Repeater{}
	for changed := true; changed; {
		changed = false
		for _, d := range decls {
			fn, _ := st.pass.TypesInfo.Defs[d.Name].(*types.Func)
			if fn == nil {
				continue
			}
			// Recomputed until nothing changes: a repeater it calls may be
			// declared below it, or learn a parameter later.
			if f := st.repeats(d, fn, facts); f != nil && !f.same(local[fn]) {
				local[fn], facts[fn] = f, f
				changed = true
			}
		}
	}
	for _, d := range decls { // in source order: the same under every driver
		if fn, _ := st.pass.TypesInfo.Defs[d.Name].(*types.Func); fn != nil && local[fn] != nil {
			st.pass.ExportObjectFact(fn, local[fn])
		}
	}
}

// repeats returns the Repeater fact of d, or nil: the func parameters it
// calls inside a loop that runs until its component says so (repeatLoop),
// or hands to a repeater.
func (st *state) repeats(d *ast.FuncDecl, fn *types.Func, facts map[types.Object]*Repeater) *Repeater {
	info := st.pass.TypesInfo
	sig := fn.Signature()
	params := funcParamVars(sig)
	if len(params) == 0 {
		return nil
	}
	param := func(e ast.Expr) (int, bool) {
		v, _ := info.Uses[identOf(e)].(*types.Var)
		i, ok := params[v]
		return i, ok && v != nil
	}
	// found: the parameters called in a loop, each true while every such
	// call ignores its result.
	found := map[int]bool{}
	note := func(i int, ignores bool) {
		if prev, ok := found[i]; ok {
			ignores = ignores && prev
		}
		found[i] = ignores
	}
	stmts := map[*ast.CallExpr]bool{} // calls made as statements
	// A call in a loop repeats its func until the component says so when
	// the loop waits on a channel (wait.Until's select on its stop
	// channel and its timer) or runs on a goroutine the function starts
	// (holster's go func() { for cb(done) {} }()); a loop on the caller's
	// goroutine that waits on nothing is an algorithm's or a retry's (a
	// sort's comparisons, ignoringEINTR), or one that blocks it for good.
	type at struct{ loop, waits, onGo bool }
	var walk func(n ast.Node, w at)
	walk = func(n ast.Node, w at) {
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GoStmt:
				if lit, ok := ast.Unparen(n.Call.Fun).(*ast.FuncLit); ok {
					inner := w
					inner.onGo = true
					walk(lit.Body, inner)
					for _, a := range n.Call.Args {
						walk(a, w)
					}
					return false
				}
			case *ast.ForStmt:
				if !w.loop && repeatLoop(n) {
					inner := w
					inner.loop, inner.waits = true, lintkit.WaitsOnChannel(n.Body)
					walk(n.Body, inner)
					return false
				}
			case *ast.RangeStmt:
				// A range over a channel, on a goroutine the function
				// starts: one on the caller's goroutine blocks it until
				// the channel closes, and ranges over slices look alike
				// to the prefilter, which has no types.
				if t := info.TypeOf(n.X); !w.loop && w.onGo && t != nil {
					if _, ok := t.Underlying().(*types.Chan); ok {
						inner := w
						inner.loop, inner.waits = true, true
						walk(n.Body, inner)
						return false
					}
				}
			case *ast.ExprStmt:
				if call, ok := ast.Unparen(n.X).(*ast.CallExpr); ok {
					stmts[call] = true
				}
			case *ast.CallExpr:
				if i, ok := param(n.Fun); ok && w.loop {
					res := sig.Params().At(i).Type().Underlying().(*types.Signature).Results()
					if w.waits || w.onGo {
						note(i, stmts[n] || res.Len() == 0)
					}
				}
				callee := lintkit.Callee(info, n)
				if callee == nil || n.Ellipsis.IsValid() {
					break
				}
				if f, ok := facts[callee.Origin()]; ok {
					for _, j := range f.Params {
						if j < len(n.Args) {
							if i, ok := param(n.Args[j]); ok {
								note(i, slices.Contains(f.Ignores, j))
							}
						}
					}
				}
			}
			return true
		})
	}
	walk(d.Body, at{})
	if len(found) == 0 {
		return nil
	}
	f := &Repeater{}
	for i, ignores := range found {
		f.Params = append(f.Params, i)
		if ignores {
			f.Ignores = append(f.Ignores, i)
		}
	}
	slices.Sort(f.Params)
	slices.Sort(f.Ignores)
	return f
}

// repeatLoop reports whether a for statement runs until its component says
// so: it has no condition (for { ... }), or its body waits on a channel (a
// select or a receive outside function literals: for !stopped { select
// { ... } }). A loop over a counter or a slice does not.
func repeatLoop(s *ast.ForStmt) bool {
	if s.Cond == nil {
		return true
	}
	return lintkit.WaitsOnChannel(s.Body)
}
