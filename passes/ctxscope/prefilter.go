package ctxscope

import (
	"go/ast"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

func init() { lintkit.SetPrefilter(Analyzer, prefilter) }

// prefilter says whether the pass may export a fact for a package: run's
// own gate (the package imports context or golang.org/x/net/context, is
// context, or is configured with context types), and then what the facts
// come from: a root made (Background, TODO; configured roots count as
// configuration), a context's values read (Value), a context detached
// (WithoutCancel), a function that may hand back a context (one with a
// context parameter and a context among several results), or a function
// with a fact of the pass named (one that returns, makes or detaches a
// root, hands one back, reads values or keeps a func), a function with a
// parameter spelled as a func type (one that may keep it: Keeps), or one
// with a named context parameter its body never mentions (Ignores).
func prefilter(u *lintkit.Unit) bool {
	if u.Configured {
		return true
	}
	if u.Path != "context" && !u.Imports("context") && !u.Imports("golang.org/x/net/context") {
		return false
	}
	for _, name := range []string{"Background", "TODO", "Value", "WithoutCancel"} {
		if u.Mentions(name) {
			return true
		}
	}
	return u.MentionsFact(new(ReturnsRoot), new(MakesRoot), new(ReadsValues), new(Detaches), new(HandsBack), new(Keeps), new(Ignores)) ||
		handsBackShape(u.Files) || keepsShape(u.Files) || ignoresShape(u.Files)
}

// handsBackShape reports whether a function declared in files may have a
// HandsBack fact: it has a parameter and one of several results spelled
// X.Context (context.Context, or another package's Context: a superset).
func handsBackShape(files []*ast.File) bool {
	isCtx := func(e ast.Expr) bool {
		sel, ok := e.(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "Context"
	}
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Type.Results == nil || fd.Type.Results.NumFields() < 2 {
				continue
			}
			param, result := false, false
			for _, p := range fd.Type.Params.List {
				param = param || isCtx(p.Type)
			}
			for _, r := range fd.Type.Results.List {
				result = result || isCtx(r.Type)
			}
			if param && result {
				return true
			}
		}
	}
	return false
}
