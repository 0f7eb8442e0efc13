package ctxscope

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// ReadsValues is the fact of a function that reads the values of its
// context parameters at Params: it calls Value on one (ctx.Value(key)), or
// hands it to a function that does (a trace span, a logger or an identity
// looked up in the context). Work that calls it with a fresh root loses
// the values of the caller's context.
type ReadsValues struct {
	Params []int
	// Via names the function it hands the context to, or is "" when it
	// calls ctx.Value itself.
	Via string
}

// AFact marks ReadsValues as a fact.
func (*ReadsValues) AFact() {}

func (f *ReadsValues) String() string {
	s := "reads values of ctx " + paramList(f.Params)
	if f.Via != "" {
		s += " through " + f.Via
	}
	return s
}

// Reads reports whether the function reads the values of its parameter i.
func (f *ReadsValues) Reads(i int) bool { return slices.Contains(f.Params, i) }

// What describes the reading for messages: "it reads ctx.Value", or
// "through log.FromContext".
func (f *ReadsValues) What() string {
	if f.Via == "" {
		return "ctx.Value"
	}
	return f.Via
}

// computeReads exports ReadsValues facts, to a fixed point over the calls
// of the package. Package context itself is not summarised: its own Value
// calls (a parent's cancelCtx, context.Cause) read no value of the
// caller's.
func (r *Result) computeReads(decls []*ast.FuncDecl) {
	if r.pass.Pkg.Path() == "context" || r.pass.Pkg.Path() == "golang.org/x/net/context" {
		return
	}
	local := map[*types.Func]bool{}
	for changed := true; changed; {
		changed = false
		for _, d := range decls {
			fn, _ := r.pass.TypesInfo.Defs[d.Name].(*types.Func)
			fi := r.fn(d)
			if fn == nil || fi == nil || len(fi.ctxParams) == 0 {
				continue
			}
			if f := r.readsOf(d, fi, fn); f != nil && (r.reads[fn] == nil || !slices.Equal(r.reads[fn].Params, f.Params)) {
				r.reads[fn] = f
				local[fn] = true
				changed = true
			}
		}
	}
	for _, d := range decls {
		if fn, _ := r.pass.TypesInfo.Defs[d.Name].(*types.Func); fn != nil && local[fn] {
			r.pass.ExportObjectFact(fn, r.reads[fn])
		}
	}
}

// readsOf returns the fact of d if it reads the values of one of its
// context parameters, in its body or in a literal it runs (not one it
// returns or stores, nor one with a context parameter of its own).
func (r *Result) readsOf(d *ast.FuncDecl, fi *funcInfo, fn *types.Func) *ReadsValues {
	defer lintkit.At(r.pass.Fset, d)
	sig := fn.Signature()
	index := map[*types.Var]int{}
	for i := range sig.Params().Len() {
		index[sig.Params().At(i)] = i
	}
	read := map[int]bool{}
	via := ""
	note := func(e ast.Expr, through string) {
		c := r.Classify(e)
		if c.Kind != Caller && c.Kind != Detached || c.Param == nil {
			return
		}
		if i, ok := index[c.Param]; ok && !read[i] {
			read[i] = true
			if via == "" {
				via = through
			}
		}
	}
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return !r.OwnsContext(n) && !r.Detached(n)
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Value" && len(n.Args) == 1 {
				if t := r.pass.TypesInfo.TypeOf(sel.X); t != nil && r.ctx.like(t) {
					note(sel.X, "")
				}
			}
			callee := lintkit.Callee(r.pass.TypesInfo, n)
			if callee == nil {
				return true
			}
			f, ok := r.reads[callee.Origin()]
			if !ok {
				return true
			}
			csig := callee.Signature()
			for i, a := range n.Args {
				if f.Reads(paramIndex(csig, i)) {
					note(a, lintkit.ShortName(callee, nil))
				}
			}
		}
		return true
	})
	if len(read) == 0 {
		return nil
	}
	f := &ReadsValues{Via: via}
	for i := range read {
		f.Params = append(f.Params, i)
	}
	slices.Sort(f.Params)
	return f
}
