package cancelshare

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/directives"
	"github.com/ctxbound/ctxbound/passes/slots"
)

//go:embed doc.go
var doc string

// Analyzer reports a cancel func taken from one owner and stored into
// another.
var Analyzer = &analysis.Analyzer{
	Name:     "cancelshare",
	Doc:      lintkit.MustExtractDoc(doc, "cancelshare"),
	URL:      "https://github.com/ctxbound/ctxbound/blob/main/docs/checks.md#cancelshare",
	Requires: []*analysis.Analyzer{directives.Analyzer, slots.Analyzer},
	Run:      lintkit.Safe(run),
}

type checker struct {
	pass  *analysis.Pass
	r     *lintkit.Reporter
	facts *slots.Result
	k     *lintkit.Keyer
}

func run(pass *analysis.Pass) (any, error) {
	c := &checker{
		pass:  pass,
		r:     lintkit.NewReporter(pass, pass.ResultOf[directives.Analyzer].(*directives.Result)),
		facts: pass.ResultOf[slots.Analyzer].(*slots.Result),
		k:     lintkit.NewKeyer(pass.TypesInfo),
	}
	dirs := pass.ResultOf[directives.Analyzer].(*directives.Result)
	if !lintkit.Imports(pass.Pkg, "context") && !dirs.Any(directives.CancelToken) {
		c.r.Finish()
		return nil, nil // no cancel func or token can be named here
	}
	for _, f := range pass.Files {
		if c.r.Generated(f.Pos()) {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				c.function(fd)
			}
		}
	}
	c.r.Finish()
	return nil, nil
}

// A source is where a cancel func comes from: a field of another owner,
// or a parameter that names itself the parent's (parentCancel).
type source struct {
	expr  ast.Expr // owner.field, or the parameter
	owner string   // key of the owner (or of the parameter)
}

// function checks one function declaration, its function literals
// included: a store inside a closure is still a store.
func (c *checker) function(fd *ast.FuncDecl) {
	defer lintkit.At(c.pass.Fset, fd)
	info := c.pass.TypesInfo
	// Locals bound once to a field of another owner (cancel := p.cancel),
	// and fields cleared in this function (ownership handed over).
	aliases := map[types.Object]*ast.SelectorExpr{}
	assigned := map[types.Object]int{}
	cleared := map[string]bool{}
	// Literals assigned to a location (*t = T{...}): that location is the
	// new owner.
	litOwner := map[*ast.CompositeLit]string{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if ok && len(as.Lhs) == len(as.Rhs) {
			for i, r := range as.Rhs {
				r = ast.Unparen(r)
				if u, ok := r.(*ast.UnaryExpr); ok && u.Op == token.AND {
					r = ast.Unparen(u.X)
				}
				if lit, ok := r.(*ast.CompositeLit); ok {
					litOwner[lit] = c.k.Key(as.Lhs[i])
				}
			}
		}
		if !ok || len(as.Lhs) != len(as.Rhs) {
			if ok {
				for _, l := range as.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						assigned[info.ObjectOf(id)]++
					}
				}
			}
			return true
		}
		for i, l := range as.Lhs {
			r := ast.Unparen(as.Rhs[i])
			if id, ok := l.(*ast.Ident); ok {
				obj := info.ObjectOf(id)
				assigned[obj]++
				if sel, ok := r.(*ast.SelectorExpr); ok && as.Tok == token.DEFINE {
					aliases[obj] = sel
				}
			}
			if isNil(info, r) {
				if k := c.k.Key(l); k != "" {
					cleared[k] = true
				}
			}
		}
		return true
	})
	// from returns the source of a stored value, or nil.
	from := func(e ast.Expr) *source {
		e = ast.Unparen(e)
		if !c.facts.IsCancel(info.TypeOf(e)) {
			return nil
		}
		if id, ok := e.(*ast.Ident); ok {
			obj := info.ObjectOf(id)
			if sel := aliases[obj]; sel != nil && assigned[obj] == 1 {
				e = sel
			} else if v, ok := obj.(*types.Var); ok && v.Kind() == types.ParamVar && assigned[obj] == 0 && parental(v.Name()) {
				return &source{expr: id, owner: c.k.Key(id)}
			}
		}
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		s := info.Selections[sel]
		if s == nil || s.Kind() != types.FieldVal {
			return nil
		}
		owner := c.k.Key(sel.X)
		if owner == "" || cleared[c.k.Key(sel)] {
			return nil
		}
		if p := valueParam(info, sel); p != nil && !parental(p.Name()) && !parental(sel.Sel.Name) {
			return nil // a parameter carried in a parameters value: the caller hands it on
		}
		return &source{expr: sel, owner: owner}
	}
	// The stores: a composite literal element, an assignment to a field,
	// an argument that the callee stores into a field (a fact).
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CompositeLit:
			st, ok := info.TypeOf(n).Underlying().(*types.Struct)
			if !ok {
				return true
			}
			for i, el := range n.Elts {
				v, f := el, (*types.Var)(nil)
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					v = kv.Value
					if id, ok := kv.Key.(*ast.Ident); ok {
						f, _ = info.ObjectOf(id).(*types.Var)
					}
				} else if i < st.NumFields() {
					f = st.Field(i)
				}
				src := from(v)
				if src == nil || f == nil {
					continue
				}
				if dst := litOwner[n]; dst != "" && related(dst, src.owner) {
					continue // the owner rebuilt in place
				}
				c.report(src, v, typeName(info.TypeOf(n))+"."+f.Name())
			}
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) || n.Tok == token.DEFINE {
				return true
			}
			for i, l := range n.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if !ok {
					continue
				}
				if s := info.Selections[sel]; s == nil || s.Kind() != types.FieldVal {
					continue
				}
				src := from(n.Rhs[i])
				if src == nil {
					continue
				}
				if dst := c.k.Key(sel.X); dst != "" && related(dst, src.owner) {
					continue // one owner and its own part
				}
				c.report(src, n.Rhs[i], types.ExprString(sel))
			}
		case *ast.CallExpr:
			callee := lintkit.Callee(info, n)
			if callee == nil {
				return true
			}
			for i, a := range n.Args {
				if !c.facts.StoresParam(callee, i) {
					continue
				}
				src := from(a)
				if src == nil {
					continue
				}
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && callee.Signature().Recv() != nil {
					if dst := c.k.Key(sel.X); dst != "" && related(dst, src.owner) {
						continue
					}
				}
				c.report(src, a, "a field by "+lintkit.ShortName(callee, c.pass.Pkg))
			}
		}
		return true
	})
}

// parental reports whether a name says its value is the parent's
// (parentCancel, parent, ParentStop).
func parental(name string) bool { return strings.Contains(strings.ToLower(name), "parent") }

// valueParam returns the parameter (not the receiver) that sel selects a
// field of by value: params.cancel, or opts.inner.cancel, where params is
// a struct passed by value and every step is a struct field, not reached
// through a pointer. Such a value is the caller's arguments, copied for
// this call: it owns nothing, and a cancel func in it is handed to the
// callee as a cancel parameter would be. It returns nil otherwise.
func valueParam(info *types.Info, sel *ast.SelectorExpr) *types.Var {
	for e := ast.Unparen(sel.X); ; {
		if _, ok := info.TypeOf(e).Underlying().(*types.Struct); !ok {
			return nil // a pointer (or an interface): the value lives elsewhere
		}
		switch x := e.(type) {
		case *ast.Ident:
			v, _ := info.ObjectOf(x).(*types.Var)
			if v == nil || v.Kind() != types.ParamVar {
				return nil
			}
			return v
		case *ast.SelectorExpr:
			if s := info.Selections[x]; s == nil || s.Kind() != types.FieldVal || s.Indirect() {
				return nil
			}
			e = ast.Unparen(x.X)
		default:
			return nil
		}
	}
}

// related reports whether two owners are one, or one is part of the other.
func related(a, b string) bool { return lintkit.KeyCovers(a, b) || lintkit.KeyCovers(b, a) }

func isNil(info *types.Info, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	_, isNil := info.ObjectOf(id).(*types.Nil)
	return isNil
}

// typeName is the name of a composite literal's type for messages.
func typeName(t types.Type) string {
	if n := lintkit.NamedOf(t); n != nil {
		return n.Obj().Name()
	}
	return "struct"
}

func (c *checker) report(src *source, at ast.Node, dst string) {
	info := c.pass.TypesInfo
	what, derive := "cancel token", "derive a child token from the parent's"
	t := info.TypeOf(src.expr)
	if n := lintkit.NamedOf(t); n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" {
		what = "cancel func"
		derive = "derive the child's own with context.WithCancel(parent ctx)"
		if n.Obj().Name() == "CancelCauseFunc" {
			derive = "derive the child's own with context.WithCancelCause(parent ctx)"
		}
	}
	c.r.Report(at, fmt.Sprintf("%s %s of another owner is stored in %s: cancelling the child cancels the parent; %s",
		what, types.ExprString(src.expr), dst, derive))
}
