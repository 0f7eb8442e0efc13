package stopwork

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// stopNames are the names of the methods that end a component's work, in
// the order a message prefers them: the conventions of the standard
// library and the field (io.Closer's Close; http.Server's Shutdown and
// Close; time.Timer's, grpc.Server's and most services' Stop; Down, the
// other half of Up in lifecycle managers). Go has no other contract for
// "this value has a lifetime that its user ends": a type with none of
// these methods is not known to be ended at all, and work it starts on a
// root context is ctxdrop's and spawnctx's question, not this check's.
var stopNames = [...]string{"Stop", "Shutdown", "Close", "Down"}

// A component is a named struct type with a stop method.
type component struct {
	named *types.Named
	stops []stopMethod
	// lifetime: the type has a context field (its own, or an embedded
	// struct's), or a cancel func that its stop method calls.
	lifetime bool
	// signals are the fields through which the stop method reaches work:
	// channels it closes, sends on or receives from, resources whose own
	// stop method it calls, flags it writes, groups it waits for, an
	// embedded value whose stop method is promoted.
	signals map[*types.Var]bool
}

// A stopMethod is one stop method of a component: declared on it, or
// promoted from the embedded field via.
type stopMethod struct {
	fn  *types.Func
	via *types.Var
}

func (c *component) isStop(fn *types.Func) bool {
	for _, s := range c.stops {
		if s.fn == fn.Origin() {
			return true
		}
	}
	return false
}

// reached returns a field of used that the stop method signals, or nil.
func (c *component) reached(used *mentions) *types.Var {
	for f := range used.fields {
		if c.signals[f] {
			return f
		}
	}
	return nil
}

// component returns the component of named, or nil when it is no struct
// or has no stop method.
func (c *checker) component(named *types.Named) *component {
	if comp, ok := c.comps[named]; ok {
		return comp
	}
	var comp *component
	defer func() { c.comps[named] = comp }()
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	comp = &component{named: named, signals: map[*types.Var]bool{}}
	ptr := types.NewPointer(named)
	for _, name := range stopNames {
		obj, index, _ := types.LookupFieldOrMethod(ptr, false, named.Obj().Pkg(), name)
		fn, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		s := stopMethod{fn: fn.Origin()}
		if len(index) > 1 {
			s.via = pathFields(named, index[:1])[0]
			comp.signals[s.via] = true // it releases the embedded value
		}
		comp.stops = append(comp.stops, s)
	}
	if len(comp.stops) == 0 {
		comp = nil
		return nil
	}
	// A declared stop method first: it is the one a message names.
	for i, s := range comp.stops {
		if s.via == nil {
			comp.stops[0], comp.stops[i] = comp.stops[i], comp.stops[0]
			break
		}
	}
	if hasContextField(st, map[*types.Struct]bool{}) {
		comp.lifetime = true
		return comp
	}
	seen := map[*types.Func]bool{}
	for _, s := range comp.stops {
		c.stopActs(comp, s.fn, seen, 0) // a promoted one too, when this package declares it
	}
	return comp
}

// hasContextField reports whether st, or a struct embedded in it, has a
// field whose type is a context.
func hasContextField(st *types.Struct, seen map[*types.Struct]bool) bool {
	if seen[st] {
		return false
	}
	seen[st] = true
	for i := range st.NumFields() {
		f := st.Field(i)
		if lintkit.ImplementsContext(f.Type()) {
			return true
		}
		if f.Embedded() {
			if inner, ok := lintkit.Deref(f.Type()).Underlying().(*types.Struct); ok && hasContextField(inner, seen) {
				return true
			}
		}
	}
	return false
}

// maxStopDepth bounds the functions of the package a stop method is
// followed through (Close calling s.shutdown calling s.pool.stopAll).
const maxStopDepth = 4

// stopActs records what the stop method fn does to the component's
// fields (and to the fields of its parts), following the functions and
// methods of this package that it calls.
//
// In the component's own methods every act counts. In other code (a
// part's method, a function) only what ends work counts: a close, a field's
// stop method, a cancel func; a shared helper that both the stop and the
// work call (a logger, a metrics counter) writes fields, sends and waits
// for reasons of its own.
func (c *checker) stopActs(comp *component, fn *types.Func, seen map[*types.Func]bool, depth int) {
	fn = fn.Origin()
	if seen[fn] || depth > maxStopDepth {
		return
	}
	seen[fn] = true
	decl := c.scope.DeclOf(fn)
	if decl == nil {
		return
	}
	own := false
	if recv := fn.Signature().Recv(); recv != nil {
		rn := lintkit.NamedOf(recv.Type())
		own = rn != nil && rn.Origin() == comp.named
	}
	info := c.pass.TypesInfo
	aliases := c.localAliases(decl)
	signal := func(e ast.Expr) {
		if fs := c.rooted(e, aliases); len(fs) > 0 {
			comp.signals[fs[len(fs)-1]] = true
		}
	}
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if lintkit.IsBuiltin(info, n, "close") && len(n.Args) == 1 {
				signal(n.Args[0])
				return true
			}
			callee := lintkit.Callee(info, n)
			if callee == nil {
				callee = lintkit.InterfaceCallee(info, n) // conn.Close() on a net.Conn
			}
			if callee == nil {
				// A func value: a cancel func (the component's lifetime, or
				// a part's) or a hook kept in a field.
				switch {
				case !c.isCancel(n.Fun, aliases):
					if own {
						signal(n.Fun)
					}
				case own:
					comp.lifetime = true
				default:
					signal(n.Fun)
				}
				return true
			}
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && signalling(callee, own) {
				signal(sel.X)
			}
			if c.scope.DeclOf(callee) != nil {
				// A method of the component or of one of its parts, or a
				// function, of this package: s.shutdown(), s.pool.stopAll(),
				// stopWorkers(s.workers).
				c.stopActs(comp, callee, seen, depth+1)
			}
		case *ast.SendStmt:
			if own {
				signal(n.Chan)
			}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW && own {
				signal(n.X) // it waits for the work to say it is done
			}
		case *ast.RangeStmt:
			if t := info.TypeOf(n.X); t != nil && own {
				if _, ok := t.Underlying().(*types.Chan); ok {
					signal(n.X)
				}
			}
		case *ast.AssignStmt:
			// A flag or a state (s.closed = true, s.state = stopped): a
			// field of a basic type. Clearing a reference (s.events = nil,
			// s.conns = nil) is tidying up, not telling the work to stop.
			for _, l := range n.Lhs {
				if _, ok := ast.Unparen(l).(*ast.Ident); ok || !own {
					continue
				}
				if t := info.TypeOf(l); t != nil {
					if _, basic := t.Underlying().(*types.Basic); basic {
						signal(l)
					}
				}
			}
		}
		return true
	})
}

// signalling reports whether calling method fn on a field reaches the work
// that uses the field: the field's own stop method (a resource released, a
// sub-component stopped); and, in the component's own methods (own),
// waiting for a sync.WaitGroup or an errgroup, a sync.Cond broadcast, or
// setting a sync/atomic value (Store, Swap, CompareAndSwap: a flag; not
// Add, a counter).
func signalling(fn *types.Func, own bool) bool {
	recv := fn.Signature().Recv()
	if recv == nil {
		return false
	}
	for _, name := range stopNames {
		if fn.Name() == name {
			return true
		}
	}
	n := lintkit.NamedOf(recv.Type())
	if !own || n == nil || n.Obj().Pkg() == nil {
		return false
	}
	switch n.Obj().Pkg().Path() {
	case "sync/atomic":
		switch fn.Name() {
		case "Store", "Swap", "CompareAndSwap":
			return true
		}
	case "sync":
		return lintkit.IsMethod(fn, "sync", "WaitGroup", "Wait") || lintkit.IsMethod(fn, "sync", "Cond", "Broadcast") || lintkit.IsMethod(fn, "sync", "Cond", "Signal")
	case "golang.org/x/sync/errgroup":
		return lintkit.IsMethod(fn, "golang.org/x/sync/errgroup", "Group", "Wait")
	}
	return false
}

// isCancel reports whether the func value e is a cancel func: its type is
// context.CancelFunc or CancelCauseFunc, or it is a field the package
// assigns one to (a func() field given a cancel, or a literal that calls
// one).
func (c *checker) isCancel(e ast.Expr, aliases map[*types.Var][]ast.Expr) bool {
	if isCancelType(c.pass.TypesInfo.TypeOf(e)) {
		return true
	}
	fs := c.rooted(e, aliases)
	if len(fs) == 0 {
		return false
	}
	if c.cancels == nil {
		c.cancels = c.cancelFields()
	}
	return c.cancels[fs[len(fs)-1]]
}

// isCancelType reports whether t is context.CancelFunc or
// context.CancelCauseFunc.
func isCancelType(t types.Type) bool {
	if t == nil {
		return false
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "context" {
		return false
	}
	return n.Obj().Name() == "CancelFunc" || n.Obj().Name() == "CancelCauseFunc"
}

// cancelFields returns the func fields that the package assigns a cancel
// func to, or a literal that calls one: s.stop = cancel, &S{stop: func()
// { cancel(); wg.Wait() }}.
func (c *checker) cancelFields() map[*types.Var]bool {
	info := c.pass.TypesInfo
	out := map[*types.Var]bool{}
	cancelling := func(v ast.Expr) bool {
		if isCancelType(info.TypeOf(v)) {
			return true
		}
		lit, ok := ast.Unparen(v).(*ast.FuncLit)
		return ok && lintkit.Any(lit.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			return ok && isCancelType(info.TypeOf(call.Fun))
		})
	}
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					return true
				}
				for i, l := range n.Lhs {
					if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && cancelling(n.Rhs[i]) {
						if fv, ok := info.Uses[sel.Sel].(*types.Var); ok && fv.IsField() {
							out[fv.Origin()] = true
						}
					}
				}
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok && cancelling(n.Value) {
					if fv, ok := info.Uses[id].(*types.Var); ok && fv.IsField() {
						out[fv.Origin()] = true
					}
				}
			}
			return true
		})
	}
	return out
}

// localAliases returns, for each local variable of decl, the expressions
// assigned to it (x := s.quit; for _, c := range s.cancels): a field the
// code reaches through a local.
func (c *checker) localAliases(decl *ast.FuncDecl) map[*types.Var][]ast.Expr {
	if m, ok := c.locals[decl]; ok {
		return m
	}
	info := c.pass.TypesInfo
	m := map[*types.Var][]ast.Expr{}
	def := func(l ast.Expr, v ast.Expr) {
		if id, ok := ast.Unparen(l).(*ast.Ident); ok {
			if lv, ok := info.ObjectOf(id).(*types.Var); ok && !lv.IsField() {
				m[lv] = append(m[lv], v)
			}
		}
	}
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					def(l, n.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == len(n.Values) {
				for i, id := range n.Names {
					def(id, n.Values[i])
				}
			}
		case *ast.RangeStmt:
			if n.Key != nil {
				def(n.Key, n.X)
			}
			if n.Value != nil {
				def(n.Value, n.X)
			}
		}
		return true
	})
	c.locals[decl] = m
	return m
}

// rooted returns the fields that e reaches, outermost first: s.quit,
// s.workers[i].stop, *s.done, a local assigned one of those. The last is
// the field itself.
func (c *checker) rooted(e ast.Expr, aliases map[*types.Var][]ast.Expr) []*types.Var {
	return c.rootedDepth(e, aliases, 0)
}

func (c *checker) rootedDepth(e ast.Expr, aliases map[*types.Var][]ast.Expr, depth int) []*types.Var {
	info := c.pass.TypesInfo
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			sel := info.Selections[x]
			if sel == nil || sel.Kind() != types.FieldVal {
				return nil
			}
			fs := pathFields(sel.Recv(), sel.Index())
			if len(fs) == 0 {
				return nil
			}
			return append(c.rootedDepth(x.X, aliases, depth), fs[len(fs)-1])
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.UnaryExpr:
			if x.Op != token.AND {
				return nil
			}
			e = x.X
		case *ast.Ident:
			v, ok := info.Uses[x].(*types.Var)
			if !ok || depth > 2 {
				return nil
			}
			for _, a := range aliases[v] {
				if fs := c.rootedDepth(a, aliases, depth+1); len(fs) > 0 {
					return fs
				}
			}
			return nil
		default:
			return nil
		}
	}
}

// pathFields returns the fields along a selection's index path from t
// (embedded fields first), each its generic origin.
func pathFields(t types.Type, index []int) []*types.Var {
	var out []*types.Var
	for _, i := range index {
		st, ok := lintkit.Deref(t).Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			break
		}
		f := st.Field(i)
		out = append(out, f.Origin())
		t = f.Type()
	}
	return out
}
