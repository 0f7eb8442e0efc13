package lintkit_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// flowSrc holds one function per scenario. The calls a() and b() mark the
// positions asked about; a statement that calls cut() is a cut.
const flowSrc = `package p

func line()       { a(); b() }
func oneNode()    { x := a() + b(); _ = x }
func branches(c bool) {
	if c {
		a()
	} else {
		b()
	}
}
func join(c bool) {
	if c {
		a()
	}
	b()
}
func cond()       { if a() { b() } }
func forIter(n int) {
	for i := 0; i < n; i++ {
		b()
		a()
	}
}
func forExit(n int) {
	for i := 0; i < n; i++ {
		a()
	}
	b()
}
func forInit(n int) {
	for i := a(); i < n; i++ {
		b()
	}
}
func forPost(n int) {
	for i := 0; i < n; i = a() {
		b()
	}
}
func forCond() {
	for a() {
		b()
	}
}
func rangeIter(xs []int) {
	for range xs {
		b()
		a()
	}
}
func rangeOperand() {
	for range a() {
		b()
	}
}
func intoLoop(n int) {
	a()
	for i := 0; i < n; i++ {
		b()
	}
}
func nested(n int) {
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			a()
		}
		b()
	}
}
func nestedBack(n int) {
	for i := 0; i < n; i++ {
		b()
		for j := 0; j < n; j++ {
		}
		a()
	}
}
func outerIter(n int) {
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			b()
		}
		a()
	}
}
func cutAll()     { a(); cut(); b() }
func cutOne(c bool) {
	a()
	if c {
		cut()
	}
	b()
}
func panics(c bool) {
	if c {
		a()
		panic("no")
	}
	b()
}
func dead()       { a(); panic("no"); b() }
func shadowPanic(panic func()) {
	if true {
		a()
		panic()
	}
	b()
}
func literal()    { a(); f := func() { b() }; _ = f }
func switches(x int) {
	switch x {
	case 1:
		a()
	case 2:
		b()
	}
}
func fallsThrough(x int) {
	switch x {
	case 1:
		a()
		fallthrough
	case 2:
		b()
	}
}
func gotoBack() {
L:
	b()
	a()
	goto L
}

func a() int
func b()
func cut()
`

// TestFlowReaches pins Flow.Reaches on each scenario: a to b, b to a, and
// from the function's entry (token.NoPos) to b, with cut() as the cut.
func TestFlowReaches(t *testing.T) {
	f := parseFlowSrc(t)
	for _, tc := range []struct {
		fn                   string
		aToB, bToA, entryToB bool
	}{
		{"line", true, false, true},
		{"oneNode", true, false, true}, // one CFG node: source order
		{"branches", false, false, true},
		{"join", true, false, true},
		{"cond", true, false, true},
		{"forIter", false, true, true}, // a to b only in the next iteration
		{"forExit", true, false, true},
		{"forInit", true, false, true}, // the init runs once, before the first iteration
		{"forPost", false, true, true}, // the post statement ends an iteration
		{"forCond", true, false, true}, // the condition starts one
		{"rangeIter", false, true, true},
		{"rangeOperand", true, false, true},
		{"intoLoop", true, false, true},
		{"nested", true, false, true}, // the inner loop's next iteration is still one outer one
		{"nestedBack", false, true, true},
		{"outerIter", false, true, true},
		{"cutAll", false, false, true},
		{"cutOne", true, false, true},
		{"panics", false, false, true},
		{"dead", false, false, false},       // b is unreachable: it reaches nothing and nothing reaches it
		{"shadowPanic", false, false, true}, // syntax only: any call spelled panic ends the path
		{"literal", true, false, true},      // b lies in the node that holds the literal
		{"switches", false, false, true},
		{"fallsThrough", true, false, true},
		{"gotoBack", true, true, true}, // a goto loop is no loop statement
	} {
		t.Run(tc.fn, func(t *testing.T) {
			body := funcBody(t, f, tc.fn)
			fl := lintkit.NewFlow(body)
			pa, pb := callPos(t, body, "a"), callPos(t, body, "b")
			cut := func(n ast.Node) bool {
				found := false
				ast.Inspect(n, func(n ast.Node) bool {
					if call, ok := n.(*ast.CallExpr); ok {
						if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "cut" {
							found = true
						}
					}
					return !found
				})
				return found
			}
			if got := fl.Reaches(pa, pb, cut); got != tc.aToB {
				t.Errorf("Reaches(a, b) = %v, want %v", got, tc.aToB)
			}
			if got := fl.Reaches(pb, pa, cut); got != tc.bToA {
				t.Errorf("Reaches(b, a) = %v, want %v", got, tc.bToA)
			}
			if got := fl.Reaches(token.NoPos, pb, nil); got != tc.entryToB {
				t.Errorf("Reaches(entry, b) = %v, want %v", got, tc.entryToB)
			}
			if fl.Reaches(pa, pa, nil) || fl.Reaches(pb, pb, nil) {
				t.Error("a position reaches itself")
			}
		})
	}
}

// TestFlowReachesLater: what a starts may still run when b runs, in this
// iteration or a later one of the loops around both.
func TestFlowReachesLater(t *testing.T) {
	f := parseFlowSrc(t)
	for _, tc := range []struct {
		fn         string
		aToB, bToA bool
	}{
		{"line", true, false},
		{"oneNode", true, false},
		{"branches", false, false},
		{"forIter", true, true}, // a, then b in the next iteration; b, then a in this one
		{"forExit", true, false},
		{"forInit", true, false},
		{"rangeIter", true, true},
		{"nestedBack", true, true},
		{"outerIter", true, true},
		{"dead", false, false},
		{"panics", false, false},
	} {
		t.Run(tc.fn, func(t *testing.T) {
			body := funcBody(t, f, tc.fn)
			fl := lintkit.NewFlow(body)
			pa, pb := callPos(t, body, "a"), callPos(t, body, "b")
			if got := fl.ReachesLater(pa, pb); got != tc.aToB {
				t.Errorf("ReachesLater(a, b) = %v, want %v", got, tc.aToB)
			}
			if got := fl.ReachesLater(pb, pa); got != tc.bToA {
				t.Errorf("ReachesLater(b, a) = %v, want %v", got, tc.bToA)
			}
		})
	}
}

// TestFlowCutAndOutside: a cut stops the path only where every path passes
// it; nil cuts nothing; positions outside the body reach nothing.
func TestFlowCutAndOutside(t *testing.T) {
	f := parseFlowSrc(t)
	body := funcBody(t, f, "cutAll")
	fl := lintkit.NewFlow(body)
	pa, pb := callPos(t, body, "a"), callPos(t, body, "b")
	if !fl.Reaches(pa, pb, nil) {
		t.Error("Reaches(a, b, nil) = false: a nil cut cuts nothing")
	}
	if fl.Reaches(token.NoPos, pb, func(ast.Node) bool { return true }) {
		t.Error("Reaches(entry, b, always) = true")
	}
	outside := funcBody(t, f, "line").Pos()
	if fl.Reaches(outside, pb, nil) || fl.Reaches(pa, outside, nil) {
		t.Error("a position outside the body reaches")
	}
}

func TestContains(t *testing.T) {
	f := parseFlowSrc(t)
	body := funcBody(t, f, "line")
	for _, tc := range []struct {
		n    ast.Node
		pos  token.Pos
		want bool
	}{
		{body, body.Pos(), true},
		{body, body.End() - 1, true},
		{body, body.End(), false},
		{body, body.Pos() - 1, false},
		{nil, body.Pos(), false},
	} {
		if got := lintkit.Contains(tc.n, tc.pos); got != tc.want {
			t.Errorf("Contains(%T, %d) = %v, want %v", tc.n, tc.pos, got, tc.want)
		}
	}
}

func parseFlowSrc(t *testing.T) *ast.File {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", flowSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func funcBody(t *testing.T, f *ast.File, name string) *ast.BlockStmt {
	t.Helper()
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == name {
			return fd.Body
		}
	}
	t.Fatalf("no func %s", name)
	return nil
}

// callPos is the position of the first call of name in body.
func callPos(t *testing.T, body *ast.BlockStmt, name string) token.Pos {
	t.Helper()
	pos := token.NoPos
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && pos == token.NoPos {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == name {
				pos = call.Pos()
			}
		}
		return pos == token.NoPos
	})
	if pos == token.NoPos {
		t.Fatalf("no call of %s", name)
	}
	return pos
}
