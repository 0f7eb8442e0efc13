package driver

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"slices"

	"golang.org/x/tools/go/packages"
)

// BaselineVersion is the version of the baseline file format.
const BaselineVersion = 1

// A Baseline is the set of findings a codebase had when it adopted
// ctxbound: later runs report only findings that are not in it.
//
// A finding is keyed by its check, its package, the declaration it is in
// and its message: never by line or column (also not those a message
// quotes, "at dep.go:23" is keyed as "at dep.go"), so that edits elsewhere
// do not turn old findings into new ones. Identical keys are counted: a
// second identical finding in the same function is new.
type Baseline struct {
	Version  int             `json:"version"`
	Findings []BaselineEntry `json:"findings"`
}

// A BaselineEntry is one key of a baseline and how many findings have it.
type BaselineEntry struct {
	Check    string `json:"check"`
	Package  string `json:"package"`
	Function string `json:"function"`
	Message  string `json:"message"`
	Count    int    `json:"count"`
}

type baselineKey struct{ check, pkg, fn, msg string }

func keyOfFinding(f *Finding) baselineKey {
	return baselineKey{f.Analyzer.Name, f.Package.PkgPath, f.Func, keyMessage(f.Diag.Message)}
}

// goPos is a file position inside a message: "dep.go:23", "x.go:4:7".
var goPos = regexp.MustCompile(`\b([\w.-]+\.go):\d+(:\d+)?\b`)

// keyMessage is the message as a baseline key: positions that a message
// quotes (a helper's root context "at dep.go:23") lose their line and
// column, so that edits to another file do not make a finding new.
func keyMessage(msg string) string { return goPos.ReplaceAllString(msg, "$1") }

func (e BaselineEntry) key() baselineKey {
	return baselineKey{e.Check, e.Package, e.Function, e.Message}
}

// NewBaseline records findings.
func NewBaseline(findings []*Finding) *Baseline {
	counts := map[baselineKey]int{}
	for _, f := range findings {
		counts[keyOfFinding(f)]++
	}
	b := &Baseline{Version: BaselineVersion, Findings: []BaselineEntry{}}
	for k, n := range counts {
		b.Findings = append(b.Findings, BaselineEntry{Check: k.check, Package: k.pkg, Function: k.fn, Message: k.msg, Count: n})
	}
	slices.SortFunc(b.Findings, func(x, y BaselineEntry) int {
		return cmp.Or(cmp.Compare(x.Package, y.Package), cmp.Compare(x.Function, y.Function),
			cmp.Compare(x.Check, y.Check), cmp.Compare(x.Message, y.Message))
	})
	return b
}

// ReadBaseline reads a baseline file strictly.
func ReadBaseline(file string) (*Baseline, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("baseline: %v", err)
	}
	var b Baseline
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		return nil, fmt.Errorf("baseline %s: %v", file, err)
	}
	if b.Version != BaselineVersion {
		return nil, fmt.Errorf("baseline %s: version %d, want %d (write it again with -write-baseline)", file, b.Version, BaselineVersion)
	}
	for _, e := range b.Findings {
		if e.Check == "" || e.Package == "" || e.Count < 1 {
			return nil, fmt.Errorf("baseline %s: malformed entry %+v", file, e)
		}
	}
	return &b, nil
}

// Write writes the baseline to file, indented, with a final newline, so
// that it diffs well in review.
func (b *Baseline) Write(file string) error {
	data, err := json.MarshalIndent(b, "", "  ")
	if err != nil {
		return err
	}
	data = append(data, '\n')
	if dir := filepath.Dir(file); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	return os.WriteFile(file, data, 0o644)
}

// Filter returns the findings that the baseline does not cover, in order,
// with the number it covered and the number of recorded findings that no
// longer occur. Of several findings with one key, the first ones (by
// position) are taken as the recorded ones.
func (b *Baseline) Filter(findings []*Finding) (fresh []*Finding, known, stale int) {
	left := map[baselineKey]int{}
	for _, e := range b.Findings {
		left[e.key()] += e.Count
	}
	for _, f := range findings {
		k := keyOfFinding(f)
		if left[k] > 0 {
			left[k]--
			known++
			continue
		}
		fresh = append(fresh, f)
	}
	for _, n := range left {
		stale += n
	}
	return fresh, known, stale
}

// enclosingDecl names the top-level declaration of pkg that contains pos:
// "Handle", "(*Server).Serve", "var registry", "type Pool", or
// "file x.go" for a position outside every declaration (a file comment).
// Closures are named by the function they are in.
func enclosingDecl(pkg *packages.Package, pos token.Pos) string {
	for _, f := range pkg.Syntax {
		if pos < f.FileStart || pos > f.FileEnd {
			continue
		}
		for _, d := range f.Decls {
			if pos < declStart(d) || pos >= d.End() {
				continue
			}
			switch d := d.(type) {
			case *ast.FuncDecl:
				return funcDeclName(d)
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if pos < s.Pos() || pos >= s.End() {
						continue
					}
					switch s := s.(type) {
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
		return "file " + filepath.Base(pkg.Fset.File(f.FileStart).Name())
	}
	return ""
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
