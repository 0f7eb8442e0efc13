package lintkit_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// TestInnermost holds Scopes.Innermost to types.Scope.Innermost at every
// identifier of a large real package.
func TestInnermost(t *testing.T) {
	if testing.Short() {
		t.Skip("loads net/http")
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo}, "net/http")
	if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("load: %v %v", err, pkgs)
	}
	p := pkgs[0]
	n := 0
	ss := lintkit.NewScopes(p.Types.Scope())
	for _, f := range p.Syntax {
		ast.Inspect(f, func(nd ast.Node) bool {
			if id, ok := nd.(*ast.Ident); ok {
				n++
				if got, want := ss.Innermost(id.Pos()), p.Types.Scope().Innermost(id.Pos()); got != want {
					t.Fatalf("%s: Innermost = %v, want %v", p.Fset.Position(id.Pos()), got, want)
				}
			}
			return true
		})
	}
	if n < 10000 {
		t.Fatalf("only %d identifiers", n)
	}
}
