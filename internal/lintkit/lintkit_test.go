package lintkit_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

func TestExtractDoc(t *testing.T) {
	src := "// Package x does things.\n//\n// # Analyzer x\n//\n// x: report things\n//\n// More.\n//\n// # Examples\n//\n// Some.\npackage x\n"
	doc, err := lintkit.ExtractDoc(src, "x")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(doc, "report things\n") || !strings.Contains(doc, "# Examples") {
		t.Errorf("ExtractDoc = %q", doc)
	}
	for _, bad := range []string{
		"package x\n",
		"// Package x.\npackage x\n",
		"// # Analyzer x\n//\n// report things\npackage x\n",
	} {
		if _, err := lintkit.ExtractDoc(bad, "x"); err == nil {
			t.Errorf("ExtractDoc(%q): want an error", bad)
		}
	}
}

const src = `package p

import (
	"context"
	"sync/atomic"
)

type Pool struct{}

func (p *Pool) Submit(f func()) {}

func Go(ctx context.Context, f func(context.Context)) {}

func use(ctx context.Context) {
	var ptr atomic.Pointer[int]
	ptr.Load()
	(&Pool{}).Submit(nil)
	Go(ctx, nil)
	context.Background()
}
`

func TestCallees(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{},
		Selections: map[*ast.SelectorExpr]*types.Selection{}, Instances: map[*ast.Ident]types.Instance{}}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("example.com/p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	var names, short []string
	ast.Inspect(f, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if fn := lintkit.Callee(info, call); fn != nil {
				names = append(names, lintkit.FuncName(fn))
				short = append(short, lintkit.ShortName(fn, pkg))
				if lintkit.IsMethod(fn, "sync/atomic", "Pointer", "Load") != (fn.Name() == "Load") {
					t.Errorf("IsMethod(%s)", lintkit.FuncName(fn))
				}
				if lintkit.IsFunc(fn, "context", "Background") != (fn.Name() == "Background") {
					t.Errorf("IsFunc(%s)", lintkit.FuncName(fn))
				}
				if fn.Name() == "Go" && !lintkit.TakesContext(fn.Signature()) {
					t.Error("TakesContext(Go) = false")
				}
			}
		}
		return true
	})
	if got, want := strings.Join(names, " "), "(*sync/atomic.Pointer[T]).Load (*example.com/p.Pool).Submit example.com/p.Go context.Background"; got != want {
		t.Errorf("FuncName: got %q, want %q", got, want)
	}
	if got, want := strings.Join(short, " "), "atomic.Pointer.Load Pool.Submit Go context.Background"; got != want {
		t.Errorf("ShortName: got %q, want %q", got, want)
	}
	if !lintkit.Imports(pkg, "context") || lintkit.Imports(pkg, "os") || !lintkit.ImportsAny(pkg, "os", "sync/atomic") {
		t.Error("Imports/ImportsAny")
	}
}

// TestTypedNil: a typed-nil *types.Func converted to types.Object is not a
// match, and no panic.
func TestTypedNil(t *testing.T) {
	var fn *types.Func
	if lintkit.IsMethod(fn, "sync", "Mutex", "Lock") || lintkit.IsFunc(fn, "context", "Background") {
		t.Error("a nil func matched")
	}
}

// TestImportsKept: a fix that replaces the last use of an import, alone or
// with the file's other fixes, would leave it unused.
func TestImportsKept(t *testing.T) {
	src := `package p

import (
	"os"
	"strings"
)

func f() {
	os.Setenv("A", "1")
	os.Setenv("B", "2")
	_ = strings.ToUpper("x")
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	var calls []*ast.CallExpr
	ast.Inspect(f, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			calls = append(calls, c)
		}
		return true
	})
	first, second, upper := calls[0], calls[1], calls[2]
	for _, tc := range []struct {
		what      string
		mine, all []analysis.Range
		want      bool
	}{
		{"one os call of two", []analysis.Range{first.Fun}, []analysis.Range{first.Fun}, true},
		{"both os calls, by two fixes", []analysis.Range{first.Fun}, []analysis.Range{first.Fun, second.Fun}, false},
		{"the one strings call", []analysis.Range{upper}, []analysis.Range{upper}, false},
		{"an os call, while another fix replaces the strings call", []analysis.Range{first.Fun}, []analysis.Range{first.Fun, upper}, true},
		{"nothing qualified", []analysis.Range{first.Args[0]}, []analysis.Range{first.Args[0]}, true},
	} {
		if got := lintkit.ImportsKept(info, f, tc.mine, tc.all); got != tc.want {
			t.Errorf("%s: ImportsKept = %v, want %v", tc.what, got, tc.want)
		}
	}
}

// TestFuncValue resolves named functions, methods and generic
// instantiations, and nothing else.
func TestFuncValue(t *testing.T) {
	const src = `package p

type T struct{ f func() }

func (T) M()     {}
func F()         {}
func G[X any]() {}

type I interface{ M() }

func use(t T, i I, v func()) {
	_ = []any{F, t.M, G[int], T.M, i.M, v, t.f, func() {}}
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{},
		Types: map[ast.Expr]types.TypeAndValue{}, Instances: map[*ast.Ident]types.Instance{}}
	if _, err := (&types.Config{}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	var got []string
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		for _, e := range lit.Elts {
			name := "nil"
			if fn := lintkit.FuncValue(info, e); fn != nil {
				name = fn.Name()
			}
			got = append(got, name)
		}
		return false
	})
	if want := "F M G nil nil nil nil nil"; strings.Join(got, " ") != want {
		t.Errorf("FuncValue = %q, want %q", strings.Join(got, " "), want)
	}
}

// TestFuncBody returns the body of declarations and literals only.
func TestFuncBody(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", "package p\nfunc asm()\nfunc g() { _ = func() {} }\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	asm, g := f.Decls[0].(*ast.FuncDecl), f.Decls[1].(*ast.FuncDecl)
	lit := g.Body.List[0].(*ast.AssignStmt).Rhs[0].(*ast.FuncLit)
	if lintkit.FuncBody(asm) != nil || lintkit.FuncBody(g) != g.Body || lintkit.FuncBody(lit) != lit.Body || lintkit.FuncBody(f) != nil {
		t.Error("FuncBody returns the wrong body")
	}
}

// TestIsBuiltin tells the builtin from a function that shadows its name;
// TestIsPointer follows named types.
func TestIsBuiltinIsPointer(t *testing.T) {
	const src = `package p

type P *int

func use(s []int, p P) {
	s = append(s, 1)
	{
		append := func(s []int, v int) []int { return s }
		s = append(s, 2)
	}
	_ = p
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}}
	if _, err := (&types.Config{}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	var got []bool
	ast.Inspect(f, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			got = append(got, lintkit.IsBuiltin(info, call, "append"))
		}
		return true
	})
	if len(got) != 2 || !got[0] || got[1] {
		t.Errorf("IsBuiltin = %v, want [true false]", got)
	}
	pt := types.NewPointer(types.Typ[types.Int])
	named := types.NewNamed(types.NewTypeName(token.NoPos, nil, "P", nil), pt, nil)
	if !lintkit.IsPointer(pt) || !lintkit.IsPointer(named) || lintkit.IsPointer(types.Typ[types.Int]) || lintkit.IsPointer(nil) {
		t.Error("IsPointer is wrong")
	}
}

// TestAny: Any finds a node below the root, says false when none matches,
// and stops at the first match.
func TestAny(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "a.go", "package p\nfunc F() { go g(); h() }", 0)
	if err != nil {
		t.Fatal(err)
	}
	isGo := func(n ast.Node) bool { _, ok := n.(*ast.GoStmt); return ok }
	isSelect := func(n ast.Node) bool { _, ok := n.(*ast.SelectStmt); return ok }
	if !lintkit.Any(f, isGo) || lintkit.Any(f, isSelect) {
		t.Errorf("Any(go) = %v, Any(select) = %v; want true, false", lintkit.Any(f, isGo), lintkit.Any(f, isSelect))
	}
	calls := 0
	lintkit.Any(f, func(n ast.Node) bool {
		if _, ok := n.(*ast.CallExpr); ok {
			calls++
			return true
		}
		return false
	})
	if calls != 1 {
		t.Errorf("Any matched %d calls, want to stop at the first", calls)
	}
}

// TestConjuncts: the operands of a top-level && chain, without their
// parentheses; an || or a lone term is one operand.
func TestConjuncts(t *testing.T) {
	for src, want := range map[string]string{
		"a && (b) && c": "a|b|c",
		"(a && b) && c": "a|b|c",
		"a || b && c":   "a || b && c",
		"(a)":           "a",
	} {
		e, err := parser.ParseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range lintkit.Conjuncts(e) {
			got = append(got, types.ExprString(c))
		}
		if strings.Join(got, "|") != want {
			t.Errorf("Conjuncts(%q) = %q, want %q", src, strings.Join(got, "|"), want)
		}
	}
}

// TestWaitsOnChannel: a select or a receive in the body waits; one inside
// a function literal, a send, or nothing does not.
func TestWaitsOnChannel(t *testing.T) {
	for _, tc := range []struct {
		body string
		want bool
	}{
		{"select { case <-c: }", true},
		{"v := <-c; _ = v", true},
		{"for range 3 { <-c }", true},
		{"f := func() { <-c }; _ = f", false},
		{"c <- 1", false},
		{"n := 1; n++", false},
	} {
		src := "package p\nfunc F(c chan int) {\n" + tc.body + "\n}"
		f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		body := f.Decls[0].(*ast.FuncDecl).Body
		if got := lintkit.WaitsOnChannel(body); got != tc.want {
			t.Errorf("WaitsOnChannel(%q) = %v, want %v", tc.body, got, tc.want)
		}
	}
}

// TestMentions: a use inside a function literal counts; the declaration,
// and another variable of the same name, do not.
func TestMentions(t *testing.T) {
	const src = `package p

func F(x int) func() int {
	y := 1
	_ = y
	return func() int { return x }
}

func G() { x := 2; _ = x }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	if _, err := (&types.Config{}).Check("example.com/p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	fd, gd := f.Decls[0].(*ast.FuncDecl), f.Decls[1].(*ast.FuncDecl)
	x := info.Defs[fd.Type.Params.List[0].Names[0]]
	lit := fd.Body.List[2].(*ast.ReturnStmt).Results[0]
	for _, c := range []struct {
		name string
		n    ast.Node
		want bool
	}{
		{"the literal that returns x", lit, true},
		{"F", fd, true},
		{"F's first two statements", &ast.BlockStmt{List: fd.Body.List[:2]}, false},
		{"G, with an x of its own", gd, false},
	} {
		if got := lintkit.Mentions(info, c.n, x); got != c.want {
			t.Errorf("Mentions(%s, x) = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestConjunct: e is cond, or a term of a chain of && (parentheses
// looked through); not a term of ||, nor a part of a term.
func TestConjunct(t *testing.T) {
	cond, err := parser.ParseExpr(`(a && (b || c)) && d`)
	if err != nil {
		t.Fatal(err)
	}
	and := cond.(*ast.BinaryExpr)
	left := ast.Unparen(and.X).(*ast.BinaryExpr)
	or := ast.Unparen(left.Y).(*ast.BinaryExpr)
	for _, tc := range []struct {
		e    ast.Node
		want bool
	}{
		{cond, true}, {and.Y, true}, {left.X, true}, {or, true}, {or.X, false}, {or.Y, false},
	} {
		if got := lintkit.Conjunct(cond, tc.e); got != tc.want {
			t.Errorf("Conjunct(%s) = %v, want %v", types.ExprString(tc.e.(ast.Expr)), got, tc.want)
		}
	}
	if lintkit.Conjunct(cond, nil) {
		t.Error("Conjunct(nil) = true")
	}
}

// TestDeclOf finds a declaration in the file that holds it, through a
// generic instance to its origin; nil for a body-less (assembly)
// declaration and for a function of another package.
func TestDeclOf(t *testing.T) {
	fset := token.NewFileSet()
	a, err := parser.ParseFile(fset, "a.go", "package p\nfunc asm()\nfunc G[T any](t T) T { return t }\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	b, err := parser.ParseFile(fset, "b.go", "package p\nimport \"strings\"\nvar _ = G[int](1)\nvar _ = strings.ToUpper\nfunc H() {}\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Instances: map[*ast.Ident]types.Instance{}}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("example.com/p", fset, []*ast.File{a, b}, info)
	if err != nil {
		t.Fatal(err)
	}
	files := []*ast.File{a, b}
	var inst, upper *types.Func
	for id, obj := range info.Uses {
		if fn, ok := obj.(*types.Func); ok && id.Name == "G" {
			inst = fn
		} else if ok && id.Name == "ToUpper" {
			upper = fn
		}
	}
	if inst == nil || upper == nil {
		t.Fatal("G or ToUpper not found")
	}
	if d := lintkit.DeclOf(files, inst); d == nil || d.Name.Name != "G" {
		t.Errorf("DeclOf(G[int]) = %v, want G's declaration", d)
	}
	if d := lintkit.DeclOf(files, pkg.Scope().Lookup("H").(*types.Func)); d == nil || d.Name.Name != "H" {
		t.Errorf("DeclOf(H) = %v, want H's declaration (second file)", d)
	}
	if d := lintkit.DeclOf(files, pkg.Scope().Lookup("asm").(*types.Func)); d != nil {
		t.Errorf("DeclOf(asm) = %v, want nil (no body)", d.Name)
	}
	if d := lintkit.DeclOf(files, upper); d != nil {
		t.Errorf("DeclOf(strings.ToUpper) = %v, want nil (another package)", d.Name)
	}
}
