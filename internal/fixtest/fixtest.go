// Package fixtest checks that suggested fixes keep programs working: it
// collects the fixes a run of the suite reported, applies them
// byte-exactly (no formatting, line endings and byte order mark kept), and
// type-checks the package with the fixed files; in its behavioural mode
// (Run) it runs the package's own tests with the fixed files overlaid.
//
// Its tests are the fix harness (every fix of every analyzer's testdata and
// of the fixtures, alone and together, type-checked: TestFixesCompile; and
// tested: TestFixesBehave) and the mutation fuzz target (FuzzMutations).
// See docs/reliability.md.
package fixtest

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// A Fix is one suggested fix of one diagnostic, reported by a root action.
type Fix struct {
	Analyzer string
	Pkg      *packages.Package // the package (or test variant) it was reported on
	Diag     *analysis.Diagnostic
	Index    int // which of the diagnostic's alternatives: 0 is the first
	Fix      *analysis.SuggestedFix
}

// Title is the fix's message.
func (f Fix) Title() string { return f.Fix.Message }

// Collect returns the suggested fixes of the root actions of g, in a
// deterministic order: by package, file, position, analyzer and index.
func Collect(g *checker.Graph) []Fix {
	var fixes []Fix
	for _, act := range g.Roots {
		for i := range act.Diagnostics {
			d := &act.Diagnostics[i]
			for j := range d.SuggestedFixes {
				fixes = append(fixes, Fix{Analyzer: act.Analyzer.Name, Pkg: act.Package, Diag: d, Index: j, Fix: &d.SuggestedFixes[j]})
			}
		}
	}
	slices.SortStableFunc(fixes, func(a, b Fix) int {
		return cmp.Or(cmp.Compare(a.Pkg.ID, b.Pkg.ID),
			cmp.Compare(a.Diag.Pos, b.Diag.Pos),
			cmp.Compare(a.Analyzer, b.Analyzer),
			cmp.Compare(a.Diag.Message, b.Diag.Message),
			cmp.Compare(a.Index, b.Index))
	})
	return fixes
}

// An Edit is a TextEdit as byte offsets in one file.
type Edit struct {
	File       string // token.File name
	Start, End int
	New        string
}

// Resolve turns the edits of fix into byte offsets, and checks them: every
// position valid and inside one file, End not before Pos, no two edits of
// the fix overlapping.
func Resolve(fset *token.FileSet, fix *analysis.SuggestedFix) ([]Edit, error) {
	var out []Edit
	for _, e := range fix.TextEdits {
		tf := fset.File(e.Pos)
		if tf == nil || !e.Pos.IsValid() {
			return nil, fmt.Errorf("edit at invalid position %d", e.Pos)
		}
		end := e.End
		if !end.IsValid() {
			end = e.Pos // an insertion
		}
		if end < e.Pos {
			return nil, fmt.Errorf("edit in %s ends before it starts", tf.Name())
		}
		if int(end) > tf.Base()+tf.Size() {
			return nil, fmt.Errorf("edit in %s ends past the end of the file", tf.Name())
		}
		out = append(out, Edit{File: tf.Name(), Start: tf.Offset(e.Pos), End: tf.Offset(end), New: string(e.NewText)})
	}
	sortEdits(out)
	for i := 1; i < len(out); i++ {
		if a, b := out[i-1], out[i]; a.File == b.File && b.Start < a.End {
			return nil, fmt.Errorf("edits overlap in %s at offsets %d-%d and %d-%d", a.File, a.Start, a.End, b.Start, b.End)
		}
	}
	return out, nil
}

func sortEdits(edits []Edit) {
	slices.SortStableFunc(edits, func(a, b Edit) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End))
	})
}

// Merge adds the edits of one more fix to a set already chosen, as -fix
// applies several fixes to one file: an edit equal to one already chosen is
// dropped, and a fix with an edit that overlaps a different one is a
// conflict (ok false; the set is unchanged).
func Merge(chosen, more []Edit) (merged []Edit, ok bool) {
	merged = slices.Clone(chosen)
	for _, e := range more {
		if slices.Contains(chosen, e) {
			continue
		}
		for _, c := range chosen {
			if c.File == e.File && e.Start < c.End && c.Start < e.End {
				return chosen, false
			}
			// Two insertions at one offset: the order would be arbitrary.
			if c.File == e.File && e.Start == c.Start && e.Start == e.End && c.Start == c.End {
				return chosen, false
			}
		}
		merged = append(merged, e)
	}
	sortEdits(merged)
	return merged, true
}

// Apply applies edits (sorted, non-overlapping, all of one file) to src,
// byte for byte.
func Apply(src []byte, edits []Edit) ([]byte, error) {
	var out bytes.Buffer
	last := 0
	for _, e := range edits {
		if e.Start < last || e.End < e.Start || e.End > len(src) {
			return nil, fmt.Errorf("edit %d-%d out of order or out of range (file has %d bytes)", e.Start, e.End, len(src))
		}
		out.Write(src[last:e.Start])
		out.WriteString(e.New)
		last = e.End
	}
	out.Write(src[last:])
	return out.Bytes(), nil
}

// ApplyAll applies edits, grouped by file, to the files' contents read by
// read, and returns the new contents by file name.
func ApplyAll(edits []Edit, read func(string) ([]byte, error)) (map[string][]byte, error) {
	byFile := map[string][]Edit{}
	var names []string
	for _, e := range edits {
		if _, ok := byFile[e.File]; !ok {
			names = append(names, e.File)
		}
		byFile[e.File] = append(byFile[e.File], e)
	}
	out := map[string][]byte{}
	for _, name := range names {
		src, err := read(name)
		if err != nil {
			return nil, err
		}
		es := byFile[name]
		sortEdits(es)
		fixed, err := Apply(src, es)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		out[name] = fixed
	}
	return out, nil
}

// An Importer returns the package an import path names, as seen from the
// package being checked, or nil.
type Importer func(path string) *types.Package

// GraphImporter resolves an import of pkg through pkg.Imports first (the
// packages it was type-checked against), then through every package of the
// loaded graph by path, so that an import a fix adds resolves to the same
// types as the rest of the program.
func GraphImporter(pkg *packages.Package, roots []*packages.Package) Importer {
	byPath := map[string]*types.Package{}
	packages.Visit(roots, nil, func(p *packages.Package) {
		if p.Types != nil && !strings.HasSuffix(p.ID, ".test") {
			if _, ok := byPath[p.PkgPath]; !ok || !strings.Contains(p.ID, "[") {
				byPath[p.PkgPath] = p.Types
			}
		}
	})
	return func(path string) *types.Package {
		if p := pkg.Imports[path]; p != nil && p.Types != nil {
			return p.Types
		}
		return byPath[path]
	}
}

// TypeCheck parses and type-checks the Go files of pkg, with the contents
// of the files named in replaced instead of what is on disk, and returns
// every error, the soft ones (unused variables and imports) included, and
// every use of a standard library API newer than its file's Go version
// (TooNew).
func TypeCheck(pkg *packages.Package, replaced map[string][]byte, imp Importer) []error {
	fset := token.NewFileSet()
	var files []*ast.File
	var errs []error
	for _, f := range pkg.Syntax {
		name := pkg.Fset.File(f.FileStart).Name()
		src, ok := replaced[name]
		if !ok {
			var err error
			if src, err = os.ReadFile(name); err != nil {
				return []error{err}
			}
		}
		af, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			var list scanner.ErrorList
			if errors.As(err, &list) {
				for _, e := range list {
					errs = append(errs, e)
				}
			} else {
				errs = append(errs, err)
			}
			continue
		}
		files = append(files, af)
	}
	for name := range replaced {
		if !slices.ContainsFunc(pkg.Syntax, func(f *ast.File) bool { return pkg.Fset.File(f.FileStart).Name() == name }) {
			errs = append(errs, fmt.Errorf("%s: a fix edits a file that is not in package %s", name, pkg.ID))
		}
	}
	if len(errs) > 0 {
		return errs
	}
	conf := types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			if p := imp(path); p != nil {
				return p, nil
			}
			return nil, fmt.Errorf("package %s is not in the loaded program (a fix that adds an import the test load lacks)", path)
		}),
		Sizes: pkg.TypesSizes,
		Error: func(err error) { errs = append(errs, err) },
	}
	if pkg.Module != nil && pkg.Module.GoVersion != "" {
		conf.GoVersion = "go" + pkg.Module.GoVersion
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, FileVersions: map[*ast.File]string{}}
	conf.Check(pkg.PkgPath, fset, files, info)
	return append(errs, TooNew(info, files)...)
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// Endings reports how fixing changed what a byte-exact edit must keep: a
// byte order mark at the start, CRLF line endings in a file that has only
// CRLF, and CR bytes not followed by LF.
func Endings(orig, fixed []byte) error {
	const bom = "\xef\xbb\xbf"
	if bytes.HasPrefix(orig, []byte(bom)) && !bytes.HasPrefix(fixed, []byte(bom)) {
		return errors.New("the byte order mark at the start of the file is gone")
	}
	if n, m := bytes.Count(orig, []byte(bom)), bytes.Count(fixed, []byte(bom)); m != n {
		return fmt.Errorf("the file had %d byte order marks and has %d", n, m)
	}
	crlf := func(b []byte) (lf, crlf, cr int) {
		for i, c := range b {
			switch {
			case c == '\n' && i > 0 && b[i-1] == '\r':
				crlf++
			case c == '\n':
				lf++
			case c == '\r' && (i+1 == len(b) || b[i+1] != '\n'):
				cr++
			}
		}
		return lf, crlf, cr
	}
	lf0, crlf0, cr0 := crlf(orig)
	lf1, _, cr1 := crlf(fixed)
	if lf0 == 0 && crlf0 > 0 && lf1 > 0 {
		return fmt.Errorf("the file has CRLF line endings and the fix adds %d LF-only line endings", lf1)
	}
	if cr1 != cr0 {
		return fmt.Errorf("the fix changes the number of lone CR bytes from %d to %d (an edit splits a CRLF)", cr0, cr1)
	}
	return nil
}
