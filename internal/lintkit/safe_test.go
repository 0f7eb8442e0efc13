package lintkit_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// TestSafe: a panic inside a check becomes an error that names the check,
// the package and the position being analysed, never a crash.
func TestSafe(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", "package p\n\nfunc f() {}\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	decl := f.Decls[0].(*ast.FuncDecl)
	pass := &analysis.Pass{
		Analyzer: &analysis.Analyzer{Name: "boom"},
		Fset:     fset,
		Pkg:      types.NewPackage("example.com/p", "p"),
	}
	run := lintkit.Safe(func(pass *analysis.Pass) (any, error) {
		defer lintkit.At(pass.Fset, decl)
		panic("boom: a bug in the check")
	})
	_, err = run(pass)
	if err == nil {
		t.Fatal("want an error")
	}
	for _, want := range []string{"internal error in boom on package example.com/p at p.go:3:1", "boom: a bug in the check"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not contain %q", err, want)
		}
	}
	ok := lintkit.Safe(func(*analysis.Pass) (any, error) { return 42, nil })
	if v, err := ok(pass); v != 42 || err != nil {
		t.Errorf("Safe changed a clean run: %v, %v", v, err)
	}
}
