package lintkit_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

func TestGoVersionAtLeast(t *testing.T) {
	for _, c := range []struct {
		module string // types.Config.GoVersion
		build  string // a //go:build line of the file
		want   bool
	}{
		{"go1.20", "", false},
		{"go1.21", "", true},
		{"go1.21.3", "", true},
		{"go1.26", "", true},
		{"go1.20", "//go:build go1.22", true}, // the file's own version
		{"", "", true},                        // unknown: GOPATH mode
	} {
		src := c.build + "\n\npackage p\n\nvar x int\n"
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		info := &types.Info{FileVersions: map[*ast.File]string{}}
		pkg, err := (&types.Config{GoVersion: c.module}).Check("p", fset, []*ast.File{f}, info)
		if err != nil {
			t.Fatal(err)
		}
		pass := &analysis.Pass{Fset: fset, Files: []*ast.File{f}, Pkg: pkg, TypesInfo: info}
		pos := pkg.Scope().Lookup("x").Pos()
		if got := lintkit.GoVersionAtLeast(pass, pos, "go1.21"); got != c.want {
			t.Errorf("module %q, file %q: GoVersionAtLeast(go1.21) = %v, want %v", c.module, c.build, got, c.want)
		}
	}
}
