package spawners

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// An avKind says what the drain walk knows of a value.
type avKind uint8

const (
	unknown  avKind = iota
	queueVal        // the queue, or a local alias of it
	elemVal         // an element taken off the queue, or its func field
	ctxVal          // a context field of an element, or a context derived from one
)

// An aval is what the drain walk knows of a value: which queue it comes
// from and, for an element, which field.
type aval struct {
	kind avKind
	q    types.Object
	// field is, for elemVal, the element's func field (nil: the element
	// itself); for ctxVal, the element's context field.
	field *types.Var
}

// A drainer walks the functions that run on goroutines started in the
// package, and records each call of an element of the candidate queues.
type drainer struct {
	st     *state
	queues map[types.Object]bool
	decls  map[*types.Func]*ast.FuncDecl
	calls  map[types.Object][]elemCall
	walked map[walkKey]bool
}

// A frame is one walk of one body: the bound values and the slice queues
// the body pops.
type frame struct {
	env  map[*types.Var]aval
	pops map[types.Object]bool
}

// drains returns, for each queue, the calls of its elements by code that
// runs on a goroutine started in the package: the work of roots.
func (st *state) drains(queues map[types.Object]bool, roots []*Site) map[types.Object][]elemCall {
	d := &drainer{st: st, queues: queues, decls: map[*types.Func]*ast.FuncDecl{},
		calls: map[types.Object][]elemCall{}, walked: map[walkKey]bool{}}
	for _, f := range st.pass.Files {
		for _, decl := range f.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := st.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					d.decls[fn] = fd
				}
			}
		}
	}
	for _, s := range roots {
		d.root(s)
	}
	return d.calls
}

// root walks the work of a spawn site: a literal, or a function of the
// package, with its arguments bound (go worker(p.tasks)).
func (d *drainer) root(s *Site) {
	info := d.st.pass.TypesInfo
	empty := &frame{}
	if lit, ok := s.Work.(*ast.FuncLit); ok {
		var env map[*types.Var]aval
		if sig, ok := info.TypeOf(lit).(*types.Signature); ok && s.Call != nil {
			env = d.bindArgs(sig, s.Call, empty)
		}
		d.walk(lit.Body, env, 0, false)
		return
	}
	var fn *types.Func
	switch w := s.Work.(type) {
	case *ast.Ident:
		fn, _ = info.Uses[w].(*types.Func)
	case *ast.SelectorExpr:
		fn, _ = info.Uses[w.Sel].(*types.Func)
	}
	if fn == nil {
		return
	}
	decl := d.decls[fn.Origin()]
	if decl == nil {
		return
	}
	d.walk(decl.Body, nil, 0, false)
	if s.Call != nil {
		if env := d.bindArgs(fn.Origin().Signature(), s.Call, empty); len(env) > 0 {
			d.walk(decl.Body, env, 0, false)
		}
	}
}

// walk records the calls of queue elements in body and in the package's
// functions it calls. A body is walked once without bindings; with
// bindings, up to maxBind calls deep. looped says that the body runs in a
// loop of its caller: each run may take more elements.
func (d *drainer) walk(body *ast.BlockStmt, env map[*types.Var]aval, depth int, looped bool) {
	if len(env) == 0 {
		k := walkKey{body, looped}
		if d.walked[k] {
			return
		}
		d.walked[k] = true
	} else if depth > maxBind {
		return
	}
	fr := &frame{env: map[*types.Var]aval{}, pops: map[types.Object]bool{}}
	for v, a := range env {
		fr.env[v] = a
	}
	info := d.st.pass.TypesInfo

	// The slice queues this body pops, again and again: an assignment to
	// the queue that is not an append, in a loop. A slice ranged over and
	// reset once is a list of callbacks run at the end (hooks, cleanups),
	// not a queue that a worker serves.
	inspectLoops(body, func(n ast.Node, inLoop bool) {
		if a, ok := n.(*ast.AssignStmt); ok && (inLoop || looped) {
			for i, lhs := range a.Lhs {
				q := d.direct(lhs)
				if q == nil || !isSlice(q.Type()) {
					continue
				}
				if len(a.Lhs) == len(a.Rhs) {
					if app, ok := ast.Unparen(a.Rhs[i]).(*ast.CallExpr); ok && d.st.isBuiltin(app.Fun, "append") {
						continue
					}
				}
				fr.pops[q] = true
			}
		}
	})

	// Bind: aliases of queues, elements taken off them, their contexts.
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i := range n.Lhs {
					d.bind(fr, n.Lhs[i], d.eval(fr, n.Rhs[i]))
				}
			} else if len(n.Rhs) == 1 { // f, ok := <-q; ctx, cancel := context.WithTimeout(t.ctx, d)
				d.bind(fr, n.Lhs[0], d.eval(fr, n.Rhs[0]))
			}
		case *ast.ValueSpec:
			if len(n.Names) == len(n.Values) {
				for i := range n.Names {
					d.bind(fr, n.Names[i], d.eval(fr, n.Values[i]))
				}
			} else if len(n.Values) == 1 {
				d.bind(fr, n.Names[0], d.eval(fr, n.Values[0]))
			}
		case *ast.RangeStmt:
			x := d.eval(fr, n.X)
			if x.kind != queueVal {
				break
			}
			el := aval{kind: elemVal, q: x.q}
			switch info.TypeOf(n.X).Underlying().(type) {
			case *types.Chan:
				if n.Key != nil {
					d.bind(fr, n.Key, el)
				}
			case *types.Slice:
				if n.Value != nil && fr.pops[x.q] {
					d.bind(fr, n.Value, el)
				}
			}
		}
		return true
	})

	// Calls of elements, and calls that hand an element (or the queue) on.
	inspectLoops(body, func(n ast.Node, inLoop bool) {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return
		}
		if f := d.eval(fr, call.Fun); f.kind == elemVal {
			d.calls[f.q] = append(d.calls[f.q], elemCall{field: f.field, ctx: d.ctxArgs(fr, call, f.q)})
		}
		fn := lintkit.Callee(info, call)
		if fn == nil {
			return
		}
		if decl := d.decls[fn]; decl != nil {
			d.walk(decl.Body, nil, depth+1, inLoop || looped)
			if env := d.bindArgs(fn.Signature(), call, fr); len(env) > 0 {
				d.walk(decl.Body, env, depth+1, inLoop || looped)
			}
			return
		}
		if _, params, _ := d.st.spawner(fn); params != nil { // wg.Go(f)
			for _, p := range params {
				if p < len(call.Args) {
					if a := d.eval(fr, call.Args[p]); a.kind == elemVal {
						d.calls[a.q] = append(d.calls[a.q], elemCall{field: a.field})
					}
				}
			}
		}
	})
}

type walkKey struct {
	body   *ast.BlockStmt
	looped bool
}

// inspectLoops calls f for each node under root, in source order, saying
// whether the node is inside a for or range statement under root.
func inspectLoops(root ast.Node, f func(n ast.Node, inLoop bool)) {
	var stack []ast.Node
	loops := 0
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			switch stack[len(stack)-1].(type) {
			case *ast.ForStmt, *ast.RangeStmt:
				loops--
			}
			stack = stack[:len(stack)-1]
			return true
		}
		f(n, loops > 0)
		stack = append(stack, n)
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			loops++
		}
		return true
	})
}

// bindArgs binds the parameters (and receiver) of sig to what is known of
// the arguments and receiver of call.
func (d *drainer) bindArgs(sig *types.Signature, call *ast.CallExpr, fr *frame) map[*types.Var]aval {
	var env map[*types.Var]aval
	set := func(v *types.Var, a aval) {
		if a.kind == unknown || v == nil {
			return
		}
		if env == nil {
			env = map[*types.Var]aval{}
		}
		env[v] = a
	}
	n := sig.Params().Len()
	for i, a := range call.Args {
		if i >= n || (sig.Variadic() && i >= n-1) {
			break
		}
		set(sig.Params().At(i), d.eval(fr, a))
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sig.Recv() != nil {
		if s := d.st.pass.TypesInfo.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
			set(sig.Recv(), d.eval(fr, sel.X))
		}
	}
	return env
}

// ctxArgs returns the context fields of q's element that call passes.
func (d *drainer) ctxArgs(fr *frame, call *ast.CallExpr, q types.Object) []*types.Var {
	var out []*types.Var
	for _, a := range call.Args {
		if v := d.eval(fr, a); v.kind == ctxVal && v.q == q {
			out = append(out, v.field)
		}
	}
	return out
}

func (d *drainer) bind(fr *frame, lhs ast.Expr, a aval) {
	if a.kind == unknown {
		return
	}
	if id, ok := ast.Unparen(lhs).(*ast.Ident); ok {
		if v := asVar(objOf(d.st.pass.TypesInfo, id)); v != nil {
			fr.env[v] = a
		}
	}
}

// direct returns the candidate queue that e names directly (p.tasks,
// pending), or nil.
func (d *drainer) direct(e ast.Expr) types.Object {
	info := d.st.pass.TypesInfo
	var v *types.Var
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if s := info.Selections[e]; s != nil {
			if s.Kind() == types.FieldVal {
				v = asVar(s.Obj())
			}
		} else {
			v = asVar(info.Uses[e.Sel])
		}
	case *ast.Ident:
		v = asVar(info.Uses[e])
	}
	if v == nil || !d.queues[v.Origin()] {
		return nil
	}
	return v.Origin()
}

// eval returns what is known of e in frame fr.
func (d *drainer) eval(fr *frame, e ast.Expr) aval {
	info := d.st.pass.TypesInfo
	if q := d.direct(e); q != nil {
		return aval{kind: queueVal, q: q}
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v := asVar(info.Uses[e]); v != nil {
			return fr.env[v]
		}
	case *ast.SelectorExpr: // t.fn, t.ctx
		s := info.Selections[e]
		if s == nil || s.Kind() != types.FieldVal {
			break
		}
		x := d.eval(fr, e.X)
		if x.kind != elemVal || x.field != nil {
			break
		}
		f := asVar(s.Obj())
		switch {
		case isFunc(f.Type()):
			return aval{kind: elemVal, q: x.q, field: f}
		case lintkit.IsContextType(f.Type()):
			return aval{kind: ctxVal, q: x.q, field: f}
		}
	case *ast.UnaryExpr:
		if x := d.eval(fr, e.X); x.kind == queueVal && e.Op == token.ARROW {
			return aval{kind: elemVal, q: x.q}
		} else if e.Op == token.AND {
			return x
		}
	case *ast.StarExpr:
		return d.eval(fr, e.X)
	case *ast.IndexExpr: // q[0]
		if x := d.eval(fr, e.X); x.kind == queueVal && fr.pops[x.q] {
			return aval{kind: elemVal, q: x.q}
		}
	case *ast.SliceExpr: // q[1:]
		if x := d.eval(fr, e.X); x.kind == queueVal {
			return x
		}
	case *ast.CallExpr: // context.WithTimeout(t.ctx, d)
		t := info.TypeOf(e)
		if tup, ok := t.(*types.Tuple); ok && tup.Len() > 0 {
			t = tup.At(0).Type()
		}
		if t == nil || !lintkit.IsContextType(t) {
			break
		}
		for _, a := range e.Args {
			if v := d.eval(fr, a); v.kind == ctxVal {
				return v
			}
		}
	}
	return aval{}
}
