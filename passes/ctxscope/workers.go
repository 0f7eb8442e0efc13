package ctxscope

import (
	"go/ast"
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

// Worker reports whether fn, a function of this package with a body, is a
// background loop (workerBody).
func (r *Result) Worker(fn *types.Func) bool {
	d := r.DeclOf(fn)
	return d != nil && r.workerBody(d.Body)
}

// workerBody reports whether a function body is a background loop: one of
// its statements is a loop without a condition (for { ... }, which ends
// when its component says so), a range over a channel (a queue, a
// ticker's C) until it is closed, or a loop whose body waits on channels
// (for !closed { select { ... } }).
func (r *Result) workerBody(body *ast.BlockStmt) bool {
	if body == nil {
		return false
	}
	for _, st := range body.List {
		if l, ok := st.(*ast.LabeledStmt); ok {
			st = l.Stmt
		}
		switch st := st.(type) {
		case *ast.ForStmt:
			if st.Cond == nil || receives(st.Body) {
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

// receives reports whether a loop body waits on a channel: a select
// statement or a receive, outside function literals.
func receives(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SelectStmt:
			found = true
		case *ast.UnaryExpr:
			found = found || n.Op == token.ARROW
		}
		return !found
	})
	return found
}

// oneShotCall reports whether call, the call of a go statement, starts
// one-shot work: a function of this package that is no background loop,
// or a func value (a hook). A function of another package is not known to
// be one.
func (r *Result) oneShotCall(call *ast.CallExpr) bool {
	if fn := lintkit.Callee(r.pass.TypesInfo, call); fn != nil {
		d := r.DeclOf(fn)
		return d != nil && !r.workerBody(d.Body)
	}
	if _, lit := ast.Unparen(call.Fun).(*ast.FuncLit); lit {
		return false // entered as a literal of its own
	}
	return lintkit.InterfaceCallee(r.pass.TypesInfo, call) == nil
}
