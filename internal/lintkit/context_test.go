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

// TestContextTypes: a value is a context when its type implements
// context.Context, by the type checker; a parameter is a context parameter
// when its type is context.Context under any name. Look-alikes by method
// names are neither.
func TestContextTypes(t *testing.T) {
	const src = `package p

import (
	"context"
	"time"
)

type Defined context.Context
type Alias = context.Context
type Embeds interface {
	context.Context
	Logger() any
}
type Same interface {
	Deadline() (time.Time, bool)
	Done() <-chan struct{}
	Err() error
	Value(key any) any
}

// A framework's request context: methods on the pointer.
type Req struct{ ctx context.Context }

func (c *Req) Deadline() (time.Time, bool) { return c.ctx.Deadline() }
func (c *Req) Done() <-chan struct{}       { return c.ctx.Done() }
func (c *Req) Err() error                  { return c.ctx.Err() }
func (c *Req) Value(key any) any           { return c.ctx.Value(key) }

// urfave/cli v2: embeds a context, redeclares Value(string).
type CLI struct{ context.Context }

func (c *CLI) Value(name string) interface{} { return nil }

// Promoted methods, nothing redeclared: a context.
type Wrap struct{ context.Context }

// The names without the signatures.
type Names struct{}

func (Names) Deadline() time.Duration { return 0 }
func (Names) Done() chan struct{}     { return nil }
func (Names) Err() string             { return "" }
func (Names) Value(key any) any       { return nil }

// Three of the four.
type Three interface {
	Done() <-chan struct{}
	Err() error
	Value(key any) any
}

func G[C context.Context, N Same, L interface{ Done() <-chan struct{} }](c C, n N, l L) {}

var (
	vCtx      context.Context
	vDefined  Defined
	vAlias    Alias
	vEmbeds   Embeds
	vSame     Same
	vReq      Req
	vReqPtr   *Req
	vCLI      *CLI
	vWrap     Wrap
	vNames    Names
	vThree    Three
	vInt      int
	vAny      any
	vTime     time.Time
)
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	typeOf := func(name string) types.Type { return pkg.Scope().Lookup(name).Type() }
	g := typeOf("G").(*types.Signature)
	for _, tc := range []struct {
		name        string
		t           types.Type
		implements  bool // a value of it is a context
		contextType bool // a parameter of it is a context parameter
	}{
		{"context.Context", typeOf("vCtx"), true, true},
		{"type Defined context.Context", typeOf("vDefined"), true, true},
		{"alias", typeOf("vAlias"), true, true},
		{"interface with context's methods", typeOf("vSame"), true, true},
		{"interface embedding context.Context and more", typeOf("vEmbeds"), true, false},
		{"*Req with the four methods", typeOf("vReqPtr"), true, false},
		{"Req, methods on the pointer", typeOf("vReq"), false, false},
		{"*cli.Context look-alike: Value(string)", typeOf("vCLI"), false, false},
		{"struct embedding context.Context", typeOf("vWrap"), true, false},
		{"the names, other signatures", typeOf("vNames"), false, false},
		{"three of the four methods", typeOf("vThree"), false, false},
		{"type parameter constrained by context.Context", g.Params().At(0).Type(), true, false},
		{"type parameter constrained by the same methods", g.Params().At(1).Type(), true, false},
		{"type parameter with Done only", g.Params().At(2).Type(), false, false},
		{"int", typeOf("vInt"), false, false},
		{"any", typeOf("vAny"), false, false},
		{"time.Time", typeOf("vTime"), false, false},
		{"nil", nil, false, false},
	} {
		if got := lintkit.ImplementsContext(tc.t); got != tc.implements {
			t.Errorf("ImplementsContext(%s) = %v, want %v", tc.name, got, tc.implements)
		}
		if got := lintkit.IsContextType(tc.t); got != tc.contextType {
			t.Errorf("IsContextType(%s) = %v, want %v", tc.name, got, tc.contextType)
		}
	}
}
