package identity

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"slices"
	"strconv"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// The summaries of local functions are computed lazily, once every function
// of the package is walked, and memoised. A function met again while its own
// summary is being computed (recursion) contributes nothing.

// flight marks a summary being computed.
type flight struct {
	fd   *funcData
	kind int
}

const (
	kindForwards = iota
	kindReads
	kindPerRun
)

// forwards computes the Forwards summary of a local function: the string
// parameters it uses as an environment key, directly or through a call of
// another forwarding helper.
func (r *Result) forwards(fd *funcData) *Forwards {
	if f, ok := r.fwdMemo[fd]; ok {
		return f
	}
	k := flight{fd, kindForwards}
	if r.inFlight[k] || fd.sig == nil {
		return nil
	}
	r.inFlight[k] = true
	defer delete(r.inFlight, k)

	byIndex := map[int]Param{}
	for _, p := range fd.keyParams {
		byIndex[p.Index] = p
	}
	params := fd.sig.Params()
	for _, call := range fd.calls {
		fn := lintkit.Callee(r.pass.TypesInfo, call)
		if fn == nil || fn.Origin() == fd.obj {
			continue
		}
		fw, ok := r.forwarder(fn)
		if !ok {
			continue
		}
		for _, p := range fw.Params {
			if p.Index >= len(call.Args) {
				continue
			}
			id, ok := ast.Unparen(call.Args[p.Index]).(*ast.Ident)
			if !ok {
				continue
			}
			for i := range params.Len() {
				if _, seen := byIndex[i]; !seen && r.pass.TypesInfo.Uses[id] == params.At(i) {
					byIndex[i] = Param{Index: i, Op: p.Op, API: p.API}
				}
			}
		}
	}
	var f *Forwards
	if len(byIndex) > 0 {
		f = &Forwards{}
		for _, p := range byIndex {
			f.Params = append(f.Params, p)
		}
		slices.SortFunc(f.Params, func(a, b Param) int { return a.Index - b.Index })
	}
	r.fwdMemo[fd] = f
	return f
}

// reads computes the EnvRead summary of a local function: its first
// identity read outside a root, else the first call of a function that
// reads. Roots never read, and neither does a function's own recursion.
func (r *Result) reads(fd *funcData) *readInfo {
	if ri, ok := r.readMemo[fd]; ok {
		return ri
	}
	k := flight{fd, kindReads}
	if r.inFlight[k] || fd.root != "" {
		return nil
	}
	r.inFlight[k] = true
	defer delete(r.inFlight, k)

	var ri *readInfo
	for _, a := range fd.access {
		if a.Op == OpRead && a.Root == "" {
			ri = &readInfo{fact: &EnvRead{Key: a.Key, Desc: a.Desc}, finding: a.Node.Pos(), findEnd: a.Node.End()}
			break
		}
	}
	if ri == nil {
		for _, call := range fd.calls {
			fn := lintkit.Callee(r.pass.TypesInfo, call)
			if fn == nil || fn.Origin() == fd.obj {
				continue
			}
			if in := r.envRead(fn); in != nil {
				ri = &readInfo{fact: &EnvRead{Key: in.fact.Key, Desc: in.fact.Desc, Via: lintkit.ShortName(fn, r.pass.Pkg)},
					finding: in.finding, findEnd: in.findEnd}
				break
			}
		}
	}
	r.readMemo[fd] = ri
	return ri
}

// perRunFunc computes the source of the per-run value a local function or
// literal returns, or nil.
func (r *Result) perRunFunc(fd *funcData) *Source {
	if s, ok := r.runMemo[fd]; ok {
		return s
	}
	k := flight{fd, kindPerRun}
	if r.inFlight[k] {
		return nil
	}
	r.inFlight[k] = true
	defer delete(r.inFlight, k)

	var src *Source
	if fd.sig != nil && fd.sig.Results().Len() > 0 && lintkit.IsContextType(fd.sig.Results().At(0).Type()) {
		// A context carries per-run values; it is no per-run answer.
		r.runMemo[fd] = nil
		return nil
	}
	for _, ret := range fd.returns {
		for _, e := range ret.Results {
			if s, ok := r.eval(e, perRunMode, map[*types.Var]bool{}); ok {
				src = &s
				break
			}
		}
		if src != nil {
			break
		}
	}
	r.runMemo[fd] = src
	return src
}

// perRunFact is the PerRun fact of a local function whose returned value
// comes from s.
func (r *Result) perRunFact(fd *funcData, s *Source) *PerRun {
	if call, ok := nodeAt(fd, s); ok {
		if fn := lintkit.Callee(r.pass.TypesInfo, call); fn != nil && r.byCall[call] == nil {
			if inner, ok := r.perRun(fn); ok {
				return &PerRun{Key: inner.Key, Desc: inner.Desc, Via: lintkit.ShortName(fn, r.pass.Pkg)}
			}
		}
	}
	return &PerRun{Key: s.Key, Desc: s.Desc}
}

// nodeAt returns the call of fd at the source s, if s is a call.
func nodeAt(fd *funcData, s *Source) (*ast.CallExpr, bool) {
	for _, c := range fd.calls {
		if c.Pos() == s.Pos && c.End() == s.End {
			return c, true
		}
	}
	return nil, false
}

type evalMode int

const (
	perRunMode evalMode = iota // ctx.Value, identity reads, PerRun callees
	envMode                    // any read of the environment
	ctxMode                    // ctx.Value, functions that return a value of it
)

// eval finds the first source of mode in e, following local variables to
// the expressions assigned to them. Function literals are not entered.
func (r *Result) eval(e ast.Expr, mode evalMode, seen map[*types.Var]bool) (Source, bool) {
	var src Source
	found := false
	info := r.pass.TypesInfo
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.Ident:
			v, ok := info.Uses[n].(*types.Var)
			if !ok || seen[v] {
				return true
			}
			if mode != envMode && lintkit.ImplementsContext(v.Type()) {
				// A context carries per-run values but is none: what a
				// call computes with it (a conn dialled with it) is per-run
				// only when the callee says so (a PerRun fact), or where
				// ctx.Value reads one.
				return true
			}
			defs := r.defs[v]
			if len(defs) == 0 {
				return true
			}
			seen[v] = true
			for _, d := range defs {
				if s, ok := r.eval(d, mode, seen); ok {
					src, found = s, true
					return false
				}
			}
		case *ast.CallExpr:
			if s, ok := r.callSource(n, mode); ok {
				src, found = s, true
				return false
			}
		}
		return true
	})
	return src, found
}

// callSource says whether call itself is a source of mode.
func (r *Result) callSource(call *ast.CallExpr, mode evalMode) (Source, bool) {
	info := r.pass.TypesInfo
	at := func(key, desc string) (Source, bool) {
		return Source{Pos: call.Pos(), End: call.End(), Key: key, Desc: desc}, true
	}
	if a := r.byCall[call]; a != nil && mode != ctxMode {
		return at(a.Key, a.Desc)
	}
	if mode != envMode && isCtxValue(info, call) {
		if sel := ast.Unparen(call.Fun).(*ast.SelectorExpr); r.emptyRoot(sel.X, map[*types.Var]bool{}) {
			return Source{}, false // context.Background().Value(k): nothing
		}
		return at("", "ctx.Value")
	}
	fn := lintkit.Callee(info, call)
	if fn == nil {
		return Source{}, false
	}
	name := lintkit.ShortName(fn, r.pass.Pkg)
	switch mode {
	case perRunMode:
		if p, ok := r.perRun(fn); ok && (p.Key != "" || !r.emptyContexts(call)) {
			return at(p.Key, name+"()")
		}
	case ctxMode:
		if p, ok := r.perRun(fn); ok && p.Key == "" && !r.emptyContexts(call) {
			return at("", name+"()")
		}
	case envMode:
		if api, ok := envFunc(fn); ok && api.op == OpRead {
			key := ""
			if len(call.Args) > 0 {
				if tv, ok := info.Types[call.Args[0]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
					key = strconv.Quote(Elide(constant.StringVal(tv.Value)))
				}
			}
			if key == "" {
				key = "..."
			}
			return at("", fmt.Sprintf("%s.%s(%s)", fn.Pkg().Name(), fn.Name(), key))
		}
		if fw, ok := r.forwarder(fn); ok {
			for _, p := range fw.Params {
				if p.Op == OpRead {
					return at("", name+"()")
				}
			}
		}
		if ri := r.envRead(fn); ri != nil {
			return at(ri.fact.Key, name+"()")
		}
	}
	return Source{}, false
}

// emptyContexts reports whether call hands the callee only empty root
// contexts (context.Background(), context.TODO()): what the callee answers
// from the values of its context (a PerRun fact of ctx.Value, Key "") is
// then the same for every session: gopsutil's Cwd() is
// CwdWithContext(context.Background()), whose ctx.Value finds nothing. A
// call that hands no context at all reads values of a context it found
// elsewhere, and is per-run still.
func (r *Result) emptyContexts(call *ast.CallExpr) bool {
	info := r.pass.TypesInfo
	n := 0
	for _, a := range call.Args {
		if t := info.TypeOf(a); t == nil || !lintkit.ImplementsContext(t) {
			continue
		}
		if !r.emptyRoot(a, map[*types.Var]bool{}) {
			return false
		}
		n++
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s := info.Selections[sel]; s != nil && s.Kind() == types.MethodVal && lintkit.ImplementsContext(s.Recv()) {
			if !r.emptyRoot(sel.X, map[*types.Var]bool{}) {
				return false
			}
			n++
		}
	}
	return n > 0
}

// emptyRoot reports whether e is a context with no values: a call of
// context.Background or context.TODO, or a local variable every
// assignment of which is one.
func (r *Result) emptyRoot(e ast.Expr, seen map[*types.Var]bool) bool {
	info := r.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn := lintkit.Callee(info, e)
		return fn != nil && (lintkit.IsFunc(fn, "context", "Background") || lintkit.IsFunc(fn, "context", "TODO"))
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok || seen[v] || len(r.defs[v]) == 0 {
			return false
		}
		seen[v] = true
		for _, d := range r.defs[v] {
			if !r.emptyRoot(d, seen) {
				return false
			}
		}
		return true
	}
	return false
}
