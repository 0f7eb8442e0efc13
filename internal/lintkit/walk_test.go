package lintkit_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

func TestInspectStack(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", "package p\nfunc F() { if x { g(func() { h() }) } }\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, skip := range []bool{false, true} {
		var got []string
		lintkit.InspectStack(f, skip, func(n ast.Node, stack []ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				got = append(got, identName(call.Fun)+"@"+stackKinds(stack))
			}
			return true
		})
		want := "g@File FuncDecl BlockStmt IfStmt BlockStmt ExprStmt"
		if !skip {
			want += "; h@File FuncDecl BlockStmt IfStmt BlockStmt ExprStmt CallExpr FuncLit BlockStmt ExprStmt"
		}
		if strings.Join(got, "; ") != want {
			t.Errorf("skipLits=%v: got %q, want %q", skip, strings.Join(got, "; "), want)
		}
	}
	if lintkit.Mirror(token.LSS) != token.GTR || lintkit.Mirror(token.GEQ) != token.LEQ || lintkit.Mirror(token.EQL) != token.EQL {
		t.Error("Mirror")
	}
}

func identName(e ast.Expr) string { return e.(*ast.Ident).Name }

func stackKinds(stack []ast.Node) string {
	var s []string
	for _, n := range stack {
		s = append(s, strings.TrimPrefix(strings.TrimPrefix(typeName(n), "*ast."), "ast."))
	}
	return strings.Join(s, " ")
}

func typeName(n ast.Node) string {
	switch n.(type) {
	case *ast.File:
		return "File"
	case *ast.FuncDecl:
		return "FuncDecl"
	case *ast.BlockStmt:
		return "BlockStmt"
	case *ast.IfStmt:
		return "IfStmt"
	case *ast.ExprStmt:
		return "ExprStmt"
	case *ast.CallExpr:
		return "CallExpr"
	case *ast.FuncLit:
		return "FuncLit"
	}
	return "?"
}
