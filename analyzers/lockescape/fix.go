package lockescape

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
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

// The uses of a reference bound under the lock, after the unlock, by what
// they may do to its contents (writesThrough).
const (
	reads   = iota // a range over it, an element read, len, a comparison, a return
	handsOn        // handed to a call, an alias, a channel, a literal: others may change it
	writes         // an element assigned, incremented, deleted, its address taken
)

// writesThrough returns what the function may do to the contents of the
// reference that read rd takes, through the local it is bound to (or the
// goroutine it is handed to), after the read (issue 21, repro 12): a copy
// taken under the lock would then take those writes, and the field would
// lose them. Only reading uses keep the fix: a range over the local, an
// element read, len and cap, a comparison, a return, and a write through a
// pointer held in an element (it lands in the shared target either way).
// An element assigned, incremented or its address taken, a method with a
// pointer receiver called on an element, delete, clear, copy into it or
// append to it write through it; handed to any other call, to a goroutine,
// a channel, a literal or another variable, it may be changed there.
func (c *checker) writesThrough(rd *read) int {
	if rd.bound == nil {
		if rd.escape == "returned" {
			return reads
		}
		return handsOn
	}
	info := c.pass.TypesInfo
	v := rd.bound
	worst := reads
	lintkit.InspectStack(rd.body, false, func(n ast.Node, stack []ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v && id.Pos() > rd.sel.End() {
			worst = max(worst, useOf(info, id, stack))
		}
		return worst != writes
	})
	return worst
}

// useOf classifies the use id of a map or slice local, whose enclosing
// nodes are stack (see writesThrough).
func useOf(info *types.Info, id *ast.Ident, stack []ast.Node) int {
	var child ast.Node = id
	deref := false // the location reached goes through a pointer: outside the map or slice
	for i := len(stack) - 1; i >= 0; i-- {
		local := child == ast.Node(id)
		switch p := stack[i].(type) {
		case *ast.ParenExpr:
		case *ast.IndexExpr:
			if p.X != child {
				return reads // an index
			}
			if _, ok := types.Unalias(info.TypeOf(p.X)).Underlying().(*types.Pointer); ok {
				deref = true
			}
		case *ast.SelectorExpr:
			if local {
				return handsOn // a method of the map or slice type
			}
			if s := info.Selections[p]; s != nil && s.Kind() == types.MethodVal {
				// A method on an element: through a pointer receiver on an
				// addressable element, a change of it.
				_, ptrRecv := s.Obj().Type().(*types.Signature).Recv().Type().Underlying().(*types.Pointer)
				if ptrRecv && !deref && !lintkit.IsPointer(info.TypeOf(p.X)) {
					return writes
				}
				return reads
			}
			if lintkit.IsPointer(info.TypeOf(p.X)) {
				deref = true
			}
		case *ast.StarExpr:
			deref = true
		case *ast.AssignStmt:
			for _, l := range p.Lhs {
				if l == child {
					if local || deref {
						return reads // the local rebound, or a write into a shared target
					}
					return writes
				}
			}
			if local {
				return handsOn // copied into another variable: an alias
			}
			return reads // an element's value
		case *ast.IncDecStmt:
			if deref {
				return reads
			}
			return writes
		case *ast.UnaryExpr:
			if p.Op == token.AND && !deref {
				return writes
			}
			return reads
		case *ast.RangeStmt:
			if p.X == child {
				return reads
			}
			return writes
		case *ast.CallExpr:
			if p.Fun == child || !local {
				return reads // a call of an element, or an element's value passed on
			}
			switch {
			case lintkit.IsBuiltin(info, p, "len"), lintkit.IsBuiltin(info, p, "cap"):
				return reads
			case lintkit.IsBuiltin(info, p, "delete"), lintkit.IsBuiltin(info, p, "clear"), lintkit.IsBuiltin(info, p, "append"):
				return writes
			case lintkit.IsBuiltin(info, p, "copy"):
				if len(p.Args) > 0 && p.Args[0] == child {
					return writes
				}
				return reads
			}
			return handsOn
		case *ast.BinaryExpr, *ast.ReturnStmt, *ast.IfStmt, *ast.SwitchStmt, *ast.ExprStmt, *ast.CaseClause:
			return reads
		default:
			if local {
				return handsOn // handed on: a send, a literal, a go statement
			}
			return reads
		}
		child = stack[i]
	}
	return reads
}
