package driver

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// TestDeclIndex: the declaration that holds each position, found by
// binary search, as the baseline keys name it.
func TestDeclIndex(t *testing.T) {
	a := `// File comment. @file
package p

// F does things. @F-doc
func F() {
	_ = func() { /* @F-closure */ }
}

type T struct{ /* @T */ }

func (t *T) M() { /* @M */ }

func (G[K]) N() { /* @N */ }

type G[K any] struct{}

var (
	x = /* @x */ 1
	y = /* @y */ 2
)

const c = /* @c */ 3

/* @between */

func Last() { /* @Last */ }
`
	b := "package p\n\nfunc B() { /* @B */ }\n"
	fset := token.NewFileSet()
	var files []*ast.File
	srcs := map[string]string{"a.go": a, "b.go": b}
	// Parsed out of name order: the index sorts them.
	for _, name := range []string{"b.go", "a.go"} {
		f, err := parser.ParseFile(fset, name, srcs[name], parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	x := newDeclIndex(fset, files)
	for mark, want := range map[string]string{
		"@file": "file a.go", "@F-doc": "F", "@F-closure": "F", "@T": "type T", "@M": "(*T).M", "@N": "(G).N",
		"@x": "var x", "@y": "var y", "@c": "const c", "@between": "file a.go", "@Last": "Last", "@B": "B",
	} {
		var pos token.Pos
		for _, f := range files {
			name := fset.File(f.FileStart).Name()
			if i := strings.Index(srcs[name], mark); i >= 0 {
				pos = fset.File(f.FileStart).Pos(i)
			}
		}
		if got := x.enclosing(pos); got != want {
			t.Errorf("%s: enclosing = %q, want %q", mark, got, want)
		}
	}
	if got := x.enclosing(token.NoPos); got != "" {
		t.Errorf("no position: %q", got)
	}
}
