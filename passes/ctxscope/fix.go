package ctxscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
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
	qual, ok := r.contextQualifier(pos)
	if !ok {
		return analysis.TextEdit{}, false
	}
	fun := "WithoutCancel"
	if qual != "" {
		fun = qual + ".WithoutCancel"
	}
	return analysis.TextEdit{Pos: pos, End: end, NewText: []byte(fun + "(" + name + ")")}, true
}

// contextQualifier returns how the file at pos names package context: its
// import name, or "" when it is dot-imported, provided that name resolves
// to the package at pos.
func (r *Result) contextQualifier(pos token.Pos) (string, bool) {
	var file *ast.File
	for _, f := range r.pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			file = f
			break
		}
	}
	if file == nil {
		return "", false
	}
	scope := r.pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return "", false
	}
	for _, imp := range file.Imports {
		if imp.Path.Value != `"context"` {
			continue
		}
		pn, _ := r.pass.TypesInfo.Implicits[imp].(*types.PkgName)
		if imp.Name != nil {
			pn, _ = r.pass.TypesInfo.Defs[imp.Name].(*types.PkgName)
		}
		if imp.Name != nil && imp.Name.Name == "." {
			// Dot-imported: WithoutCancel must resolve to package context's.
			if _, obj := scope.LookupParent("WithoutCancel", pos); obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == "context" {
				return "", true
			}
			continue
		}
		if pn == nil || pn.Name() == "_" {
			continue
		}
		if _, obj := scope.LookupParent(pn.Name(), pos); obj == pn {
			return pn.Name(), true
		}
	}
	return "", false
}
