package lintkit

import (
	"go/ast"
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
