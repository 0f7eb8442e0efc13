package lockescape

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// cloneFix returns the edits that read a copy instead of the field:
// sel becomes pkg.Clone(sel) (pkg is maps or slices), with an import of pkg
// added where the file lacks one. It returns nil where that cannot be
// written: the file's Go version predates maps and slices (go1.21), the
// name pkg means something else in the file or at sel, or the field has a
// type the generic Clone cannot take.
func (c *checker) cloneFix(file *ast.File, sel *ast.SelectorExpr, pkg string) []analysis.TextEdit {
	if v := c.pass.TypesInfo.FileVersions[file]; v != "" && versionBefore(v, 21) {
		return nil
	}
	name, imp, ok := c.importName(file, pkg, sel.Pos())
	if !ok {
		return nil
	}
	edits := []analysis.TextEdit{
		{Pos: sel.Pos(), End: sel.Pos(), NewText: []byte(name + ".Clone(")},
		{Pos: sel.End(), End: sel.End(), NewText: []byte(")")},
	}
	if imp != nil {
		edits = append(edits, *imp)
	}
	return edits
}

// versionBefore reports whether a Go version ("go1.20", "go1.21.3") is
// older than go1.minor.
func versionBefore(v string, minor int) bool {
	rest, ok := strings.CutPrefix(v, "go1.")
	if !ok {
		return false
	}
	if i := strings.IndexAny(rest, ".rcbeta"); i >= 0 {
		rest = rest[:i]
	}
	n, err := strconv.Atoi(rest)
	return err == nil && n < minor
}

// importName returns the name under which file imports the standard package
// path, and the edit that adds the import when it does not; ok is false
// when the name is taken at pos (a local, a package-level declaration,
// another import) or the package is imported with a dot or a blank.
func (c *checker) importName(file *ast.File, path string, pos token.Pos) (name string, edit *analysis.TextEdit, ok bool) {
	for _, is := range file.Imports {
		p, err := strconv.Unquote(is.Path.Value)
		if err != nil || p != path {
			continue
		}
		name = path
		if is.Name != nil {
			name = is.Name.Name
		}
		if name == "_" || name == "." {
			return "", nil, false
		}
		if pn, ok := c.visible(name, pos).(*types.PkgName); !ok || pn.Imported().Path() != path {
			return "", nil, false // shadowed at pos
		}
		return name, nil, true
	}
	// Not imported: the name must be free in the file and at pos.
	if c.visible(path, pos) != nil || c.pass.Pkg.Scope().Lookup(path) != nil {
		return "", nil, false
	}
	for _, is := range file.Imports {
		if is.Name != nil && is.Name.Name == path {
			return "", nil, false
		}
	}
	text := strconv.Quote(path)
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if gd.Lparen.IsValid() {
			return path, &analysis.TextEdit{Pos: gd.Lparen + 1, End: gd.Lparen + 1, NewText: []byte("\n\t" + text)}, true
		}
		return path, &analysis.TextEdit{Pos: gd.End(), End: gd.End(), NewText: []byte("\nimport " + text)}, true
	}
	return path, &analysis.TextEdit{Pos: file.Name.End(), End: file.Name.End(), NewText: []byte("\n\nimport " + text)}, true
}

// visible returns the object that name denotes at pos.
func (c *checker) visible(name string, pos token.Pos) types.Object {
	s := c.pass.Pkg.Scope().Innermost(pos)
	if s == nil {
		return nil
	}
	_, obj := s.LookupParent(name, pos)
	return obj
}
