package spawners

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// Queue-based spawners.
//
// A submitter puts one of its func parameters on a queue: it sends it on a
// channel, or appends it to a slice, either bare (q <- f), wrapped in a
// func literal that calls it (q <- func() { f() }), converted to a named
// func type, or as a field of a task struct (q <- &task{fn: f, ctx: ctx}).
// The queue is named by its types.Object: a struct field or a package-level
// variable. A drainer takes elements off that queue and calls them: a range
// over the channel, a receive (also in a select), an index of a slice that
// the same function also pops (q = q[1:], q = nil, after tasks := q), and
// then a call of the element, of its func field, of a method or function of
// the package that calls it, or a spawner that runs it. The submitter is a
// spawner when a drainer of its queue runs on a goroutine started in the
// package: reachable from a go statement or from the work of a spawner,
// through calls of the package's functions.
//
// It carries the submitter's context when the queued literal calls the
// func with the submitter's ctx parameter, or when the task struct holds
// that ctx in a field and every worker passes it (or a context derived from
// it) to the func.

// maxBind bounds the depth of calls followed with bound arguments: the
// element handed to a helper that calls it, the queue handed to a worker.
const maxBind = 3

// A submit is one func parameter put on a queue by a function.
type submit struct {
	fn    *types.Func
	param int
	queue types.Object
	// field is the task struct's func field that holds the parameter; nil
	// when the element is the func itself.
	field *types.Var
	// carries is the ctx parameter that a queued literal passes to the
	// parameter itself, or -1.
	carries int
	// ctxFields maps each context field of the task struct to the ctx
	// parameter stored in it; direct says the field holds the parameter
	// itself (not a literal), so a context the worker passes reaches it.
	ctxFields map[*types.Var]int
	direct    bool
}

// An elemCall is one call of a queue's element by a drainer.
type elemCall struct {
	field *types.Var   // the element's func field called; nil: the element
	ctx   []*types.Var // the element's context fields passed to it
}

// isQueueOp reports whether n may put a value on a queue: a send
// statement, or a call of append.
func isQueueOp(info *types.Info, n ast.Node) bool {
	switch n := n.(type) {
	case *ast.SendStmt:
		return true
	case *ast.CallExpr:
		b, ok := info.Uses[identOf(n.Fun)].(*types.Builtin)
		return ok && b.Name() == "append"
	}
	return false
}

// inferQueues adds the queue-based spawners among decls to st.local and
// st.facts, and reports whether it found any. The workers are found from
// roots, the package's spawn sites.
func (st *state) inferQueues(decls []*ast.FuncDecl, roots []*Site) bool {
	var subs []submit
	for _, d := range decls {
		fn, _ := st.pass.TypesInfo.Defs[d.Name].(*types.Func)
		if fn == nil || st.local[fn] != nil {
			continue
		}
		subs = append(subs, st.submits(d, fn)...)
	}
	if len(subs) == 0 {
		return false // most packages: nothing is ever queued
	}
	queues := map[types.Object]bool{}
	for _, s := range subs {
		queues[s.queue] = true
	}
	calls := st.drains(queues, roots)

	found := false
	byFn := map[*types.Func][]submit{}
	var order []*types.Func
	for _, s := range subs {
		if _, ok := byFn[s.fn]; !ok {
			order = append(order, s.fn)
		}
		byFn[s.fn] = append(byFn[s.fn], s)
	}
	for _, fn := range order {
		params := map[int]bool{}
		carries, first := -1, true
		for _, s := range byFn[fn] {
			matched := slices.DeleteFunc(slices.Clone(calls[s.queue]), func(c elemCall) bool { return c.field != s.field })
			if len(matched) == 0 {
				continue
			}
			params[s.param] = true
			c := s.carried(matched)
			if first {
				carries, first = c, false
			} else if c != carries {
				carries = -1
			}
		}
		if len(params) == 0 {
			continue
		}
		f := &Spawner{Carries: carries, Queue: true}
		for p := range params {
			f.Params = append(f.Params, p)
		}
		slices.Sort(f.Params)
		st.local[fn] = f
		st.facts[fn] = f
		found = true
	}
	return found
}

// carried returns the ctx parameter that the queued work receives through
// every call of the drainers, or -1.
func (s submit) carried(calls []elemCall) int {
	if s.carries >= 0 {
		return s.carries
	}
	if !s.direct || len(s.ctxFields) == 0 {
		return -1
	}
	carries := -1
	for _, c := range calls {
		idx := -1
		for _, f := range c.ctx {
			if i, ok := s.ctxFields[f]; ok {
				idx = i
				break
			}
		}
		if idx < 0 || (carries >= 0 && idx != carries) {
			return -1
		}
		carries = idx
	}
	return carries
}

// submits returns the func parameters that d puts on a queue.
func (st *state) submits(d *ast.FuncDecl, fn *types.Func) []submit {
	defer lintkit.At(st.pass.Fset, d)
	sig := fn.Signature()
	params := funcParamVars(sig)
	if len(params) == 0 {
		return nil
	}
	q := &queuer{st: st, body: d.Body, sig: sig, ctxParams: lintkit.ContextParams(sig), params: params}
	var out []submit
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SendStmt:
			if obj := st.queueObj(n.Chan, isChan); obj != nil {
				out = append(out, q.holds(fn, obj, n.Value)...)
			}
		case *ast.AssignStmt:
			if len(n.Lhs) != 1 || len(n.Rhs) != 1 {
				return true
			}
			obj := st.queueObj(n.Lhs[0], isSlice)
			app, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
			if obj == nil || !ok || !st.isBuiltin(app.Fun, "append") || len(app.Args) < 2 || st.queueObj(app.Args[0], isSlice) != obj {
				return true
			}
			for _, v := range app.Args[1:] {
				out = append(out, q.holds(fn, obj, v)...)
			}
		}
		return true
	})
	return out
}

// A queuer finds the func parameters a queued value holds.
type queuer struct {
	st        *state
	body      *ast.BlockStmt
	sig       *types.Signature
	ctxParams []int
	params    map[*types.Var]int
}

// holds returns the submits of the func parameters that the value v put on
// queue obj holds: bare, converted, in a literal, or in a task struct.
func (q *queuer) holds(fn *types.Func, obj types.Object, v ast.Expr) []submit {
	mk := func(param int, field *types.Var, carries int, direct bool, ctxFields map[*types.Var]int) submit {
		return submit{fn: fn, param: param, queue: obj, field: field, carries: carries, ctxFields: ctxFields, direct: direct}
	}
	if p, carries, direct, ok := q.funcValue(v); ok {
		return []submit{mk(p, nil, carries, direct, nil)}
	}
	fields, ok := q.task(v)
	if !ok {
		return nil
	}
	ctxFields := map[*types.Var]int{}
	for f, val := range fields {
		if !lintkit.IsContextType(f.Type()) {
			continue
		}
		if i := q.st.paramOf(val, q.sig, q.ctxParams); i >= 0 {
			ctxFields[f] = i
		}
	}
	var out []submit
	for f, val := range fields {
		if p, carries, direct, ok := q.funcValue(val); ok {
			out = append(out, mk(p, f, carries, direct, ctxFields))
		}
	}
	// Deterministic order: by field position.
	slices.SortFunc(out, func(a, b submit) int { return int(a.field.Pos() - b.field.Pos()) })
	return out
}

// funcValue reports whether v is one of the func parameters: the parameter
// itself (direct), converted to a named func type, or a func literal that
// calls it; carries is the ctx parameter the literal passes to it, or -1.
func (q *queuer) funcValue(v ast.Expr) (param, carries int, direct, ok bool) {
	info := q.st.pass.TypesInfo
	switch v := ast.Unparen(v).(type) {
	case *ast.Ident:
		if p, ok := q.params[asVar(info.Uses[v])]; ok {
			return p, -1, true, true
		}
	case *ast.CallExpr: // a conversion: Task(f)
		if tv, ok := info.Types[v.Fun]; ok && tv.IsType() && len(v.Args) == 1 {
			return q.funcValue(v.Args[0])
		}
	case *ast.FuncLit:
		param, carries = -1, -1
		ast.Inspect(v.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if p, ok := q.params[asVar(info.Uses[identOf(call.Fun)])]; ok {
				if param < 0 {
					param = p
				}
				if p == param && carries < 0 {
					carries = q.st.carried(call, q.sig, q.ctxParams)
				}
			}
			return true
		})
		return param, carries, false, param >= 0
	}
	return -1, -1, false, false
}

// task returns the fields of a task struct value v and the expressions
// stored in them: a struct literal (or its address), or a local variable
// assigned one, or assigned field by field (t := new(task); t.fn = f).
func (q *queuer) task(v ast.Expr) (map[*types.Var]ast.Expr, bool) {
	info := q.st.pass.TypesInfo
	if u, ok := ast.Unparen(v).(*ast.UnaryExpr); ok && u.Op == token.AND {
		v = u.X
	}
	switch v := ast.Unparen(v).(type) {
	case *ast.CompositeLit:
		return q.literal(v)
	case *ast.Ident:
		local := asVar(info.Uses[v])
		if local == nil || local.Parent() == nil || local.Parent() == local.Pkg().Scope() || !isStructOrPtr(local.Type()) {
			return nil, false
		}
		fields := map[*types.Var]ast.Expr{}
		ast.Inspect(q.body, func(n ast.Node) bool {
			a, ok := n.(*ast.AssignStmt)
			if !ok || len(a.Lhs) != len(a.Rhs) {
				return true
			}
			for i, lhs := range a.Lhs {
				lhs = ast.Unparen(lhs)
				if id, ok := lhs.(*ast.Ident); ok && objOf(info, id) == local {
					rhs := a.Rhs[i]
					if u, ok := ast.Unparen(rhs).(*ast.UnaryExpr); ok && u.Op == token.AND {
						rhs = u.X
					}
					if lit, ok := ast.Unparen(rhs).(*ast.CompositeLit); ok {
						if fs, ok := q.literal(lit); ok {
							for f, e := range fs {
								fields[f] = e
							}
						}
					}
				}
				if sel, ok := lhs.(*ast.SelectorExpr); ok && asVar(info.Uses[identOf(sel.X)]) == local {
					if s := info.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
						fields[s.Obj().(*types.Var)] = a.Rhs[i]
					}
				}
			}
			return true
		})
		return fields, len(fields) > 0
	}
	return nil, false
}

// literal returns the fields a struct literal sets.
func (q *queuer) literal(lit *ast.CompositeLit) (map[*types.Var]ast.Expr, bool) {
	info := q.st.pass.TypesInfo
	t := info.TypeOf(lit)
	if t == nil {
		return nil, false
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil, false
	}
	fields := map[*types.Var]ast.Expr{}
	for i, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				if f := asVar(info.Uses[id]); f != nil && f.IsField() {
					fields[f] = kv.Value
				}
			}
			continue
		}
		if i < st.NumFields() {
			fields[st.Field(i)] = e
		}
	}
	return fields, true
}

// queueObj returns the object that names the queue e, a struct field or a
// package-level variable whose type satisfies kind, or nil.
func (st *state) queueObj(e ast.Expr, kind func(types.Type) bool) types.Object {
	info := st.pass.TypesInfo
	var v *types.Var
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if s := info.Selections[e]; s != nil {
			if s.Kind() == types.FieldVal {
				v = asVar(s.Obj())
			}
		} else {
			v = asVar(info.Uses[e.Sel]) // pkg.Var
		}
	case *ast.Ident:
		v = asVar(info.Uses[e])
	}
	if v == nil || !(v.IsField() || v.Pkg() != nil && v.Parent() == v.Pkg().Scope()) {
		return nil
	}
	if !kind(v.Type()) || !runnable(elem(v.Type())) {
		return nil
	}
	return v.Origin()
}

func isChan(t types.Type) bool {
	_, ok := t.Underlying().(*types.Chan)
	return ok
}

func isSlice(t types.Type) bool {
	_, ok := t.Underlying().(*types.Slice)
	return ok
}

// elem is the element type of a channel or slice type.
func elem(t types.Type) types.Type {
	switch t := t.Underlying().(type) {
	case *types.Chan:
		return t.Elem()
	case *types.Slice:
		return t.Elem()
	}
	return nil
}

// runnable reports whether a queue element of type t can be work: a func,
// or a task struct (or pointer to one) with a func field.
func runnable(t types.Type) bool {
	if t == nil {
		return false
	}
	if isFunc(t) {
		return true
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	s, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range s.NumFields() {
		if isFunc(s.Field(i).Type()) {
			return true
		}
	}
	return false
}

func isFunc(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

func isStructOrPtr(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

func asVar(obj types.Object) *types.Var {
	v, _ := obj.(*types.Var)
	return v
}

// objOf is the object an identifier defines or uses.
func objOf(info *types.Info, id *ast.Ident) types.Object {
	if obj := info.Defs[id]; obj != nil {
		return obj
	}
	return info.Uses[id]
}

func (st *state) isBuiltin(fun ast.Expr, name string) bool {
	b, ok := st.pass.TypesInfo.Uses[identOf(fun)].(*types.Builtin)
	return ok && b.Name() == name
}
