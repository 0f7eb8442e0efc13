package lintkit_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

const keySrc = `package p

import "os"

type Inner struct{ slot, other int }

type Embedded struct{ Inner }

type G struct {
	slot int
	cfg  struct{ run int }
	Embedded
	*Ptr
	m map[string]G
	s []G
}

type Ptr struct{ deep int }

func (G) M() {}

var global G

func f() G

const c = 1

func use(g G, p *G, h G) {
	_ = g
	_ = g
	_ = h
	_ = global
	_ = g.slot
	_ = (g).slot
	_ = p.slot
	_ = (*p).slot
	_ = g.cfg.run
	_ = g.other
	_ = g.Embedded.other
	_ = g.Embedded.Inner.other
	_ = g.deep
	_ = g.Ptr.deep
	_ = p.cfg
	_ = *p
	_ = g.M
	_ = f().slot
	_ = g.s[0].slot
	_ = g.m["k"]
	_ = os.Args
	_ = c
	_ = f
}
`

// TestKeyer: a key per variable, field paths below it with embedded fields
// spelled out, parentheses and indirections looked through, "" for
// everything else.
func TestKeyer(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", keySrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{}}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("example.com/p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	var use *ast.FuncDecl
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "use" {
			use = fd
		}
	}
	k := lintkit.NewKeyer(info)
	// g, p and h are keyed in the order they are first seen.
	want := []string{
		"v1", // g
		"v1", // g again
		"v2", // h
		"v3", // global: package variables are variables too
		"v1.slot",
		"v1.slot",                 // (g).slot
		"v4.slot",                 // p.slot
		"v4.slot",                 // (*p).slot
		"v1.cfg.run",              // a field of a field
		"v1.Embedded.Inner.other", // promoted through two embeddings
		"v1.Embedded.Inner.other",
		"v1.Embedded.Inner.other",
		"v1.Ptr.deep", // promoted through an embedded pointer
		"v1.Ptr.deep",
		"v4.cfg",
		"v4", // *p
		"",   // g.M: a method value
		"",   // f().slot: a call
		"",   // g.s[0].slot: an index expression
		"",   // g.m["k"]: a map read
		"",   // os.Args: a qualified identifier is no selection
		"",   // c: a constant
		"",   // f: a function
	}
	var got []string
	for _, st := range use.Body.List {
		as := st.(*ast.AssignStmt)
		got = append(got, k.Key(as.Rhs[0]))
	}
	if len(got) != len(want) {
		t.Fatalf("got %d keys, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("Key(%s) = %q, want %q", types.ExprString(use.Body.List[i].(*ast.AssignStmt).Rhs[0]), got[i], want[i])
		}
	}

	// VarKey agrees with Key on the variable's identifier; a field is no
	// variable for Key.
	params := use.Type.Params.List
	g := info.Defs[params[0].Names[0]].(*types.Var)
	if k.VarKey(g) != "v1" {
		t.Errorf("VarKey(g) = %q, want v1", k.VarKey(g))
	}
	fresh := types.NewVar(token.NoPos, nil, "fresh", types.Typ[types.Int])
	if got := k.VarKey(fresh); got != "v5" {
		t.Errorf("VarKey(fresh) = %q, want v5", got)
	}
	sel := use.Body.List[4].(*ast.AssignStmt).Rhs[0].(*ast.SelectorExpr) // g.slot
	if got := k.Key(sel.Sel); got != "" {
		t.Errorf("Key(slot) = %q, want \"\" (a field alone is no variable)", got)
	}

	// A second Keyer numbers on its own.
	if got := lintkit.NewKeyer(info).Key(use.Body.List[2].(*ast.AssignStmt).Rhs[0]); got != "v1" {
		t.Errorf("new Keyer: Key(h) = %q, want v1", got)
	}
}

func TestKeyCovers(t *testing.T) {
	for _, tc := range []struct {
		p, k string
		want bool
	}{
		{"v1", "v1", true},
		{"v1", "v1.slot", true},
		{"v1.cfg", "v1.cfg.run", true},
		{"v1.cfg.run", "v1.cfg", false},
		{"v1.cfg", "v1.cfgx", false},
		{"v1", "v10", false},
		{"v1", "v2.slot", false},
	} {
		if got := lintkit.KeyCovers(tc.p, tc.k); got != tc.want {
			t.Errorf("KeyCovers(%q, %q) = %v, want %v", tc.p, tc.k, got, tc.want)
		}
	}
}
