package ctxscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// RootEdits returns the edits that replace the root made at origin (a
// context.Background() or context.TODO() call) by the caller's context
// name, and by context.WithoutCancel of it. The second is spelled with the
// file's own name for package context (renamed, or dot-imported); ok2 is
// false when the file does not import package context under a name that
// is visible at origin (only golang.org/x/net/context, say, which has no
// WithoutCancel), and no such edit is offered.
func (r *Result) RootEdits(origin *ast.CallExpr, name string) (toCtx, toDetach analysis.TextEdit, ok2 bool) {
	toCtx = analysis.TextEdit{Pos: origin.Pos(), End: origin.End(), NewText: []byte(name)}
	toDetach, ok2 = r.DetachEdit(origin.Pos(), origin.End(), name)
	return toCtx, toDetach, ok2
}

// DetachEdit returns the edit that replaces the source at [pos, end) by
// context.WithoutCancel(name), spelt with the file's name for package
// context; false when the file has no visible name for it.
func (r *Result) DetachEdit(pos, end token.Pos, name string) (analysis.TextEdit, bool) {
	qual, ok := lintkit.ContextQualifier(r.pass, pos)
	if !ok {
		return analysis.TextEdit{}, false
	}
	fun := "WithoutCancel"
	if qual != "" {
		fun = qual + ".WithoutCancel"
	}
	return analysis.TextEdit{Pos: pos, End: end, NewText: []byte(fun + "(" + name + ")")}, true
}

// Fits reports whether the context of scope s may replace the expression
// e (a root made where the fix edits): a value of s's type is assignable
// where e stands, so the fix compiles and changes no other type. A
// context.Context fits wherever a root does; a value of another type that
// implements context.Context (a type parameter, a framework's request
// context) fits only where e is an argument, a field value, an assignment
// to a declared variable or a result, whose type it is assignable to: in
// bg := context.Background() it would change bg's type.
func (r *Result) Fits(s Scope, e ast.Expr) bool {
	info := r.pass.TypesInfo
	t, et := s.Type, info.TypeOf(e)
	if t == nil || et == nil {
		return false
	}
	if types.Identical(t, et) {
		return true
	}
	want := r.expectedType(e)
	return want != nil && types.AssignableTo(t, want)
}

// DetachFits reports whether context.WithoutCancel of the context of
// scope s may replace the root e: WithoutCancel takes a context.Context,
// and its result is one, so e must be one too (not a configured context
// type's root, such as a workflow engine's).
func (r *Result) DetachFits(s Scope, e ast.Expr) bool {
	return lintkit.ImplementsContext(s.Type) && lintkit.IsContextType(r.pass.TypesInfo.TypeOf(e))
}

// expectedType returns the type the context of e must be assignable to:
// the parameter it is passed to, the field or variable it is assigned to,
// the result it is returned as; nil where e's own type decides (a short
// variable declaration) or the place is not known.
func (r *Result) expectedType(e ast.Expr) types.Type {
	info := r.pass.TypesInfo
	encl := r.Enclosing(e)
	body := lintkit.FuncBody(encl)
	if body == nil {
		return nil
	}
	var want types.Type
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == nil || n.Pos() > e.Pos() || n.End() < e.End() {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			sig, ok := typeOfFunc(info, n)
			for i, a := range n.Args {
				if ast.Unparen(a) == e && ok {
					want, found = lintkit.ParamType(sig, i), true
				}
			}
		case *ast.KeyValueExpr:
			if ast.Unparen(n.Value) == e {
				if id, ok := n.Key.(*ast.Ident); ok {
					if f, ok := info.ObjectOf(id).(*types.Var); ok && f.IsField() {
						want = f.Type()
					}
				}
				found = true
			}
		case *ast.AssignStmt:
			if n.Tok == token.ASSIGN && len(n.Lhs) == len(n.Rhs) {
				for i, rhs := range n.Rhs {
					if ast.Unparen(rhs) == e {
						want, found = info.TypeOf(n.Lhs[i]), true
					}
				}
			}
		case *ast.ReturnStmt:
			sig := r.sigOf(encl)
			for i, res := range n.Results {
				if ast.Unparen(res) == e && sig != nil && sig.Results().Len() == len(n.Results) {
					want, found = sig.Results().At(i).Type(), true
				}
			}
		}
		return !found
	})
	return want
}

// sigOf returns the signature of a function declaration or literal.
func (r *Result) sigOf(fn ast.Node) *types.Signature {
	if fi := r.fn(fn); fi != nil {
		return fi.sig
	}
	return nil
}
