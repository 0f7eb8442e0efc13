package slots

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// SelfBound is the fact of a struct type whose values hold, in some
// fields, funcs bound to the value itself: a method value of the value
// (c.hooks.process = c.Process) or a closure over it (c.onClose = func() {
// c.cleanup() }), set by a constructor (on a value it allocates) or by a
// method (on its receiver). A copy of such a value keeps calling into the
// original (scopedcopy).
type SelfBound struct {
	Fields []Binding // sorted by Path
}

// A Binding is one self-bound field: its path below the value (hooks.process,
// as lintkit.Keyer spells it) and the method it is bound to, "" for a
// closure.
type Binding struct {
	Path   string
	Method string
}

// AFact marks SelfBound as a fact.
func (*SelfBound) AFact() {}

func (s *SelfBound) String() string {
	parts := make([]string, len(s.Fields))
	for i, b := range s.Fields {
		by := "a closure"
		if b.Method != "" {
			by = b.Method
		}
		parts[i] = b.Path + " (" + by + ")"
	}
	return "self-bound fields " + strings.Join(parts, ", ")
}

// maxBindings caps the fields one fact lists: facts stay small.
const maxBindings = 16

// SelfBound returns the self-bound fields of the named type t (or of the
// type t points to), of this package or, by a fact, of another; nil when
// it has none.
func (r *Result) SelfBound(t types.Type) []Binding {
	n := lintkit.NamedOf(t)
	if n == nil {
		return nil
	}
	o := n.Origin().Obj()
	if bs, ok := r.selfBound[o]; ok {
		return bs
	}
	if f := r.selfFacts[o]; f != nil {
		return f.Fields
	}
	return nil
}

// HasSelfBound reports whether any self-bound type is known, of this
// package or an imported one.
func (r *Result) HasSelfBound() bool { return len(r.selfBound)+len(r.selfFacts) > 0 }

// selfBindings finds the self-bound fields of this package's struct types
// in its non-test files.
func selfBindings(pass *analysis.Pass) map[*types.TypeName][]Binding {
	info := pass.TypesInfo
	out := map[*types.TypeName][]Binding{}
	add := func(tn *types.TypeName, b Binding) {
		for _, x := range out[tn] {
			if x.Path == b.Path {
				return
			}
		}
		if len(out[tn]) < maxBindings {
			out[tn] = append(out[tn], b)
		}
	}
	// typeOf returns the named struct type of this package that v holds
	// (by value or pointer), or nil.
	typeOf := func(v *types.Var) *types.TypeName {
		n := lintkit.NamedOf(v.Type())
		if n == nil || n.Obj().Pkg() != pass.Pkg {
			return nil
		}
		if _, ok := n.Underlying().(*types.Struct); !ok {
			return nil
		}
		return n.Origin().Obj()
	}
	for fd := range lintkit.NonTestFuncs(pass) {
		// The values bound here: the receiver, and values allocated here.
		owners := FreshLocals(info, fd.Body)
		if fd.Recv != nil && len(fd.Recv.List) == 1 && len(fd.Recv.List[0].Names) == 1 {
			if v, ok := info.Defs[fd.Recv.List[0].Names[0]].(*types.Var); ok {
				owners[v] = true
			}
		}
		k := lintkit.NewKeyer(info)
		// bound reports the method a value bound to x is, or "" for a
		// closure over x; ok is false when e is neither.
		bound := func(x *types.Var, e ast.Expr) (method string, ok bool) {
			e = ast.Unparen(e)
			if call, isCall := e.(*ast.CallExpr); isCall && len(call.Args) == 1 {
				if tv, isType := info.Types[call.Fun]; isType && tv.IsType() {
					e = ast.Unparen(call.Args[0]) // http.HandlerFunc(c.serve)
				}
			}
			switch e := e.(type) {
			case *ast.SelectorExpr:
				if s := info.Selections[e]; s != nil && s.Kind() == types.MethodVal {
					if id, isID := ast.Unparen(e.X).(*ast.Ident); isID && info.Uses[id] == x {
						return e.Sel.Name, true
					}
				}
			case *ast.FuncLit:
				uses := false
				ast.Inspect(e.Body, func(n ast.Node) bool {
					if id, isID := n.(*ast.Ident); isID && info.Uses[id] == x {
						uses = true
					}
					return !uses
				})
				return "", uses
			}
			return "", false
		}
		// record records the bindings that assigning rhs to the path
		// below x makes.
		var record func(tn *types.TypeName, x *types.Var, path string, rhs ast.Expr)
		record = func(tn *types.TypeName, x *types.Var, path string, rhs ast.Expr) {
			if m, ok := bound(x, rhs); ok {
				add(tn, Binding{Path: path, Method: m})
				return
			}
			lit, ok := ast.Unparen(rhs).(*ast.CompositeLit)
			if !ok {
				return
			}
			if _, isStruct := info.TypeOf(lit).Underlying().(*types.Struct); !isStruct {
				return
			}
			for _, el := range lit.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						record(tn, x, path+"."+id.Name, kv.Value)
					}
				}
			}
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
				return true
			}
			for i, l := range as.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if !ok {
					continue
				}
				x := RootVar(info, sel)
				if x == nil || !owners[x] {
					continue
				}
				tn := typeOf(x)
				if tn == nil {
					continue
				}
				path, ok := strings.CutPrefix(k.Key(sel), k.VarKey(x)+".")
				if !ok {
					continue
				}
				record(tn, x, path, as.Rhs[i])
			}
			return true
		})
	}
	for _, bs := range out {
		slices.SortFunc(bs, func(a, b Binding) int { return strings.Compare(a.Path, b.Path) })
	}
	return out
}
