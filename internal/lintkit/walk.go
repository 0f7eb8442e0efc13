package lintkit

import (
	"go/ast"
	"go/token"
)

// InspectStack walks n as ast.Inspect does, giving f each node with the
// nodes that enclose it, outermost first (n's own enclosing nodes are not
// included). f's result says whether to walk the node's children. With
// skipLits, function literals are not entered (a literal is a function of
// its own); f still sees them.
func InspectStack(n ast.Node, skipLits bool, f func(n ast.Node, stack []ast.Node) bool) {
	var stack []ast.Node
	ast.Inspect(n, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if !f(n, stack) {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok && skipLits {
			return false
		}
		stack = append(stack, n)
		return true
	})
}

// Mirror returns the comparison that holds with its operands swapped: <
// for >, <= for >=, and == and != themselves.
func Mirror(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.GTR:
		return token.LSS
	case token.LEQ:
		return token.GEQ
	case token.GEQ:
		return token.LEQ
	}
	return op
}
