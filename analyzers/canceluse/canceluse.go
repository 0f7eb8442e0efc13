package canceluse

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/directives"
)

//go:embed doc.go
var doc string

// Analyzer reports contexts used for work after their cancellation fired.
var Analyzer = &analysis.Analyzer{
	Name:     "canceluse",
	Doc:      lintkit.MustExtractDoc(doc, "canceluse"),
	URL:      "https://github.com/ctxbound/ctxbound/blob/main/docs/checks.md#canceluse",
	Requires: []*analysis.Analyzer{directives.Analyzer},
	Run:      lintkit.Safe(run),
}

// errgroupPath is the package of errgroup.WithContext, whose context the
// group cancels when a task fails.
const errgroupPath = "golang.org/x/sync/errgroup"

type checker struct {
	pass *analysis.Pass
	r    *lintkit.Reporter
	// pairs maps a cancel field to the context field that the same
	// context.WithCancel (or WithTimeout, ...) call filled: s.cancel
	// cancels s.ctx. cancels are, per cancel field, its calls in the
	// package's non-test code (the first is shown as where it fires).
	pairs   map[*types.Var]*types.Var
	cancels map[*types.Var][]*ast.CallExpr
	// varPairs maps a cancel variable to the context variable the same
	// call filled (ctx, cancel := context.WithCancel(parent)), and
	// varParent a context variable to the one it derives from: closures
	// see them too.
	varPairs  map[*types.Var]*types.Var
	varParent map[*types.Var]*types.Var
	// valueOnly: functions of this package that use their context
	// parameters only for their values (lazy, memoised).
	valueOnly map[*types.Func]bool
}

func run(pass *analysis.Pass) (any, error) {
	c := &checker{
		pass:      pass,
		r:         lintkit.NewReporter(pass, pass.ResultOf[directives.Analyzer].(*directives.Result)),
		pairs:     map[*types.Var]*types.Var{},
		cancels:   map[*types.Var][]*ast.CallExpr{},
		valueOnly: map[*types.Func]bool{},
		varPairs:  map[*types.Var]*types.Var{},
		varParent: map[*types.Var]*types.Var{},
	}
	if !lintkit.ImportsAny(pass.Pkg, "context", errgroupPath) {
		c.r.Finish()
		return nil, nil // no context to derive and cancel
	}
	var bodies []*ast.BlockStmt
	for _, f := range pass.Files {
		if c.r.Generated(f.Pos()) || strings.HasSuffix(pass.Fset.File(f.FileStart).Name(), "_test.go") {
			continue // a test cancels and then checks what the code does with it, on purpose
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body != nil {
					bodies = append(bodies, n.Body)
				}
			case *ast.FuncLit:
				bodies = append(bodies, n.Body)
			case *ast.AssignStmt:
				c.fieldPair(n)
				c.varPair(n)
			}
			return true
		})
	}
	for _, f := range pass.Files {
		if c.r.Generated(f.Pos()) || strings.HasSuffix(pass.Fset.File(f.FileStart).Name(), "_test.go") {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
					if v := c.field(sel); v != nil && c.pairs[v] != nil {
						c.cancels[v] = append(c.cancels[v], call)
					}
				}
			}
			return true
		})
	}
	for _, b := range bodies {
		c.function(b)
	}
	c.r.Finish()
	return nil, nil
}

// withCancel reports whether call is one of the functions of package
// context that return a derived context and its cancel func.
func withCancel(info *types.Info, call *ast.CallExpr) bool {
	fn := lintkit.Callee(info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "context" || fn.Signature().Recv() != nil {
		return false
	}
	switch fn.Name() {
	case "WithCancel", "WithTimeout", "WithDeadline", "WithCancelCause", "WithTimeoutCause", "WithDeadlineCause":
		return true
	}
	return false
}

// derives returns the context that call derives its result from, when it
// is a function of package context that keeps the cancellation
// (WithCancel, WithTimeout, WithValue, ...; not WithoutCancel) or
// errgroup.WithContext, and whether the result is the call's second
// (errgroup) or first.
func derives(info *types.Info, call *ast.CallExpr) (parent ast.Expr, second bool, ok bool) {
	fn := lintkit.Callee(info, call)
	if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() != nil || len(call.Args) == 0 {
		return nil, false, false
	}
	switch fn.Pkg().Path() {
	case "context":
		switch fn.Name() {
		case "WithCancel", "WithTimeout", "WithDeadline", "WithCancelCause", "WithTimeoutCause", "WithDeadlineCause", "WithValue":
			return call.Args[0], false, true
		}
	case errgroupPath:
		if fn.Name() == "WithContext" {
			return call.Args[0], true, true
		}
	}
	return nil, false, false
}

// field returns the field that sel selects, or nil.
func (c *checker) field(sel *ast.SelectorExpr) *types.Var {
	s := c.pass.TypesInfo.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal {
		return nil
	}
	v, _ := s.Obj().(*types.Var)
	if v == nil {
		return nil
	}
	return v.Origin()
}

// fieldPair records s.ctx, s.cancel = context.WithCancel(...): the cancel
// field cancels the context field.
func (c *checker) fieldPair(as *ast.AssignStmt) {
	if len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || !withCancel(c.pass.TypesInfo, call) {
		return
	}
	cs, ok1 := ast.Unparen(as.Lhs[0]).(*ast.SelectorExpr)
	ks, ok2 := ast.Unparen(as.Lhs[1]).(*ast.SelectorExpr)
	if !ok1 || !ok2 {
		return
	}
	if ctx, cancel := c.field(cs), c.field(ks); ctx != nil && cancel != nil {
		c.pairs[cancel] = ctx
	}
}

// varPair records ctx, cancel := context.WithCancel(parent) and the
// derivations of one context variable from another.
func (c *checker) varPair(as *ast.AssignStmt) {
	info := c.pass.TypesInfo
	if len(as.Rhs) != 1 {
		return
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return
	}
	v := func(e ast.Expr) *types.Var {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			v, _ := info.ObjectOf(id).(*types.Var)
			if v != nil && !v.IsField() {
				return v
			}
		}
		return nil
	}
	if withCancel(info, call) && len(as.Lhs) == 2 {
		if ctx, cancel := v(as.Lhs[0]), v(as.Lhs[1]); ctx != nil && cancel != nil {
			c.varPairs[cancel] = ctx
		}
	}
	if p, second, ok := derives(info, call); ok {
		i := 0
		if second {
			i = 1
		}
		if i < len(as.Lhs) {
			if d, pv := v(as.Lhs[i]), v(p); d != nil && pv != nil && d != pv {
				c.varParent[d] = pv
			}
		}
	}
}

// A fire is where a context is known cancelled from on: a call of its
// cancel func (the rest of the function after it), a receive from its
// Done channel (after it, or in the select clause it opens), a test of its
// Err (in the branch where it is set).
type fire struct {
	key   string   // the context's key
	name  string   // the context, as written
	at    ast.Node // the cancel call, the receive
	by    string   // "cancel" (a call of its cancel func), "done" (observed)
	scope ast.Node // where it holds: nil for everything reachable after at, else the clause or branch
	what  string   // the cancel call as written, for messages
	// related: the calls of the cancel field elsewhere in the component
	// (a Stop that cancels what this function waits on).
	related []*ast.CallExpr
}

// function checks one function body; function literals are checked on
// their own.
func (c *checker) function(body *ast.BlockStmt) {
	defer lintkit.At(c.pass.Fset, body)
	info := c.pass.TypesInfo
	k := lintkit.NewKeyer(info)
	isCtx := func(e ast.Expr) bool { t := info.TypeOf(e); return t != nil && lintkit.IsContextType(t) }
	pairs := map[string]string{}  // cancel key -> context key (this function's WithCancel calls)
	parent := map[string]string{} // derived context key -> the context it derives from
	var groups []groupCtx         // errgroup.WithContext put in place of its parent
	var fires []fire
	var assigns []keyedPos
	// Walk once: pairs, derivations, fires, and assignments (cuts).
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		defer func() { stack = append(stack, n) }()
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if key := k.Key(l); key != "" {
					assigns = append(assigns, keyedPos{key, n})
				}
			}
			if len(n.Rhs) != 1 {
				break
			}
			call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
			if !ok {
				break
			}
			if p, second, ok := derives(info, call); ok {
				i := 0
				if second {
					i = 1
				}
				if i < len(n.Lhs) && isCtx(n.Lhs[i]) {
					if dk, pk := k.Key(n.Lhs[i]), k.Key(p); dk != "" && pk != "" && dk != pk {
						parent[dk] = pk
					}
					if second {
						if id, ok := ast.Unparen(n.Lhs[1]).(*ast.Ident); ok {
							if pid, ok := ast.Unparen(p).(*ast.Ident); ok && pid.Name == id.Name {
								groups = append(groups, groupCtx{key: k.Key(n.Lhs[1]), name: id.Name, at: call, group: k.Key(n.Lhs[0])})
							}
						}
					}
				}
			}
			if withCancel(info, call) && len(n.Lhs) == 2 {
				if ck, kk := k.Key(n.Lhs[1]), k.Key(n.Lhs[0]); ck != "" && kk != "" {
					pairs[ck] = kk
				}
			}
		case *ast.ExprStmt:
			switch x := ast.Unparen(n.X).(type) {
			case *ast.CallExpr:
				// cancel(), s.cancel()
				if len(x.Args) > 1 {
					break
				}
				ck := k.Key(x.Fun)
				if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok {
					if cv, _ := info.Uses[id].(*types.Var); cv != nil && c.varPairs[cv] != nil {
						if _, local := pairs[ck]; !local {
							ctx := c.varPairs[cv]
							fires = append(fires, fire{key: k.VarKey(ctx), name: ctx.Name(), at: x, by: "cancel", what: types.ExprString(x.Fun)})
							break
						}
					}
				}
				if kk, ok := pairs[ck]; ok {
					fires = append(fires, fire{key: kk, name: nameOf(k, body, kk), at: x, by: "cancel", what: types.ExprString(x.Fun)})
				} else if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
					if v := c.field(sel); v != nil && c.pairs[v] != nil {
						kk := k.Key(sel.X) + "." + c.pairs[v].Name()
						fires = append(fires, fire{key: kk, name: types.ExprString(sel.X) + "." + c.pairs[v].Name(), at: x, by: "cancel", what: types.ExprString(x.Fun)})
					}
				}
			case *ast.UnaryExpr:
				// <-ctx.Done() as a statement: done from here on; in a
				// select clause: done in the clause.
				if ce := doneOf(info, x); ce != nil && isCtx(ce) {
					f := fire{key: k.Key(ce), name: types.ExprString(ce), at: x, by: "done"}
					if len(stack) > 0 {
						if cc, ok := stack[len(stack)-1].(*ast.CommClause); ok && cc.Comm == ast.Stmt(n) {
							f.scope = cc
						}
					}
					f.related = c.cancelsOf(ce)
					if f.key != "" {
						fires = append(fires, f)
					}
				}
			}
		case *ast.IfStmt:
			// if ctx.Err() != nil { ... }: done in the body.
			if ce := errSet(info, n.Cond); ce != nil && isCtx(ce) {
				if key := k.Key(ce); key != "" {
					fires = append(fires, fire{key: key, name: types.ExprString(ce), at: n.Cond, by: "done", scope: n.Body, related: c.cancelsOf(ce)})
				}
			}
		case *ast.CommClause:
			// case <-ctx.Done(): and case v := <-ctx.Done(): (the receive
			// in an assignment; the plain receive is an ExprStmt above).
			if as, ok := n.Comm.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
				if u, ok := ast.Unparen(as.Rhs[0]).(*ast.UnaryExpr); ok {
					if ce := doneOf(info, u); ce != nil && isCtx(ce) {
						if key := k.Key(ce); key != "" {
							fires = append(fires, fire{key: key, name: types.ExprString(ce), at: u, by: "done", scope: n, related: c.cancelsOf(ce)})
						}
					}
				}
			}
		}
		return true
	})
	if len(fires) == 0 && len(groups) == 0 {
		return
	}
	// covers reports whether the context key ck is cancelled when key is:
	// it is key, or derives from it.
	// The derivations of the package's context variables, by key.
	for d, p := range c.varParent {
		if dk, pk := k.VarKey(d), k.VarKey(p); parent[dk] == "" {
			parent[dk] = pk
		}
	}
	covers := func(key, ck string) bool {
		for i := 0; ck != "" && i < 16; i++ {
			if ck == key {
				return true
			}
			ck = parent[ck]
		}
		return false
	}
	var fl *lintkit.Flow
	reported := map[ast.Node]bool{}
	for _, u := range c.uses(k, body) {
		for _, f := range fires {
			if !covers(f.key, u.key) || reported[u.node] || u.node.Pos() <= f.at.Pos() {
				continue
			}
			if f.scope != nil {
				if !lintkit.Contains(f.scope, u.node.Pos()) {
					continue
				}
			} else {
				if fl == nil {
					fl = lintkit.NewFlow(body)
				}
				cut := func(n ast.Node) bool {
					for _, a := range assigns {
						if (lintkit.KeyCovers(a.key, u.key) || lintkit.KeyCovers(a.key, f.key)) && lintkit.Contains(n, a.node.Pos()) && a.node.Pos() > f.at.Pos() {
							return true
						}
					}
					return false
				}
				if !fl.Reaches(f.at.Pos(), u.node.Pos(), cut) {
					continue
				}
				// On every path: a use the function reaches without
				// passing a cancel of its context (if p.ctx.Err() != nil {
				// cancel() } cuts short only the work of a caller that
				// gave up) is not cut short by it.
				fired := func(n ast.Node) bool {
					for _, g := range fires {
						if g.scope == nil && covers(g.key, u.key) && lintkit.Contains(n, g.at.Pos()) {
							return true
						}
					}
					return cut(n)
				}
				if fl.Reaches(token.NoPos, u.node.Pos(), fired) {
					continue
				}
			}
			if u.send && f.by != "cancel" {
				continue // a select after the Done case fired is the Done case's own business
			}
			reported[u.node] = true
			c.report(f, u)
		}
	}
	for _, g := range groups {
		c.group(k, body, g)
	}
}

// A keyedPos is a node that assigns the location key.
type keyedPos struct {
	key  string
	node ast.Node
}

// nameOf returns how the function spells the location key, for messages.
func nameOf(k *lintkit.Keyer, body *ast.BlockStmt, key string) string {
	name := ""
	ast.Inspect(body, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok && name == "" && k.Key(e) == key {
			name = types.ExprString(e)
		}
		return name == ""
	})
	return name
}

// doneOf returns x for a receive <-x.Done() of a context's Done channel.
func doneOf(info *types.Info, u *ast.UnaryExpr) ast.Expr {
	if u.Op != token.ARROW {
		return nil
	}
	call, ok := ast.Unparen(u.X).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Done" || !isContextMethod(info, call) {
		return nil
	}
	return sel.X
}

// errSet returns x for a condition x.Err() != nil (or a conjunction with
// it as a term).
func errSet(info *types.Info, cond ast.Expr) ast.Expr {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	if be.Op == token.LAND {
		if x := errSet(info, be.X); x != nil {
			return x
		}
		return errSet(info, be.Y)
	}
	if be.Op != token.NEQ {
		return nil
	}
	x, y := be.X, be.Y
	if info.Types[x].IsNil() {
		x, y = y, x
	}
	if !info.Types[y].IsNil() {
		return nil
	}
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Err" || !isContextMethod(info, call) {
		return nil
	}
	return sel.X
}

// isContextMethod reports whether call is a call of a method of
// context.Context (on any type that implements it).
func isContextMethod(info *types.Info, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	t := info.TypeOf(sel.X)
	if t == nil || !lintkit.IsContextType(t) {
		return false
	}
	switch sel.Sel.Name {
	case "Done", "Err", "Value", "Deadline":
		return true
	}
	return false
}

// cancelsOf returns the calls of the cancel field paired with context
// field x (s.ctx), in the package.
func (c *checker) cancelsOf(x ast.Expr) []*ast.CallExpr {
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	v := c.field(sel)
	if v == nil {
		return nil
	}
	for cancel, ctx := range c.pairs {
		if ctx == v {
			return c.cancels[cancel]
		}
	}
	return nil
}

// A use is a call that hands a context to work, or a send in a select
// that also waits on the context's Done channel.
type use struct {
	node   ast.Node
	key    string
	name   string // the context as written
	callee string // the function called, for messages
	send   bool   // a send in a select with a Done case
}

// uses returns the uses of contexts in body (outside function literals,
// deferred calls and what a test of ctx.Err() only observes), in source
// order.
func (c *checker) uses(k *lintkit.Keyer, body *ast.BlockStmt) []use {
	info := c.pass.TypesInfo
	var out []use
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.DeferStmt:
			return false // cleanup at the end: cut short with the context, as it is meant to be
		case *ast.SelectStmt:
			var done ast.Expr
			var send *ast.SendStmt
			for _, s := range n.Body.List {
				cc := s.(*ast.CommClause)
				switch comm := cc.Comm.(type) {
				case *ast.ExprStmt:
					if u, ok := ast.Unparen(comm.X).(*ast.UnaryExpr); ok {
						if x := doneOf(info, u); x != nil {
							done = x
						}
					}
				case *ast.SendStmt:
					send = comm
				}
			}
			if done != nil && send != nil {
				if key := k.Key(done); key != "" {
					out = append(out, use{node: send, key: key, name: types.ExprString(done), send: true})
				}
			}
		case *ast.CallExpr:
			if c.exempt(n) {
				return true
			}
			fn := lintkit.Callee(info, n)
			for _, a := range n.Args {
				a = ast.Unparen(a)
				// An inline derivation: f(context.WithTimeout(ctx, d)) is
				// not valid Go for two results; WithValue is.
				if call, ok := a.(*ast.CallExpr); ok {
					if p, _, ok := derives(info, call); ok {
						a = ast.Unparen(p)
					}
				}
				t := info.TypeOf(a)
				if t == nil || !lintkit.IsContextType(t) {
					continue
				}
				key := k.Key(a)
				if key == "" {
					continue
				}
				name := types.ExprString(n.Fun)
				if fn != nil {
					name = lintkit.ShortName(fn, c.pass.Pkg)
				}
				out = append(out, use{node: n, key: key, name: types.ExprString(a), callee: name})
				break
			}
		}
		return true
	})
	return out
}

// exempt reports whether call only observes or reads a context: a
// function of package context (WithoutCancel, Cause, the derivations,
// which are followed instead), a method of context.Context, a logging
// call (log, log/slog: the line is written whatever the context), a
// function of another package that returns no error, or a function of
// this package that only reads or observes its context parameters.
func (c *checker) exempt(call *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	if isContextMethod(info, call) {
		return true
	}
	fn := lintkit.Callee(info, call)
	if fn == nil {
		// A func held in a package variable of another package (var G =
		// GetLogger) is judged by its type, as a function of another
		// package is by its signature.
		v, ok := typeutil.Callee(info, call).(*types.Var)
		if ok && v.Pkg() != nil && v.Pkg() != c.pass.Pkg && v.Parent() == v.Pkg().Scope() {
			sig, _ := v.Type().Underlying().(*types.Signature)
			return sig != nil && !returnsError(sig)
		}
		return false
	}
	if fn.Pkg() != nil {
		switch fn.Pkg().Path() {
		case "context", "log", "log/slog":
			return true
		}
	}
	if fn.Pkg() != c.pass.Pkg {
		// Work of another package that can be cut short says so with an
		// error; one that returns none takes the context for its values
		// (a tracer's Start, a metric's Add, a logger of the context).
		return !returnsError(fn.Signature())
	}
	return c.onlyValues(fn, 0)
}

// returnsError reports whether a function of signature sig returns an
// error among its results.
func returnsError(sig *types.Signature) bool {
	errT := types.Universe.Lookup("error").Type()
	for v := range sig.Results().Variables() {
		if types.Identical(v.Type(), errT) {
			return true
		}
	}
	return false
}

// onlyValues reports whether fn, of this package, uses its context
// parameters only to read or observe them: Value, Err, Deadline (not
// Done, on which blocking work waits to be cut short), or handing them to
// a function that does (a few levels deep).
func (c *checker) onlyValues(fn *types.Func, depth int) bool {
	if fn.Pkg() != c.pass.Pkg || depth > 3 {
		return false
	}
	fn = fn.Origin()
	if v, ok := c.valueOnly[fn]; ok {
		return v
	}
	c.valueOnly[fn] = false
	fd := lintkit.DeclOf(c.pass.Files, fn)
	if fd == nil {
		return false
	}
	info := c.pass.TypesInfo
	params := map[types.Object]bool{}
	for _, i := range lintkit.ContextParams(fn.Signature()) {
		params[fn.Signature().Params().At(i)] = true
	}
	if len(params) == 0 {
		return false
	}
	ok := true
	lintkit.InspectStack(fd.Body, false, func(n ast.Node, stack []ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !isID || !params[info.Uses[id]] || len(stack) == 0 {
			return ok
		}
		switch p := stack[len(stack)-1].(type) {
		case *ast.SelectorExpr:
			switch p.Sel.Name {
			case "Value", "Err", "Deadline": // it reads or observes (Done is how blocking work is cut short)
			default:
				ok = false
			}
		case *ast.CallExpr:
			callee := lintkit.Callee(info, p)
			if callee == nil || !(c.exempt(p) || c.onlyValues(callee, depth+1)) {
				ok = false
			}
		default:
			ok = false
		}
		return ok
	})
	c.valueOnly[fn] = ok
	return ok
}

// report reports use u of a context after fire f.
func (c *checker) report(f fire, u use) {
	var msg string
	var opts []lintkit.Option
	switch {
	case u.send:
		msg = fmt.Sprintf("send in a select on %s.Done() after %s() cancelled it: the select may take the Done case and the value is never sent; send before the cancel, or without the Done case", u.name, f.what)
		opts = append(opts, lintkit.Related(f.at.Pos(), f.at.End(), f.what+"() cancels "+f.name+" here"))
	case f.by == "cancel":
		msg = fmt.Sprintf("%s is used after %s() cancelled it: %s gets a cancelled context and its work is cut short; call it before the cancel, or give it the parent's context or %s", u.name, f.what, u.callee, lintkit.WithoutCancelText(c.pass, u.node.Pos(), u.name))
		opts = append(opts, lintkit.Related(f.at.Pos(), f.at.End(), f.what+"() cancels "+f.name+" here"))
	default:
		msg = fmt.Sprintf("%s is used after it is done: %s gets a cancelled context and its work is cut short at once; give end-of-run work the parent's context, or %s", u.name, u.callee, lintkit.WithoutCancelText(c.pass, u.node.Pos(), u.name))
		opts = append(opts, lintkit.Related(f.at.Pos(), f.at.End(), f.name+" is done here"))
		for _, r := range f.related {
			opts = append(opts, lintkit.Related(r.Pos(), r.End(), types.ExprString(r.Fun)+"() cancels it here"))
			break
		}
	}
	c.r.Report(u.node, msg, opts...)
}

// A groupCtx is errgroup.WithContext's context put in place of the
// parent's: g, ctx := errgroup.WithContext(ctx).
type groupCtx struct {
	key, name string
	at        *ast.CallExpr
	group     string // the group's key
}

// group reports the calls of the function itself (not of the group's
// tasks) that hand the group's context to work whose error the function
// returns before it waits for the group: when a task fails, the group
// cancels the context, and the call fails with context.Canceled, which the
// function returns in place of the task's error.
func (c *checker) group(k *lintkit.Keyer, body *ast.BlockStmt, g groupCtx) {
	info := c.pass.TypesInfo
	// The first g.Wait() after the group is made, and the g.Go and
	// g.TryGo calls that start its tasks.
	wait := token.NoPos
	var starts []*ast.CallExpr
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || call.Pos() <= g.at.End() {
			return true
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || k.Key(sel.X) != g.group {
			return true
		}
		fn := lintkit.Callee(info, call)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != errgroupPath {
			return true
		}
		switch sel.Sel.Name {
		case "Wait":
			if !wait.IsValid() {
				wait = call.Pos()
			}
		case "Go", "TryGo":
			starts = append(starts, call)
		}
		return true
	})
	// The group cancels its context only when a task fails: a call no
	// g.Go reaches (made before the first, or on the other branch of an
	// if whose condition cannot change between iterations) runs while no
	// task can have failed.
	var flow *lintkit.Flow
	started := func(call *ast.CallExpr) bool {
		if flow == nil {
			flow = lintkit.NewFlow(body)
		}
		return slices.ContainsFunc(starts, func(st *ast.CallExpr) bool {
			return flow.ReachesLater(st.Pos(), call.Pos()) && !exclusive(info, body, st, call)
		})
	}
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if _, ok := n.(*ast.DeferStmt); ok {
			return false
		}
		defer func() { stack = append(stack, n) }()
		call, ok := n.(*ast.CallExpr)
		if !ok || call.Pos() <= g.at.End() || (wait.IsValid() && call.Pos() >= wait) || c.exempt(call) {
			return true
		}
		if _, _, ok := derives(info, call); ok {
			return true
		}
		uses := slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return k.Key(a) == g.key })
		if !uses || !returnsErr(info, call, stack) || !started(call) {
			return true
		}
		name := types.ExprString(call.Fun)
		if fn := lintkit.Callee(info, call); fn != nil {
			name = lintkit.ShortName(fn, c.pass.Pkg)
		}
		msg := fmt.Sprintf("errgroup.WithContext put the group's context in place of %s: when a task fails the group cancels it, and %s here fails with context.Canceled, which is returned instead of the task's error; give the group's context its own name for the tasks and keep %s for this call", g.name, name, g.name)
		c.r.Report(call, msg, lintkit.Related(g.at.Pos(), g.at.End(), "the group's context replaces "+g.name+" here"))
		return true
	})
}

// exclusive reports whether a and b, two calls in body, stand on the two
// branches of one if statement whose condition cannot change while body
// runs (invariant): on every path, in every iteration, only one of them
// runs (if e.Parallel { g.Go(...) } else { run(ctx) } in a loop).
func exclusive(info *types.Info, body *ast.BlockStmt, a, b *ast.CallExpr) bool {
	return lintkit.Any(body, func(n ast.Node) bool {
		is, ok := n.(*ast.IfStmt)
		if !ok || is.Else == nil || is.Init != nil {
			return false
		}
		in := func(n ast.Node, c *ast.CallExpr) bool { return lintkit.Contains(n, c.Pos()) }
		if !(in(is.Body, a) && in(is.Else, b) || in(is.Else, a) && in(is.Body, b)) {
			return false
		}
		return invariant(info, body, is)
	})
}

// invariant reports whether the condition of is cannot change while body
// runs: it calls nothing and receives nothing, and every variable or
// field it names is declared outside the loops that contain is and is
// neither assigned, incremented nor has its address taken anywhere in
// body (function literals included).
func invariant(info *types.Info, body *ast.BlockStmt, is *ast.IfStmt) bool {
	objs := map[types.Object]bool{}
	pure := !lintkit.Any(is.Cond, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			tv := info.Types[n.Fun]
			return !tv.IsType() // a conversion is pure
		case *ast.UnaryExpr:
			return n.Op == token.ARROW
		case *ast.IndexExpr:
			return true // a map or slice element may change
		case *ast.StarExpr:
			return true
		case *ast.Ident:
			if v, ok := info.Uses[n].(*types.Var); ok {
				objs[v] = true
			}
		}
		return false
	})
	if !pure {
		return false
	}
	for o := range objs {
		if lintkit.Contains(body, o.Pos()) && lintkit.Any(body, func(n ast.Node) bool {
			switch l := n.(type) {
			case *ast.ForStmt:
				return lintkit.Contains(l, is.Pos()) && lintkit.Contains(l, o.Pos())
			case *ast.RangeStmt:
				return lintkit.Contains(l, is.Pos()) && lintkit.Contains(l, o.Pos())
			}
			return false
		}) {
			return false // declared anew in each iteration
		}
	}
	named := func(e ast.Expr) bool {
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			return objs[info.ObjectOf(e)]
		case *ast.SelectorExpr:
			return objs[info.ObjectOf(e.Sel)]
		}
		return false
	}
	return !lintkit.Any(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			return slices.ContainsFunc(n.Lhs, named)
		case *ast.IncDecStmt:
			return named(n.X)
		case *ast.UnaryExpr:
			return n.Op == token.AND && named(n.X)
		}
		return false
	})
}

// returnsErr reports whether the error of call, whose enclosing nodes are
// stack, is returned by the function before anything else: return f(ctx),
// if err := f(ctx); err != nil { return ... }, or err := f(ctx) followed by
// if err != nil { return ... }.
func returnsErr(info *types.Info, call *ast.CallExpr, stack []ast.Node) bool {
	t := info.TypeOf(call)
	if t == nil {
		return false
	}
	hasErr := false
	errT := types.Universe.Lookup("error").Type()
	switch t := t.(type) {
	case *types.Tuple:
		for v := range t.Variables() {
			hasErr = hasErr || types.Identical(v.Type(), errT)
		}
	default:
		hasErr = types.Identical(t, errT)
	}
	if !hasErr || len(stack) == 0 {
		return false
	}
	switch p := stack[len(stack)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.AssignStmt:
		if len(stack) < 2 {
			return false
		}
		// if err := f(ctx); err != nil { return }
		if is, ok := stack[len(stack)-2].(*ast.IfStmt); ok && is.Init == ast.Stmt(p) {
			return errReturned(info, is, p)
		}
		// err := f(ctx); if err != nil { return }
		var list []ast.Stmt
		switch b := stack[len(stack)-2].(type) {
		case *ast.BlockStmt:
			list = b.List
		case *ast.CaseClause:
			list = b.Body
		case *ast.CommClause:
			list = b.Body
		}
		for i, s := range list {
			if s == ast.Stmt(p) && i+1 < len(list) {
				if is, ok := list[i+1].(*ast.IfStmt); ok && is.Init == nil {
					return errReturned(info, is, p)
				}
			}
		}
	}
	return false
}

// errReturned reports whether if statement is tests an error variable
// that as assigns against nil and its body returns.
func errReturned(info *types.Info, is *ast.IfStmt, as *ast.AssignStmt) bool {
	be, ok := ast.Unparen(is.Cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ || len(is.Body.List) == 0 {
		return false
	}
	if _, ok := is.Body.List[len(is.Body.List)-1].(*ast.ReturnStmt); !ok {
		return false
	}
	id, ok := ast.Unparen(be.X).(*ast.Ident)
	if !ok || !info.Types[be.Y].IsNil() {
		return false
	}
	for _, l := range as.Lhs {
		if lid, ok := l.(*ast.Ident); ok && info.ObjectOf(lid) == info.ObjectOf(id) {
			return true
		}
	}
	return false
}
