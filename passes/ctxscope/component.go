package ctxscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// LogCall reports whether argument index of call, a context argument, is
// the context of a log line: a printf-style logging call (logonly.go), a
// function or method of log/slog (slog.InfoContext, (*slog.Logger).Log,
// Enabled), or a function of this package that uses its context parameter
// only that way. Such a call does not wait on its context: a goroutine
// whose only use of a root context is a log line does not block on it
// (stopwork).
//
// Unlike a log-only root (logonly.go), a log call that reads the context's
// values counts: the question here is whether the call can block, not
// whether the line loses the caller's values.
func (r *Result) LogCall(call *ast.CallExpr, index int) bool {
	return r.logArg(call, index, 0, true)
}

// OwnerLogged reports whether d hands a root to a log call (LogCall) where
// the only context in scope s is its component's lifetime (Lifetime: a
// context field of the receiver, or a parameter its function keeps in one
// or only stops a background loop with; nebula's
// if f.l.Enabled(context.Background(), slog.LevelDebug) in a method of
// Interface, whose f.ctx is the node's lifetime). The call does not wait on cancellation, and the lifetime
// carries no session's values for the handler to read: passing it would
// change nothing. With a caller's context in scope the same call is a
// drop: the handler may read the session or the trace from it.
func (r *Result) OwnerLogged(d Drop, s Scope) bool {
	if d.Exempt != "" || d.Helper != nil || d.Arg == nil {
		return false
	}
	for i, a := range d.Call.Args {
		if a == d.Arg {
			return r.LogCall(d.Call, i) && r.Lifetime(s)
		}
	}
	return false
}

// Lifetime reports whether the context of scope s is its component's
// lifetime: a context field of the receiver (Scope.Field), or a context
// parameter its function takes as one (lifetimeParam). It carries no
// session's values (OwnerLogged). Asked only of a log call's scope, it
// walks the function's body then, not for every scope.
func (r *Result) Lifetime(s Scope) bool {
	if s.Field {
		return true
	}
	fi := r.fn(s.Func)
	return fi != nil && s.Var != nil && s.From == token.NoPos && slices.Contains(fi.ctxParams, s.Var) && r.lifetimeParam(fi, s.Var)
}

// lifetimeParam reports whether the function of fi takes its context
// parameter v as its component's lifetime: it stores v in a field of its
// receiver (p.ctx = ctx in Start(ctx)), or it is a background loop
// (workerBody) that uses v only to stop, v.Done() or v.Err(). A function
// that hands v on (to a call, a field of another value, a goroutine) may
// be given a session's context, and keeps the rule that a parameter is
// its caller's.
func (r *Result) lifetimeParam(fi *funcInfo, v *types.Var) bool {
	d, ok := fi.node.(*ast.FuncDecl)
	if !ok || d.Body == nil {
		return false
	}
	info := r.pass.TypesInfo
	stored, other := false, false
	var stack []ast.Node
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v && len(stack) > 0 {
			switch p := stack[len(stack)-1].(type) {
			case *ast.SelectorExpr:
				c, ok := stack[len(stack)-2].(*ast.CallExpr) // a selector is never the body's root
				if !ok || p.X != id || c.Fun != p || !r.isContextMethod(c, "Done") && !r.isContextMethod(c, "Err") {
					other = true
				}
			case *ast.AssignStmt:
				if fi.recv != nil && len(p.Lhs) == len(p.Rhs) && r.storedInRecv(p, id, fi.recv) {
					stored = true
				} else {
					other = true
				}
			default:
				other = true
			}
		}
		stack = append(stack, n)
		return true
	})
	if stored {
		return true
	}
	return !other && r.workerBody(d.Body)
}

// storedInRecv reports whether the assignment as stores id in a field of
// the receiver recv: recv.ctx = ctx.
func (r *Result) storedInRecv(as *ast.AssignStmt, id *ast.Ident, recv *types.Var) bool {
	for i, rhs := range as.Rhs {
		if rhs != ast.Expr(id) {
			continue
		}
		return r.recvField(as.Lhs[i], recv)
	}
	return false
}
