package lintkit

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"runtime/debug"

	"golang.org/x/tools/go/analysis"
)

// Safe wraps an analyzer's run function so that a panic inside the check
// becomes an error naming the analyzer, the package and, when the analyzer
// marked it with At, the position being analysed: one bad check must never
// crash the user's build.
func Safe(run func(*analysis.Pass) (any, error)) func(*analysis.Pass) (any, error) {
	return func(pass *analysis.Pass) (res any, err error) {
		defer func() {
			if v := recover(); v != nil {
				where := ""
				stack := debug.Stack()
				if p, ok := v.(positioned); ok {
					where, v, stack = " at "+p.where, p.value, p.stack
				}
				err = fmt.Errorf("internal error in %s on package %s%s: %v (please report it)\n%s",
					pass.Analyzer.Name, pass.Pkg.Path(), where, v, trim(stack, 24))
			}
		}()
		return run(pass)
	}
}

type positioned struct {
	where string
	value any
	stack []byte
}

// At marks node as the one being analysed: deferred around the analysis of
// one function or declaration, it adds the node's position to a panic that
// escapes it, for Safe to report.
//
//	defer lintkit.At(pass.Fset, decl)
func At(fset *token.FileSet, node ast.Node) {
	v := recover()
	if v == nil {
		return
	}
	if _, ok := v.(positioned); ok {
		panic(v) // already positioned by an inner At
	}
	panic(positioned{where: fset.Position(node.Pos()).String(), value: v, stack: debug.Stack()})
}

// trim keeps the first n lines of a stack trace.
func trim(stack []byte, n int) []byte {
	lines := bytes.SplitAfterN(stack, []byte("\n"), n+1)
	if len(lines) > n {
		lines = append(lines[:n], []byte("\t...\n"))
	}
	return bytes.Join(lines, nil)
}
