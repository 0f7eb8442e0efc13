package lintkit_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

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
