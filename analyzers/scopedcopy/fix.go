package scopedcopy

import (
	"bytes"
	"go/ast"
	"go/types"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"
)

// resetFix returns the edit that resets field f of the copy right after the
// statement that makes it, when that statement is a plain assignment or
// declaration of its own in a statement list (not an if, switch or for
// header), f's zero value is nil and this package may name f; otherwise
// nil.
func (c *checker) resetFix(cp *copied, f *types.Var) *analysis.TextEdit {
	if cp.stmt == nil || !c.listed[cp.stmt] {
		return nil
	}
	if !f.Exported() && f.Pkg() != c.pass.Pkg {
		return nil // an unexported field of another package
	}
	if _, ok := types.Unalias(f.Type()).(*types.TypeParam); ok {
		return nil // a type parameter's zero value need not be nil
	}
	switch f.Type().Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Map, *types.Slice, *types.Chan, *types.Signature:
	default:
		return nil
	}
	switch cp.stmt.(type) {
	case *ast.AssignStmt, *ast.DeclStmt:
	default:
		return nil
	}
	tf := c.pass.Fset.File(cp.stmt.Pos())
	src, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return nil
	}
	off := tf.Offset(cp.stmt.Pos())
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	line := string(src[start:off])
	indent := line[:len(line)-len(strings.TrimLeftFunc(line, unicode.IsSpace))]
	if strings.TrimSpace(line) != "" {
		return nil // not the first statement on its line
	}
	text := "\n" + indent + cp.v.Name() + "." + f.Name() + " = nil"
	return &analysis.TextEdit{Pos: cp.stmt.End(), End: cp.stmt.End(), NewText: []byte(text)}
}
