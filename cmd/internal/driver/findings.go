package driver

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// A Finding is one diagnostic of a root package, serialized: positions are
// resolved, so that nothing of the package's syntax or types outlives its
// analysis. A file that belongs to a package and to its test variant is
// analyzed twice and its findings are reported once.
type Finding struct {
	Check    string // the analyzer
	PkgID    string // the package (variant) that reported it, the first by ID
	PkgPath  string
	Func     string // the enclosing declaration, for the baseline key
	Category string
	Message  string
	Pos, End Position
	Related  []Related
	Fixes    []Fix
}

// A Position is a position in a file twice: as displayed (adjusted by a
// //line directive that names a .go file, as the x/tools drivers print
// it) and as a byte position in the file as read, for SARIF regions.
type Position struct {
	token.Position
	Raw token.Position
}

// Related is a related position of a finding.
type Related struct {
	Pos, End Position
	Message  string
}

// A Fix is a suggested fix: edits of the files as read.
type Fix struct {
	Message string
	Edits   []Edit
}

// An Edit replaces the bytes [Start.Offset, End.Offset) of File.
type Edit struct {
	File       string
	Start, End token.Position // unadjusted
	New        []byte
}

// position resolves pos in fset.
func position(fset *token.FileSet, pos token.Pos) Position {
	if !pos.IsValid() {
		return Position{}
	}
	raw := fset.PositionFor(pos, false)
	adj := fset.PositionFor(pos, true)
	return Position{Position: adj, Raw: raw}
}

// serialize turns a diagnostic of pkg into a Finding. end defaults to pos.
func serialize(a *analysis.Analyzer, pkgID, pkgPath string, fset *token.FileSet, decls *declIndex, d analysis.Diagnostic) Finding {
	end := d.End
	if !end.IsValid() {
		end = d.Pos
	}
	f := Finding{
		Check:    a.Name,
		PkgID:    pkgID,
		PkgPath:  pkgPath,
		Func:     decls.enclosing(d.Pos),
		Category: d.Category,
		Message:  d.Message,
		Pos:      position(fset, d.Pos),
		End:      position(fset, end),
	}
	for _, r := range d.Related {
		rend := r.End
		if !rend.IsValid() {
			rend = r.Pos
		}
		f.Related = append(f.Related, Related{Pos: position(fset, r.Pos), End: position(fset, rend), Message: r.Message})
	}
	for _, sf := range d.SuggestedFixes {
		fix := Fix{Message: sf.Message}
		for _, e := range sf.TextEdits {
			eend := e.End
			if !eend.IsValid() {
				eend = e.Pos
			}
			start := fset.PositionFor(e.Pos, false)
			fix.Edits = append(fix.Edits, Edit{File: start.Filename, Start: start, End: fset.PositionFor(eend, false), New: e.NewText})
		}
		f.Fixes = append(f.Fixes, fix)
	}
	return f
}

// findingKey identifies a finding across test variants.
type findingKey struct {
	pos, end       token.Position
	check, message string
}

func (f *Finding) key() findingKey {
	return findingKey{f.Pos.Position, f.End.Position, f.Check, f.Message}
}

// compareFindings orders findings by file name, line, column, check and
// message, then by end and package: a total order, so output is the same
// bytes every run.
func compareFindings(a, b *Finding) int {
	return cmp.Or(
		cmp.Compare(a.Pos.Filename, b.Pos.Filename),
		cmp.Compare(a.Pos.Line, b.Pos.Line),
		cmp.Compare(a.Pos.Column, b.Pos.Column),
		cmp.Compare(a.Check, b.Check),
		cmp.Compare(a.Message, b.Message),
		cmp.Compare(a.End.Filename, b.End.Filename),
		cmp.Compare(a.End.Line, b.End.Line),
		cmp.Compare(a.End.Column, b.End.Column),
		cmp.Compare(a.PkgID, b.PkgID),
	)
}

// dedupe sorts findings and keeps one of each key: the one of the package
// whose ID sorts first ("p" before "p [p.test]").
func dedupe(findings []*Finding) []*Finding {
	slices.SortFunc(findings, compareFindings)
	seen := map[findingKey]bool{}
	out := findings[:0]
	for _, f := range findings {
		if k := f.key(); !seen[k] {
			seen[k] = true
			out = append(out, f)
		}
	}
	return out
}

// A declIndex finds the top-level declaration that contains a position
// by binary search over a package's files and their declarations (each in
// source order), so that naming the declaration of every finding costs
// O(log n) each, not a walk of the file's declarations per finding.
type declIndex struct {
	fset  *token.FileSet
	files []*ast.File // by FileStart
}

func newDeclIndex(fset *token.FileSet, files []*ast.File) *declIndex {
	sorted := slices.Clone(files)
	slices.SortFunc(sorted, func(a, b *ast.File) int { return cmp.Compare(a.FileStart, b.FileStart) })
	return &declIndex{fset: fset, files: sorted}
}

// enclosing names the top-level declaration that contains pos: "Handle",
// "(*Server).Serve", "var registry", "type Pool", or "file x.go" for a
// position outside every declaration (a file comment). Closures are named
// by the function they are in.
func (x *declIndex) enclosing(pos token.Pos) string {
	i, _ := slices.BinarySearchFunc(x.files, pos, func(f *ast.File, pos token.Pos) int {
		if f.FileEnd < pos {
			return -1
		}
		return 0
	})
	if i == len(x.files) || pos < x.files[i].FileStart {
		return ""
	}
	f := x.files[i]
	// The first declaration that ends after pos: the only one that can
	// hold it.
	j, _ := slices.BinarySearchFunc(f.Decls, pos, func(d ast.Decl, pos token.Pos) int {
		if d.End() <= pos {
			return -1
		}
		return 0
	})
	if j < len(f.Decls) && declStart(f.Decls[j]) <= pos {
		switch d := f.Decls[j].(type) {
		case *ast.FuncDecl:
			return funcDeclName(d)
		case *ast.GenDecl:
			k, _ := slices.BinarySearchFunc(d.Specs, pos, func(s ast.Spec, pos token.Pos) int {
				if s.End() <= pos {
					return -1
				}
				return 0
			})
			if k < len(d.Specs) && d.Specs[k].Pos() <= pos {
				switch s := d.Specs[k].(type) {
				case *ast.TypeSpec:
					return "type " + s.Name.Name
				case *ast.ValueSpec:
					return d.Tok.String() + " " + s.Names[0].Name
				}
			}
			return d.Tok.String()
		}
	}
	// Outside every declaration: the doc of a declaration, a file comment.
	return "file " + filepath.Base(x.fset.File(f.FileStart).Name())
}

// declStart is where a declaration starts, its doc comment included: a
// directive in a function's doc belongs to the function.
func declStart(d ast.Decl) token.Pos {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Doc != nil {
			return d.Doc.Pos()
		}
	case *ast.GenDecl:
		if d.Doc != nil {
			return d.Doc.Pos()
		}
	}
	return d.Pos()
}

// funcDeclName is "F" or "(T).M" / "(*T).M", type parameters left out.
func funcDeclName(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return d.Name.Name
	}
	t := d.Recv.List[0].Type
	star := ""
	if s, ok := t.(*ast.StarExpr); ok {
		star, t = "*", s.X
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	return "(" + star + types.ExprString(t) + ")." + d.Name.Name
}
