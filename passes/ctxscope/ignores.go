package ctxscope

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// Ignores is the fact of a function whose named context parameter its
// body never mentions (func ToEvents(ctx context.Context, m Message, body
// io.Reader) that only decodes the body): a root handed to it from
// another package drops nothing, as one handed to an unused parameter of
// the caller's own package does (uses.go). Only the plain case crosses
// packages: the name absent from the body, the type spelled X.Context, in
// a file built for every system.
type Ignores struct {
	Params []int
}

// AFact marks Ignores as a fact.
func (*Ignores) AFact() {}

func (f *Ignores) String() string { return "ignores ctx param " + paramList(f.Params) }

// ignoredParam reports whether fn, of another package, ignores its
// context parameter i (an Ignores fact).
func (r *Result) ignoredParam(fn *types.Func, i int) bool {
	f, ok := r.ignores[fn.Origin()]
	return ok && slices.Contains(f.Params, i)
}

// computeIgnores exports the Ignores facts of the package's functions.
func (r *Result) computeIgnores() {
	for _, f := range r.pass.Files {
		if lintkit.Conditional(r.pass.Fset, f) {
			continue // another system's variant may use it
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			idx := ignoredCtxParams(fd)
			if len(idx) == 0 {
				continue
			}
			fn, _ := r.pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			var kept []int
			for _, i := range idx {
				if i < fn.Signature().Params().Len() && r.ctx.is(fn.Signature().Params().At(i).Type()) {
					kept = append(kept, i)
				}
			}
			if len(kept) > 0 {
				f := &Ignores{Params: kept}
				r.ignores[fn] = f
				r.pass.ExportObjectFact(fn, f)
			}
		}
	}
}

// ignoredCtxParams returns, by syntax alone, the indices of the
// parameters of fd spelled X.Context and named, whose name its body never
// mentions. The prefilter asks it too (ignoresShape).
func ignoredCtxParams(fd *ast.FuncDecl) []int {
	if fd.Body == nil {
		return nil
	}
	var out []int
	i := 0
	for _, field := range fd.Type.Params.List {
		sel, isCtx := ast.Unparen(field.Type).(*ast.SelectorExpr)
		isCtx = isCtx && sel.Sel.Name == "Context"
		if len(field.Names) == 0 {
			i++
			continue
		}
		for _, name := range field.Names {
			if isCtx && name.Name != "_" && !lintkit.Any(fd.Body, func(n ast.Node) bool {
				id, ok := n.(*ast.Ident)
				return ok && id.Name == name.Name
			}) {
				out = append(out, i)
			}
			i++
		}
	}
	return out
}

// ignoresShape reports whether a function declared in files may have an
// Ignores fact (prefilter).
func ignoresShape(files []*ast.File) bool {
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && len(ignoredCtxParams(fd)) > 0 {
				return true
			}
		}
	}
	return false
}
