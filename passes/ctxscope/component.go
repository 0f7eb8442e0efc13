package ctxscope

import (
	"go/ast"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// LogCall reports whether argument index of call, a context argument, is
// the context of a log line: a printf-style logging call (logonly.go), a
// function or method of log/slog (slog.InfoContext, (*slog.Logger).Log),
// or a function of this package that uses its context parameter only that
// way. Such a call does not wait on its context: a goroutine whose only
// use of a root context is a log line does not block on it (stopwork).
//
// Unlike a log-only root (logonly.go), a log call that reads the context's
// values counts: the question here is whether the call can block, not
// whether the line loses the caller's values.
func (r *Result) LogCall(call *ast.CallExpr, index int) bool {
	if r.logArg(call, index, 0) {
		return true
	}
	info := r.pass.TypesInfo
	fn := lintkit.Callee(info, call)
	if fn == nil {
		fn = lintkit.InterfaceCallee(info, call)
	}
	if fn == nil || index >= fn.Signature().Params().Len() {
		return false
	}
	return fn.Pkg() != nil && fn.Pkg().Path() == "log/slog" || printfLike(fn, index)
}
