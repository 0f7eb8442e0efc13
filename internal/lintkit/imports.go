package lintkit

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// ImportsKept reports whether every import that the expressions a fix
// replaces (mine) use (pkg.Name) is still used in file outside every range
// that any fix of the file replaces (all, which holds mine). A fix must not
// leave its file with an unused import, alone or applied together with the
// file's other fixes.
func ImportsKept(info *types.Info, file *ast.File, mine, all []analysis.Range) bool {
	replaced := all
	inside := func(n ast.Node) bool {
		for _, r := range replaced {
			if r.Pos() <= n.Pos() && n.End() <= r.End() {
				return true
			}
		}
		return false
	}
	need := map[*types.PkgName]bool{}
	for _, r := range mine {
		ast.Inspect(file, func(n ast.Node) bool {
			if n == nil || n.End() <= r.Pos() || n.Pos() >= r.End() {
				return false
			}
			if id, ok := n.(*ast.Ident); ok && inside(id) {
				if pn, ok := info.Uses[id].(*types.PkgName); ok {
					need[pn] = true
				}
			}
			return true
		})
	}
	if len(need) == 0 {
		return true
	}
	kept := map[*types.PkgName]bool{}
	ast.Inspect(file, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if pn, ok := info.Uses[id].(*types.PkgName); ok && need[pn] && !inside(id) {
				kept[pn] = true
			}
		}
		return true
	})
	return len(kept) == len(need)
}

// ContextQualifier returns how the file at pos names package context: its
// import name, or "" when it is dot-imported, provided that name resolves
// to the package at pos.
func ContextQualifier(pass *analysis.Pass, pos token.Pos) (string, bool) {
	var file *ast.File
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			file = f
			break
		}
	}
	if file == nil {
		return "", false
	}
	scope := pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return "", false
	}
	for _, imp := range file.Imports {
		if imp.Path.Value != `"context"` {
			continue
		}
		pn, _ := pass.TypesInfo.Implicits[imp].(*types.PkgName)
		if imp.Name != nil {
			pn, _ = pass.TypesInfo.Defs[imp.Name].(*types.PkgName)
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

// WithoutCancelText spells context.WithoutCancel(name) as code at pos
// would: with the file's name for package context (renamed, or
// dot-imported). Where no name for the package is visible at pos (a
// parameter called context shadows it) it says so in words, "package
// context's WithoutCancel(context)", rather than write code that would
// not compile there; where pos is not in the package's files, or its
// file does not import context, it is the usual context.WithoutCancel.
func WithoutCancelText(pass *analysis.Pass, pos token.Pos, name string) string {
	if qual, ok := ContextQualifier(pass, pos); ok {
		if qual == "" {
			return "WithoutCancel(" + name + ")"
		}
		return qual + ".WithoutCancel(" + name + ")"
	}
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			for _, imp := range f.Imports {
				if imp.Path.Value == `"context"` {
					return "package context's WithoutCancel(" + name + ")"
				}
			}
		}
	}
	return "context.WithoutCancel(" + name + ")"
}
