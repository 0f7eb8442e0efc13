package ctxscope

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// Background loops and one-shot goroutines.
//
// A goroutine that a ctx-less function starts is one of two things. A
// background loop (a pool's reaper, a subscription's listener, a server's
// accept loop) runs until its component says so: the context of the call
// that happened to start it would cancel it, or tie one request's values
// to the component's lifetime, so its roots are not its starter's. One-shot
// work (a hook run once, a notification sent, a cleanup) is the function's
// own work done on another goroutine: its roots are blamed on the
// function's callers like any other.

// Worker reports whether fn is a background loop (workerBody): a function
// of this package with a body, or of another one whose MakesRoot fact says
// so.
func (r *Result) Worker(fn *types.Func) bool {
	if d := r.DeclOf(fn); d != nil {
		return r.workerBody(d.Body)
	}
	// Of another package: its MakesRoot fact says so (the loops that make
	// no root are no concern of a check).
	f, ok := r.makes[fn.Origin()]
	return ok && f.Loop
}

// workerBody reports whether a function body is a background loop: one of
// its statements is a loop without a condition (for { ... }, which ends
// when its component says so), a range over a channel (a queue, a
// ticker's C) until it is closed, a loop whose body waits on channels
// (for !closed { select { ... } }), or a loop on its component's state
// (stateCond: for atomic.LoadUint32(&c.state) != closed); or runs one: a
// call of a function of this package whose body is one (cm.mainLoop()),
// of a repeater that runs a func it is handed over and over (repeatsArg:
// wait.Until(c.worker, time.Second, stop)), or pprof.Do with a literal
// whose body is one (pprof.Do(ctx, labels, func(context.Context) {
// cm.mainLoop() }): the labels name the loop for the profiler).
func (r *Result) workerBody(body *ast.BlockStmt) bool {
	return r.workerBodyDepth(body, 0)
}

// maxWorkerDepth bounds the calls workerBody follows to find the loop a
// body runs: a goroutine's literal that runs pprof.Do, whose callback
// runs the loop method, is two.
const maxWorkerDepth = 3

func (r *Result) workerBodyDepth(body *ast.BlockStmt, depth int) bool {
	if body == nil {
		return false
	}
	for _, st := range body.List {
		if l, ok := st.(*ast.LabeledStmt); ok {
			st = l.Stmt
		}
		switch st := st.(type) {
		case *ast.ExprStmt:
			call, ok := ast.Unparen(st.X).(*ast.CallExpr)
			if !ok || depth >= maxWorkerDepth {
				continue
			}
			fn := lintkit.Callee(r.pass.TypesInfo, call)
			if lintkit.IsFunc(fn, "runtime/pprof", "Do") && len(call.Args) == 3 {
				if lit, ok := ast.Unparen(call.Args[2]).(*ast.FuncLit); ok && r.workerBodyDepth(lit.Body, depth+1) {
					return true
				}
				continue
			}
			if fn != nil && r.repeatsArg(call, fn) {
				return true
			}
			if fn != nil {
				if d := r.DeclOf(fn); d != nil && r.workerBodyDepth(d.Body, depth+1) {
					return true
				}
			}
		case *ast.ForStmt:
			if st.Cond == nil || lintkit.WaitsOnChannel(st.Body) || st.Init == nil && st.Post == nil && r.stateCond(st.Cond, body) {
				return true
			}
		case *ast.RangeStmt:
			if t := r.pass.TypesInfo.TypeOf(st.X); t != nil {
				if _, ok := t.Underlying().(*types.Chan); ok {
					return true
				}
			}
		}
	}
	return false
}

// repeatsArg reports whether call, of fn, runs one of its func arguments
// over and over until its component says so: fn is a repeater
// (spawners.Repeater) that ignores that argument's results
// (wait.Until(c.worker, time.Second, stop)), or the argument is a literal
// that waits on channels itself.
func (r *Result) repeatsArg(call *ast.CallExpr, fn *types.Func) bool {
	if r.sp == nil {
		return false
	}
	for i := range call.Args {
		if r.sp.RunsOver(call, fn, i) {
			return true
		}
	}
	return false
}

// stateCond reports whether a loop condition tests its component's state
// and nothing of the function's own: it reads a field (for
// atomic.LoadUint32(&conn.state) != connClosed, for !s.closed), and no
// variable declared in body (a counter, a local flag the loop sets).
// Such a loop runs until its component says so (a connection's reader
// until the connection closes).
func (r *Result) stateCond(cond ast.Expr, body *ast.BlockStmt) bool {
	info := r.pass.TypesInfo
	field, local := false, false
	ast.Inspect(cond, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			local = true
			return false
		case *ast.SelectorExpr:
			if sel := info.Selections[n]; sel != nil && sel.Kind() == types.FieldVal {
				field = true
			}
		case *ast.Ident:
			if v, ok := info.Uses[n].(*types.Var); ok && !v.IsField() && body.Pos() <= v.Pos() && v.Pos() < body.End() {
				local = true
			}
		}
		return !local
	})
	return field && !local
}

// oneShotCall reports whether call, the call of a go statement in
// starter, starts one-shot work: a function of this package that is no
// background loop and no single-flight job (singleFlight), or a func value
// (a hook). A function of another package is not known to be one.
func (r *Result) oneShotCall(call *ast.CallExpr, starter *ast.FuncDecl) bool {
	if fn := lintkit.Callee(r.pass.TypesInfo, call); fn != nil {
		d := r.DeclOf(fn)
		return d != nil && !r.workerBody(d.Body) && !r.singleFlight(d.Body, starter)
	}
	if _, lit := ast.Unparen(call.Fun).(*ast.FuncLit); lit {
		return false // entered as a literal of its own
	}
	return lintkit.InterfaceCallee(r.pass.TypesInfo, call) == nil
}

// singleFlight reports whether a job started on a goroutine by starter is
// a single-flight background job: at most one runs at a time, and it
// serves every caller that asked for one meanwhile (a database's flush,
// a validator draining a queue, a debounced broadcast), so the caller
// that happened to start it owns none of its roots. The job (a function,
// or a literal of the starter) says so by clearing a flag that outlives
// the call (a field or a package-level variable: s.flushing = false,
// s.running.Store(false), pending.Store(false)), and the starter tests or
// sets that flag outside the job before starting it (if s.flushing {
// return }; s.flushing = true; go s.flush()), itself or through a
// function it calls in a condition (if s.shouldValidate() { go ... }). A
// hook run once (if s.onDone != nil { go s.onDone() }) clears no flag:
// it stays the starter's work; so does a job whose flag is a local of
// the call, which coalesces nothing.
func (r *Result) singleFlight(job *ast.BlockStmt, starter *ast.FuncDecl) bool {
	if job == nil || starter == nil || starter.Body == nil {
		return false
	}
	info := r.pass.TypesInfo
	flags := map[*types.Var]bool{}
	ast.Inspect(job, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN || len(n.Lhs) != len(n.Rhs) {
				break
			}
			for i, lhs := range n.Lhs {
				if f := boolFlag(info, lhs); f != nil && isFalse(info, n.Rhs[i]) {
					flags[f] = true
				}
			}
		case *ast.CallExpr:
			sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if !ok || len(n.Args) != 1 || !isFalse(info, n.Args[0]) || !lintkit.IsMethod(lintkit.Callee(info, n), "sync/atomic", "Bool", "Store") {
				break
			}
			if f := flagOf(info, sel.X); f != nil {
				flags[f] = true
			}
		}
		return true
	})
	if len(flags) == 0 {
		return false
	}
	// mentions reports whether body mentions a flag outside the job (a
	// job that is a literal of the starter is in its body).
	mentions := func(body ast.Node) bool {
		found := false
		ast.Inspect(body, func(n ast.Node) bool {
			if found || n == job {
				return false
			}
			if id, ok := n.(*ast.Ident); ok {
				v, _ := info.Uses[id].(*types.Var)
				found = v != nil && flags[v]
			}
			return !found
		})
		return found
	}
	if mentions(starter.Body) {
		return true
	}
	// A flag tested by a function the starter calls in a condition.
	return lintkit.Any(starter.Body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok {
			return false
		}
		return lintkit.Any(ifs.Cond, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return false
			}
			fn := lintkit.Callee(info, call)
			if fn == nil {
				return false
			}
			d := r.DeclOf(fn)
			return d != nil && d.Body != nil && mentions(d.Body)
		})
	})
}

// boolFlag returns the flag e denotes when it is a bool, or nil.
func boolFlag(info *types.Info, e ast.Expr) *types.Var {
	f := flagOf(info, e)
	if f == nil {
		return nil
	}
	if b, ok := f.Type().Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
		return f
	}
	return nil
}

// flagOf returns the variable e denotes when it outlives one call of the
// starter, so that it can tell a later call that a job is pending: a
// field (x.f) or a package-level variable; nil for a local.
func flagOf(info *types.Info, e ast.Expr) *types.Var {
	var v *types.Var
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr: // x.f, or pkg.V
		v, _ = info.Uses[e.Sel].(*types.Var)
	case *ast.Ident:
		v, _ = info.Uses[e].(*types.Var)
	}
	if v != nil && (v.IsField() || isPkgVar(v)) {
		return v
	}
	return nil
}

// isFalse reports whether e is the constant false.
func isFalse(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && !constant.BoolVal(tv.Value)
}
