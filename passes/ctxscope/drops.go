package ctxscope

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// A Drop is a place where code uses a root context: a call that passes one
// to a context parameter, or a call of a function that makes one (a
// MakesRoot fact of the module being checked).
type Drop struct {
	// Call passes the root, or calls the helper.
	Call *ast.CallExpr
	// Arg is the root argument and Class its provenance (Root, or Lifetime
	// for a component's lifetime context made here); nil for a helper call.
	Arg   ast.Expr
	Class Class
	// Helper and Fact: the ctx-less function called and why it drops.
	Helper *types.Func
	Fact   *MakesRoot
	// Exempt says why the root is the right context, or is "": a
	// component's lifetime context ("lifetime"), a shutdown or release
	// after the context was observed done or cancelled ("shutdown"),
	// cleanup in a deferred call ("deferred") or a t.Cleanup callback
	// ("cleanup"), a context.AfterFunc callback ("afterfunc"), a callback
	// the garbage collector runs ("collected"), a root whose derivation is
	// cancelled once the caller's context is done ("linked": Class.Link),
	// an API that
	// wants a root ("reset": pprof.SetGoroutineLabels), the root a value
	// kept in a package variable is built on ("process": it serves every
	// session, so neither the caller's cancellation nor its values belong
	// in it), or the
	// context-less variant of an API delegating to its Context variant
	// ("compat": func (db *DB) Query(q string) calls db.QueryContext with
	// context.Background, as documented).
	Exempt string
	// Reads is set for a fresh root (Exempt is lifetime, shutdown,
	// deferred, cleanup, afterfunc, collected or linked), or a root with a deadline of its
	// own, handed to a function that reads the context's values: the work
	// loses the caller's values (trace, session) although it may rightly
	// outlive the caller's cancellation.
	Reads *ReadsValues
	// Reader is the function that reads them: the callee, or for a call of
	// an interface method, the implementation whose fact says so.
	Reader *types.Func
	// ArgGuards: the callee uses the context only where these parameters
	// of its own are their zero value (paramUse); the caller's ZeroParams
	// take the part of them it passes on from its own parameters.
	ArgGuards []int
	// Returned: the call's result is returned, so the root travels inside a
	// value its caller may rebind (http.NewRequestWithContext, then
	// req.WithContext).
	Returned bool
}

// Fresh reports whether the drop's exemption is a fresh root that is
// right to outlive the caller: the fix, where one is needed, is
// context.WithoutCancel of the caller's context.
func (d Drop) Fresh() bool {
	switch d.Exempt {
	case "lifetime", "shutdown", "deferred", "cleanup", "afterfunc", "collected", "linked":
		return true
	}
	return false
}

// OwnerBounded reports whether the root of d bounds the work on purpose
// for its component: only the component's lifetime is in scope s (a field
// of the receiver: no caller's values), the root has a deadline of its own
// and the work reads no values (a last flush or a deregistration after the
// stop cancelled the lifetime, which the lifetime itself would cut short),
// as a helper's deadline root is no root of its callers.
func OwnerBounded(d Drop, s Scope) bool {
	return d.Exempt == "" && s.Field && d.Class.Deadline && d.Reads == nil
}

// Drops returns the drops in the function or literal fn, in source order,
// one per root origin. The function literals nested in fn are entered when
// enter returns true (enter may be nil: none is).
func (r *Result) Drops(fn ast.Node, enter func(*ast.FuncLit) bool) []Drop {
	body := lintkit.FuncBody(fn)
	if body == nil { // a function implemented in assembly
		return nil
	}
	var drops []Drop
	seen := map[*ast.CallExpr]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return enter != nil && enter(n)
		case *ast.CallExpr:
			drops = r.callDrops(n, seen, drops)
		}
		return true
	})
	return drops
}

func (r *Result) callDrops(call *ast.CallExpr, seen map[*ast.CallExpr]bool, drops []Drop) []Drop {
	info := r.pass.TypesInfo
	fn := lintkit.Callee(info, call)
	if fn != nil {
		if f, ok := r.Makes(fn); ok {
			if ok, _ := r.meets(call, f.ZeroParams, nil); !ok {
				return drops // the helper's root is behind a condition this call cannot meet
			}
			d := Drop{Call: call, Helper: fn, Fact: f}
			d.Exempt = r.exempt(nil, call, fn)
			return append(drops, d)
		}
	}
	if r.returnsAnyContext(call) {
		return drops // a derivation: the root is reported where it is used
	}
	sig, _ := typeOfFunc(info, call)
	for i, a := range call.Args {
		if sig == nil {
			break
		}
		if p := lintkit.ParamType(sig, i); p == nil || !r.ctx.is(p) {
			continue
		}
		var argGuards []int
		if fn != nil {
			pi := paramIndex(sig, i)
			if ignores(fn.Signature(), pi) {
				continue // func f(_ context.Context): the callee ignores its context
			}
			if lintkit.IsFunc(fn, "runtime/pprof", "Do") && r.labelsOnly(call) {
				continue // the labels' context goes only to a callback that ignores it
			}
			if u, ok := r.paramUse(fn, pi); ok {
				if !u.used {
					continue // the callee never uses its context: nothing is lost
				}
				if reach, _ := r.meets(call, u.guards, nil); !reach {
					continue // it uses it only on a path this call cannot take
				}
				argGuards = u.guards
			}
		}
		c := r.Classify(a)
		if !(c.Kind == Root || c.Kind == Lifetime && (c.Origin != nil || c.Recv)) || c.Origin != nil && seen[c.Origin] {
			continue
		}
		if c.Origin != nil && len(argGuards) == 0 {
			// One drop per root; one used only on some paths does not
			// hide the next use of the same root.
			seen[c.Origin] = true
		}
		d := Drop{Call: call, Arg: a, Class: c, ArgGuards: argGuards}
		d.Exempt = r.exempt(&c, call, fn)
		// A lifetime context made elsewhere (a package variable) is the
		// server's: only one made here, or the receiver's own used while
		// the caller's context is in scope, loses the caller's values.
		if (d.Fresh() || (d.Exempt == "" || d.Exempt == "compat") && c.Deadline) && (c.Kind != Lifetime || c.Recv || r.sameRoot(c.Origin, call)) {
			d.Reads, d.Reader = r.readsArg(call, fn, paramIndex(sig, i))
		}
		d.Returned = r.returned(call)
		drops = append(drops, d)
	}
	return drops
}

// labelsOnly reports whether the context of pprof.Do(ctx, labels, f)
// reaches nothing but the labels: f is a literal whose context parameter
// is unnamed, _, or never used (pebble's flush and compact run their work
// under labels on context.Background(), and the work takes no context).
// What the callback does without it is checked where it is.
func (r *Result) labelsOnly(call *ast.CallExpr) bool {
	if len(call.Args) != 3 {
		return false
	}
	lit, ok := ast.Unparen(call.Args[2]).(*ast.FuncLit)
	if !ok || len(lit.Type.Params.List) != 1 {
		return false
	}
	names := lit.Type.Params.List[0].Names
	if len(names) == 0 || names[0].Name == "_" {
		return true
	}
	v := r.pass.TypesInfo.Defs[names[0]]
	return v != nil && !lintkit.Mentions(r.pass.TypesInfo, lit.Body, v)
}

// rootLabelled reports whether lit is the callback of pprof.Do(root,
// labels, lit) that ignores its context (labelsOnly): it runs at once, on
// no context of a caller's, so its work is its maker's, and a root it
// makes is its maker's root.
func (r *Result) rootLabelled(lit *ast.FuncLit) bool {
	for _, call := range r.labels {
		if ast.Unparen(call.Args[2]) == ast.Expr(lit) {
			return r.labelsOnly(call) && r.Classify(call.Args[0]).Kind == Root
		}
	}
	return false
}

// ignores reports whether the declared function of signature sig ignores
// its parameter i: it is named _ (or unnamed).
func ignores(sig *types.Signature, i int) bool {
	if i >= sig.Params().Len() {
		return false
	}
	name := sig.Params().At(i).Name()
	return name == "_" || name == ""
}

// sameRoot reports whether a and b are in the same outermost function.
func (r *Result) sameRoot(a, b ast.Node) bool {
	fa, fb := r.fn(r.Enclosing(a)), r.fn(r.Enclosing(b))
	return fa != nil && fb != nil && fa.root == fb.root
}

// typeOfFunc returns the signature of the function call calls.
func typeOfFunc(info *types.Info, call *ast.CallExpr) (*types.Signature, bool) {
	t := info.TypeOf(call.Fun)
	if t == nil {
		return nil, false
	}
	sig, ok := t.Underlying().(*types.Signature)
	return sig, ok
}

// exempt says why a root of class c (nil for a helper's) used by call, of
// fn (nil if not static), is the right context (see Drop.Exempt), or
// returns "".
func (r *Result) exempt(c *Class, call *ast.CallExpr, fn *types.Func) string {
	if fn != nil {
		if lintkit.IsFunc(fn, "runtime/pprof", "SetGoroutineLabels") {
			return "reset" // resetting the goroutine's labels wants an empty context
		}
		if r.compat(call, fn) {
			return "compat"
		}
	}
	if c != nil && c.Kind == Lifetime && c.Process {
		return "process" // not Fresh: the caller's values must not go in either
	}
	if c != nil && c.Kind == Lifetime {
		return "lifetime"
	}
	if c != nil && c.Kind == Root && c.Link != nil && r.Classify(c.Link).Kind == Caller {
		return "linked" // its cancel runs once the caller's context is done
	}
	if c != nil && c.Origin != nil {
		if g := r.regions[c.Origin]; g != RegionNone {
			return g.String()
		}
	}
	if g := r.regions[call]; g != RegionNone {
		return g.String()
	}
	return ""
}

// readsArg returns the ReadsValues fact of fn if it reads the values of its
// parameter i, and fn; for a call of an interface method (fn nil), the
// fact of an implementation that does (ifaceReads). Else nil.
func (r *Result) readsArg(call *ast.CallExpr, fn *types.Func, i int) (*ReadsValues, *types.Func) {
	if fn == nil {
		if m := lintkit.InterfaceCallee(r.pass.TypesInfo, call); m != nil {
			return r.ifaceReads(m, i)
		}
		return nil, nil
	}
	f, ok := r.reads[fn.Origin()]
	if !ok || !f.Reads(i) {
		return nil, nil
	}
	return f, fn
}

// ifaceReads returns, for the interface method m, the ReadsValues fact of
// an implementation that reads the values of its parameter i, and that
// implementation: a method of the same name, with a fact (of this package
// or, through facts, of a package of the same module it imports), whose
// receiver type implements m's interface. The module bounds it: a
// dependency's type that implements a common method (Handle, Log) is not
// known to be the one the program uses. The first by package path and
// name is named; none when no fact shows one.
func (r *Result) ifaceReads(m *types.Func, i int) (*ReadsValues, *types.Func) {
	key := ifaceKey{m, i}
	r.mu.Lock()
	c, ok := r.ifaceMemo[key]
	r.mu.Unlock()
	if ok {
		return c.f, c.impl
	}
	var best *types.Func
	var bestFact *ReadsValues
	if iface, ok := m.Signature().Recv().Type().Underlying().(*types.Interface); ok {
		for obj, f := range r.reads {
			fn, ok := obj.(*types.Func)
			if !ok || fn.Name() != m.Name() || !f.Reads(i) || fn.Pkg() == nil {
				continue
			}
			if !r.inModule(fn.Pkg()) {
				continue // a dependency's implementation: the program may never use it as m's
			}
			recv := fn.Signature().Recv()
			if recv == nil || types.IsInterface(recv.Type()) || !types.Implements(recv.Type(), iface) {
				continue
			}
			if best == nil || fn.Pkg().Path() < best.Pkg().Path() ||
				fn.Pkg().Path() == best.Pkg().Path() && lintkit.ShortName(fn, nil) < lintkit.ShortName(best, nil) {
				best, bestFact = fn, f
			}
		}
	}
	var out *ReadsValues
	if best != nil {
		out = &ReadsValues{Params: []int{i}, Via: lintkit.ShortName(best, r.pass.Pkg)}
		if bestFact.Via != "" {
			out.Via += ", through " + bestFact.Via
		}
	}
	r.mu.Lock()
	r.ifaceMemo[key] = ifaceRead{out, best}
	r.mu.Unlock()
	return out, best
}

// ReaderRelated points at the function that reads the context's values
// of a drop that loses them: the callee, or the implementation of the
// interface method called.
func (r *Result) ReaderRelated(d Drop) []lintkit.Option {
	if fn := d.Reader; fn != nil && fn.Pos().IsValid() {
		return []lintkit.Option{lintkit.Related(fn.Pos(), fn.Pos(), lintkit.ShortName(fn, r.pass.Pkg)+" reads the context's values")}
	}
	return nil
}

// inModule reports whether pkg is the package being checked or a package
// of its module.
func (r *Result) inModule(pkg *types.Package) bool {
	if pkg == r.pass.Pkg {
		return true
	}
	if r.module == "" {
		return false
	}
	p := pkg.Path()
	return p == r.module || strings.HasPrefix(p, r.module+"/")
}

type ifaceKey struct {
	m *types.Func
	i int
}

type ifaceRead struct {
	f    *ReadsValues
	impl *types.Func
}

// returned reports whether the result of call carries the root context out
// of the function inside a value its caller can rebind (an *http.Request,
// anything with a WithContext or Context method), returned directly or
// through a variable it is assigned to. An error returned is no carrier:
// return load(context.Background()) drops the context.
func (r *Result) returned(call *ast.CallExpr) bool {
	return r.retCalls[call] && r.carrier(r.pass.TypesInfo.TypeOf(call))
}

// compat reports whether call, of fn, is the body of the context-less
// variant of an API delegating to its Context variant: Query calling
// QueryContext(context.Background(), ...) in a function without a context
// parameter, or an exported function calling its unexported namesake
// (DialUDP calling dialUDP(context.Background(), ...)). That variant is
// documented to use a root context; its callers are told to use the
// Context variant (in its own package, the namesake), not it.
func (r *Result) compat(call *ast.CallExpr, fn *types.Func) bool {
	d, ok := r.Enclosing(call).(*ast.FuncDecl)
	if !ok || r.goCalls[call] {
		return false // a goroutine started on the variant delegates nothing: it is work of its own
	}
	obj, _ := r.pass.TypesInfo.Defs[d.Name].(*types.Func)
	if obj == nil || lintkit.TakesContext(obj.Signature()) {
		return false
	}
	for _, suffix := range variantSuffixes {
		if fn.Name() == d.Name.Name+suffix {
			return true
		}
	}
	return obj.Exported() && fn.Pkg() == obj.Pkg() && fn.Name() == unexportedName(obj.Name()) &&
		lintkit.TakesContext(fn.Signature()) && r.delegates(d, call)
}

// delegates reports whether the body of d only hands its work to call: a
// statement that calls it (or returns its result), the contexts made for
// it (ctx, cancel := context.WithTimeout(context.Background(), d)) and
// deferred calls (defer cancel()). An exported function that does work
// of its own first (testcontainers' Reaper.Connect, which hands back a
// connection it already holds before it dials) is no mere variant of its
// namesake: calling the namesake instead would skip that work.
func (r *Result) delegates(d *ast.FuncDecl, call *ast.CallExpr) bool {
	found := false
	for _, st := range d.Body.List {
		switch st := st.(type) {
		case *ast.ReturnStmt:
			if len(st.Results) != 1 || ast.Unparen(st.Results[0]) != ast.Expr(call) {
				return false
			}
			found = true
		case *ast.ExprStmt:
			if ast.Unparen(st.X) != ast.Expr(call) {
				return false
			}
			found = true
		case *ast.AssignStmt:
			for _, rhs := range st.Rhs {
				c, ok := ast.Unparen(rhs).(*ast.CallExpr)
				if !ok || !r.returnsAnyContext(c) {
					return false
				}
			}
		case *ast.DeferStmt:
		default:
			return false
		}
	}
	return found
}

// carrier reports whether t (or a result of the tuple t) is a value that
// carries a context: it has a method Context() returning a context, or a
// method WithContext taking one (an *http.Request, a client's request
// builder). The methods' signatures decide, not their names alone.
func (r *Result) carrier(t types.Type) bool {
	if t == nil {
		return false
	}
	if tup, ok := t.(*types.Tuple); ok {
		for i := range tup.Len() {
			if r.carrier(tup.At(i).Type()) {
				return true
			}
		}
		return false
	}
	if res := nullary(t, "Context"); res != nil && r.ctx.like(res) {
		return true
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "WithContext")
	if fn, ok := obj.(*types.Func); ok {
		sig := fn.Signature()
		return sig.Params().Len() == 1 && r.ctx.is(sig.Params().At(0).Type()) && sig.Results().Len() >= 1
	}
	return false
}

// Why says for messages why a drop's fresh root rightly outlives the
// caller's context ctxName: "a lifetime context, its cancel kept by a
// long-lived owner", "made after ctx is done", ...
func Why(d Drop, ctxName string) string {
	switch d.Exempt {
	case "lifetime":
		if d.Class.Recv {
			return "the component's lifetime context"
		}
		return "a lifetime context, its cancel kept by a long-lived owner"
	case "shutdown":
		return "made once " + ctxName + " is done or cancelled"
	case "deferred":
		return "in a deferred call"
	case "cleanup":
		return "in a t.Cleanup callback"
	case "afterfunc":
		return "in a context.AfterFunc callback"
	case "collected":
		return "in a callback the garbage collector runs (runtime.AddCleanup, runtime.SetFinalizer)"
	case "linked":
		return "cancelled once " + ctxName + " is done"
	}
	return d.Exempt
}

// CallDrops returns the drops of one call: its root context arguments.
func (r *Result) CallDrops(call *ast.CallExpr) []Drop {
	return r.callDrops(call, map[*ast.CallExpr]bool{}, nil)
}

// Foreign reports whether the root of class c was made by a function
// outside the scope s that has no caller context of its own: a test's or
// main's own context, captured by a literal that a framework calls with a
// context (func(_ context.Context) { ch.SendContext(ctx, v) }). The code
// chose that context; it drops nothing the literal's caller gave it.
func (r *Result) Foreign(c Class, s Scope) bool {
	if c.Origin == nil || s.Func == nil {
		return false
	}
	of := r.fn(r.Enclosing(c.Origin))
	if of == nil {
		return false // a package-level root: made for every function
	}
	for fi := of; fi != nil; fi = fi.parent {
		if fi.node == s.Func {
			return false // made inside the scope
		}
	}
	_, ok := r.CallerScope(of.node, false)
	return !ok
}

// RootStatement returns the statement in which the root of c was made, or
// nil: roots made in one statement (newGRPCContext(context.Background(),
// ..., retry(context.Background()))) are one decision of the code, one
// root cause.
func (r *Result) RootStatement(c Class) ast.Stmt {
	if c.Origin == nil {
		return nil
	}
	return r.rootStmt[c.Origin]
}
