package ctxscope

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// A root that only reaches a log line.
//
// go-redis's Options.init, reached from redis.NewClient, logs a warning
// with internal.Logger.Printf(context.Background(), ...): the constructor
// has no work of its callers to bind, and telling a caller in another
// package to give NewClient a ctx parameter is wrong advice. A root whose
// every use is the context argument of a printf-style logging call (a
// method or function whose name ends in f, with a context parameter
// followed by a format string and variadic arguments: Logger.Printf,
// Logf, Errorf), directly or through a function of this package that uses
// its context parameter only that way, is log-only. The MakesRoot fact of
// a function whose roots are all log-only says so (LogOnly): its own
// package still hears of it, once, at the root; callers in other packages
// are not told to change its API for a log line. A printf-style call known
// to read the context's values (a ReadsValues fact: it stamps the line
// with a trace or request id) is no log-only use, and neither is a
// structured logger (slog.InfoContext, whose handler may read the session
// from the context): their roots count as any. An interface method has no
// fact: it counts as a plain log line.
//
// printf-style is decided by the signature (a context, a format string and
// variadic ...any, a name ending in f), not by a type: a logger is an
// interface as often as a type, and the call's shape is all its callers
// see. A look-alike (a Queryf(ctx, format, args...) that is no logger) is
// taken for a log line: that only keeps its callers in other packages from
// being told to give it a ctx parameter, never reports anything.

// logOnly reports whether the root made by origin, in the function decl,
// only reaches printf-style logging calls; with anyLog, any log call
// (LogCall: slog's too, and printf-style calls that read values).
func (r *Result) logOnly(decl *ast.FuncDecl, origin *ast.CallExpr, anyLog bool) bool {
	info := r.pass.TypesInfo
	parent, index := r.argOf(decl.Body, origin)
	if parent != nil {
		return r.logArg(parent, index, 0, anyLog)
	}
	// ctx := context.Background(): every use of ctx is a log argument.
	var v *types.Var
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
			for i, rhs := range as.Rhs {
				if ast.Unparen(rhs) == origin {
					if id, ok := as.Lhs[i].(*ast.Ident); ok {
						v, _ = info.ObjectOf(id).(*types.Var)
					}
				}
			}
		}
		return v == nil
	})
	return v != nil && r.usesLogOnly(decl.Body, v, 0, anyLog)
}

// argOf returns the call in body that takes e as its argument, and the
// argument's index, or nil.
func (r *Result) argOf(body *ast.BlockStmt, e ast.Expr) (*ast.CallExpr, int) {
	var call *ast.CallExpr
	index := -1
	ast.Inspect(body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && call == nil {
			for i, a := range c.Args {
				if ast.Unparen(a) == e {
					call, index = c, i
				}
			}
		}
		return call == nil
	})
	return call, index
}

// usesLogOnly reports whether every use of v in body is a log argument.
func (r *Result) usesLogOnly(body *ast.BlockStmt, v *types.Var, depth int, anyLog bool) bool {
	info := r.pass.TypesInfo
	ok, used := true, false
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if id, isID := n.(*ast.Ident); isID && info.Uses[id] == v {
			used = true
			call, _ := stack[len(stack)-1].(*ast.CallExpr)
			index := -1
			if call != nil {
				for i, a := range call.Args {
					if a == ast.Expr(id) {
						index = i
					}
				}
			}
			if index < 0 || !r.logArg(call, index, depth, anyLog) {
				ok = false
			}
		}
		stack = append(stack, n)
		return ok
	})
	return ok && used
}

// maxLogDepth bounds the functions of this package a log-only context is
// followed through.
const maxLogDepth = 3

// logArg reports whether argument index of call is only logged: the
// context of a printf-style call, or a context parameter that a function
// of this package uses only that way. With anyLog, a log call of any kind
// counts (LogCall): a printf-style call that reads the context's values,
// and a function or method of log/slog.
func (r *Result) logArg(call *ast.CallExpr, index, depth int, anyLog bool) bool {
	info := r.pass.TypesInfo
	fn := lintkit.Callee(info, call)
	if fn == nil {
		fn = lintkit.InterfaceCallee(info, call)
	}
	if fn == nil {
		return false
	}
	sig := fn.Signature()
	if index >= sig.Params().Len() || !r.ctx.is(sig.Params().At(index).Type()) {
		return false
	}
	if printfLike(fn, index) {
		if anyLog {
			return true
		}
		// A log call that reads the context's values (a trace or request
		// id for the line: a ReadsValues fact) loses them to a root.
		f, reads := r.reads[fn.Origin()]
		return !reads || !f.Reads(index)
	}
	if anyLog && fn.Pkg() != nil && fn.Pkg().Path() == "log/slog" {
		return true
	}
	if depth >= maxLogDepth || fn.Pkg() != r.pass.Pkg {
		return false
	}
	d := r.DeclOf(fn)
	if d == nil {
		return false
	}
	p := sig.Params().At(index)
	if p.Name() == "" || p.Name() == "_" {
		return false
	}
	return r.usesLogOnly(d.Body, p, depth+1, anyLog)
}

// printfLike reports whether fn is a printf-style logging call whose
// context is parameter index: its name ends in f (Printf, Logf, Errorf),
// and the context is followed by a format string and variadic arguments.
func printfLike(fn *types.Func, index int) bool {
	sig := fn.Signature()
	params := sig.Params()
	if !strings.HasSuffix(fn.Name(), "f") || !sig.Variadic() || params.Len() != index+3 {
		return false
	}
	if b, ok := params.At(index + 1).Type().Underlying().(*types.Basic); !ok || b.Kind() != types.String {
		return false
	}
	s, ok := params.At(index + 2).Type().(*types.Slice)
	if !ok {
		return false
	}
	iface, ok := s.Elem().Underlying().(*types.Interface)
	return ok && iface.Empty()
}

// DeclOf returns the declaration of fn, a function of this package with a
// body, or nil.
func (r *Result) DeclOf(fn *types.Func) *ast.FuncDecl { return r.decls[fn.Origin()] }
