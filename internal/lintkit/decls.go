package lintkit

import (
	"go/ast"
	"iter"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// NonTestFuncs yields the function declarations with a body in the
// package's non-test files (_test.go files are left out: a test runs one
// scenario at a time), in file and source order.
func NonTestFuncs(pass *analysis.Pass) iter.Seq[*ast.FuncDecl] {
	return func(yield func(*ast.FuncDecl) bool) {
		for _, f := range pass.Files {
			if strings.HasSuffix(pass.Fset.File(f.FileStart).Name(), "_test.go") {
				continue
			}
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && !yield(fd) {
					return
				}
			}
		}
	}
}
