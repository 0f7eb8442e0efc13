// Package spawners finds the calls that run a func value on another
// goroutine: spawn sites.
//
// A spawn site is a go statement or a call to a spawner. Spawners are:
//
//   - the built-in table: errgroup.Group.Go/TryGo, sync.WaitGroup.Go,
//     sourcegraph/conc WaitGroup.Go and pool.Pool/ErrorPool/ContextPool/
//     ResultPool.Go, panjf2000/ants Submit and Pool.Submit,
//     gammazero/workerpool Submit/SubmitWait, time.AfterFunc;
//   - runctx.Go, runctx.Group.Go and runctx.Pool.Submit, which hand the
//     caller's context to the work: they carry it, correct by construction;
//   - functions and interface methods annotated //ctxbound:spawner, and
//     functions configured with -config.spawners;
//   - inferred: a function that runs one of its func parameters on another
//     goroutine, directly or through another spawner, is a spawner. It gets a
//     Spawner fact, so it is a spawner in every importing package too.
//   - inferred queues: a function that puts one of its func parameters on a
//     queue, a channel or slice named by its types.Object (a struct field or
//     a package-level variable), bare, in a func literal that calls it, or
//     in a task struct, is a spawner when a worker goroutine started in the
//     package (by a go statement or a spawner, through calls of the
//     package's functions) takes the elements off and calls them: a range
//     over the channel, a receive, an index of a slice popped in a loop;
//     then a call of the element, of its func field, of a method or function
//     that calls it, or a spawner that runs it. Its fact says Queue. It
//     carries the submitter's ctx when the queued literal passes it, or when
//     the task struct holds it and every worker passes the task's ctx (or
//     one derived from it) to the func.
//
// Work x.M on a local interface variable whose every assignment gives one
// concrete type is resolved to that type's method (DynamicType, Concrete).
//
// The pass also infers shared work: a function that hands a func
// parameter to singleflight.Group.Do or DoChan, or to a function that does,
// runs it once for every caller of a key (a Sharer fact), and repeaters: a
// function that calls a func parameter over and over, in a loop that runs
// until its component says so (wait.Until's f: a Repeater fact, repeats.go).
//
// The pass uses syntax and types only, so it costs little on dependencies:
// queue inference looks only at functions with a func parameter that send
// on a channel or call append, and finds workers among the sites it
// collects anyway.
package spawners

import (
	"fmt"
	"go/ast"
	"go/types"
	"iter"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/config"
	"github.com/ctxbound/ctxbound/passes/directives"
)

// Analyzer finds spawn sites and exports Spawner facts.
var Analyzer = &analysis.Analyzer{
	Name:       "spawners",
	Doc:        "find calls that run a func value on another goroutine; reports nothing",
	URL:        "https://github.com/ctxbound/ctxbound/blob/main/docs/checks.md#spawnctx",
	Run:        lintkit.Safe(run),
	Requires:   []*analysis.Analyzer{directives.Analyzer, config.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(Spawner), new(Sharer), new(Repeater)},
}

// RuntimePath is the import path of the reference runtime. It is known by
// path, never imported.
const RuntimePath = "github.com/ctxbound/ctxbound/runctx"

// Spawner is the fact of an inferred spawner: the function runs the func
// parameters at Params on another goroutine. Carries is the index of a
// context parameter that it hands to that work, or -1. Queue says that it
// puts them on a queue that a worker goroutine of its package drains.
type Spawner struct {
	Params  []int
	Carries int
	Queue   bool
}

// AFact marks Spawner as a fact.
func (*Spawner) AFact() {}

func (s *Spawner) String() string {
	var b strings.Builder
	b.WriteString("spawner(" + intList(s.Params) + ")")
	if s.Queue {
		b.WriteString(" queued")
	}
	if s.Carries >= 0 {
		fmt.Fprintf(&b, " carries ctx %d", s.Carries)
	}
	return b.String()
}

// A Kind says how a spawner is known.
type Kind int

// The kinds of spawn sites.
const (
	GoStmt    Kind = iota // a go statement
	Builtin               // the built-in table
	Runtime               // runctx: carries the caller's context
	Annotated             // //ctxbound:spawner or -config.spawners
	Inferred              // a Spawner fact
)

// A Site is one spawn site: a func value handed to another goroutine.
type Site struct {
	// Node is the *ast.GoStmt or the spawner's *ast.CallExpr.
	Node ast.Node
	Kind Kind
	// Boundary names the crossing for messages: "goroutine",
	// "errgroup.Group.Go", "wrapper safeGo".
	Boundary string
	// Work is the func value that runs on the other goroutine: a
	// *ast.FuncLit, a function or method name, or any func-valued expression.
	Work ast.Expr
	// Call is, for go f(args), the call whose arguments the spawning
	// goroutine evaluates; nil for spawner calls.
	Call *ast.CallExpr
	// Func is the spawner; nil for go statements. Arg is the index of
	// Work among the spawner call's arguments.
	Func *types.Func
	Arg  int
	// Carries is set when the spawner hands the work a context derived from
	// the caller's: runctx.Go(ctx, f), runctx.Group.Go, an inferred spawner
	// that passes its ctx parameter on. CtxArg is that context argument,
	// when the call names one.
	Carries bool
	CtxArg  ast.Expr
}

// Result lists the spawn sites of a package.
type Result struct {
	Sites  []*Site
	byNode map[ast.Node][]*Site
	byWork map[ast.Expr]*Site
	byCall map[*ast.CallExpr]*Site
	facts  map[types.Object]*Spawner
	// sharerFacts are the Sharer facts, of this package and others.
	sharerFacts map[types.Object]*Sharer
	// repeatFacts are the Repeater facts, of this package and others.
	repeatFacts map[types.Object]*Repeater
	// concrete resolves the interface method of go x.M() (see Concrete).
	concrete map[*ast.SelectorExpr]*types.Func
}

// SiteOf returns the first spawn site whose Node is n, or nil.
func (r *Result) SiteOf(n ast.Node) *Site {
	if s := r.byNode[n]; len(s) > 0 {
		return s[0]
	}
	return nil
}

// GoCall returns the site of the go statement whose call is call, or nil:
// the call's arguments are the spawned work's, reported by spawnctx.
func (r *Result) GoCall(call *ast.CallExpr) *Site { return r.byCall[call] }

// SitesOf returns every spawn site whose Node is n (a spawner may run
// several func arguments).
func (r *Result) SitesOf(n ast.Node) []*Site { return r.byNode[n] }

// WorkOf returns the site whose Work is e (a func literal, say), or nil.
func (r *Result) WorkOf(e ast.Expr) *Site { return r.byWork[e] }

// Concrete returns the concrete method that the work e of a site runs
// (go x.M(), g.Go(x.M)) when e is x.M on a local interface variable x whose
// dynamic type is known in the function (see the package function
// Concrete), or nil.
func (r *Result) Concrete(e ast.Expr) *types.Func {
	sel, _ := ast.Unparen(e).(*ast.SelectorExpr)
	return r.concrete[sel]
}

// Fact returns the Spawner fact of fn, from this package or another.
func (r *Result) Fact(fn *types.Func) (*Spawner, bool) {
	f, ok := r.facts[fn.Origin()]
	return f, ok
}

// builtin describes a spawner of the built-in table: the func parameter it
// runs and, for runctx, the context parameter it carries (-1: none).
type builtin struct {
	param, carries int
}

// builtins is keyed by lintkit.FuncName.
var builtins = map[string]builtin{
	"(*golang.org/x/sync/errgroup.Group).Go":                      {0, -1},
	"(*golang.org/x/sync/errgroup.Group).TryGo":                   {0, -1},
	"(*sync.WaitGroup).Go":                                        {0, -1},
	"(*github.com/sourcegraph/conc.WaitGroup).Go":                 {0, -1},
	"(*github.com/sourcegraph/conc/pool.Pool).Go":                 {0, -1},
	"(*github.com/sourcegraph/conc/pool.ErrorPool).Go":            {0, -1},
	"(*github.com/sourcegraph/conc/pool.ContextPool).Go":          {0, -1},
	"(*github.com/sourcegraph/conc/pool.ResultPool[T]).Go":        {0, -1},
	"(*github.com/sourcegraph/conc/pool.ResultErrorPool[T]).Go":   {0, -1},
	"(*github.com/sourcegraph/conc/pool.ResultContextPool[T]).Go": {0, -1},
	"github.com/panjf2000/ants/v2.Submit":                         {0, -1},
	"(*github.com/panjf2000/ants/v2.Pool).Submit":                 {0, -1},
	"github.com/panjf2000/ants.Submit":                            {0, -1},
	"(*github.com/panjf2000/ants.Pool).Submit":                    {0, -1},
	"(*github.com/gammazero/workerpool.WorkerPool).Submit":        {0, -1},
	"(*github.com/gammazero/workerpool.WorkerPool).SubmitWait":    {0, -1},
	"time.AfterFunc": {1, -1},
	// The reference runtime hands the caller's context to the work.
	"github.com/ctxbound/ctxbound/runctx.Go":             {1, 0},
	"(*github.com/ctxbound/ctxbound/runctx.Group).Go":    {0, -2},
	"(*github.com/ctxbound/ctxbound/runctx.Pool).Submit": {1, 0},
}

// carriesOwn marks a runtime spawner that hands the work a context it owns
// (runctx.Group's, derived from the caller's at construction).
const carriesOwn = -2

type state struct {
	pass  *analysis.Pass
	dirs  *directives.Result
	cfg   *config.Config
	facts map[types.Object]*Spawner
	local map[*types.Func]*Spawner
	// queueOps marks the declarations that send on a channel or call
	// append, noted by the first round of infer (nil after it).
	queueOps map[*ast.FuncDecl]bool
}

func run(pass *analysis.Pass) (any, error) {
	st := &state{
		pass:     pass,
		dirs:     pass.ResultOf[directives.Analyzer].(*directives.Result),
		cfg:      pass.ResultOf[config.Analyzer].(*config.Config),
		facts:    lintkit.ObjectFacts[*Spawner](pass),
		local:    map[*types.Func]*Spawner{},
		queueOps: map[*ast.FuncDecl]bool{},
	}

	// Infer spawners among the package's functions, to a fixed point: a
	// function that hands a func parameter to a local spawner is one too.
	// Then queue-based spawners among the rest, whose workers are the work
	// of the sites known so far; they may make more wrappers and start more
	// workers, so until nothing changes.
	var decls []*ast.FuncDecl
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if d, ok := d.(*ast.FuncDecl); ok && d.Body != nil && hasFuncParam(d) {
				decls = append(decls, d)
			}
		}
	}
	var candidates []*ast.FuncDecl
	var res *Result
	for {
		for changed := true; changed; {
			changed = false
			for _, d := range decls {
				fn, _ := pass.TypesInfo.Defs[d.Name].(*types.Func)
				if fn == nil || st.local[fn] != nil {
					continue
				}
				if f := st.infer(d, fn); f != nil {
					st.local[fn] = f
					st.facts[fn] = f
					changed = true
				}
			}
			if st.queueOps != nil {
				for _, d := range decls {
					if st.queueOps[d] {
						candidates = append(candidates, d)
					}
				}
				st.queueOps = nil
			}
		}
		res = st.collect()
		if len(candidates) == 0 || !st.inferQueues(candidates, res.Sites) {
			break
		}
	}
	for fn, f := range st.local {
		pass.ExportObjectFact(fn, f)
	}
	res.sharerFacts = lintkit.ObjectFacts[*Sharer](pass)
	st.inferSharers(decls, res.sharerFacts)
	res.repeatFacts = lintkit.ObjectFacts[*Repeater](pass)
	st.inferRepeaters(decls, res.repeatFacts)
	return res, nil
}

// collect returns the sites of the package with the spawners known so far,
// declaration by declaration, so that work x.M on a local interface
// variable (go x.M(), g.Go(x.M)) is resolved within its function.
func (st *state) collect() *Result {
	pass := st.pass
	res := &Result{byNode: map[ast.Node][]*Site{}, byWork: map[ast.Expr]*Site{}, byCall: map[*ast.CallExpr]*Site{},
		concrete: map[*ast.SelectorExpr]*types.Func{}, facts: st.facts}
	for _, f := range pass.Files {
		for _, decl := range f.Decls {
			for n := range spawnNodes(decl) {
				for _, s := range st.sites(n) {
					res.add(s)
					if sel, ok := s.Work.(*ast.SelectorExpr); ok {
						if m := Concrete(pass.TypesInfo, decl, sel); m != nil {
							res.concrete[sel] = m
						}
					}
				}
			}
		}
	}
	return res
}

func (r *Result) add(s *Site) {
	r.Sites = append(r.Sites, s)
	r.byNode[s.Node] = append(r.byNode[s.Node], s)
	if _, seen := r.byWork[s.Work]; !seen {
		r.byWork[s.Work] = s
	}
	if s.Call != nil {
		r.byCall[s.Call] = s
	}
}

func hasFuncParam(d *ast.FuncDecl) bool {
	for _, f := range d.Type.Params.List {
		if _, ok := f.Type.(*ast.FuncType); ok {
			return true
		}
		if _, ok := f.Type.(*ast.Ident); ok { // a named func type
			return true
		}
		if _, ok := f.Type.(*ast.SelectorExpr); ok {
			return true
		}
	}
	return false
}

// sites returns the spawn sites at n, a *ast.GoStmt or *ast.CallExpr.
func (st *state) sites(n ast.Node) []*Site {
	switch n := n.(type) {
	case *ast.GoStmt:
		return []*Site{{Node: n, Kind: GoStmt, Boundary: "goroutine", Work: ast.Unparen(n.Call.Fun), Call: n.Call}}
	case *ast.CallExpr:
		if !st.funcArg(n) {
			return nil // most calls: no func argument to run
		}
		fn := lintkit.Callee(st.pass.TypesInfo, n)
		if fn == nil {
			fn = lintkit.InterfaceCallee(st.pass.TypesInfo, n)
		}
		if fn == nil {
			return nil
		}
		kind, params, carries := st.spawner(fn)
		if params == nil {
			return nil
		}
		boundary := lintkit.ShortName(fn, nil)
		if kind == Annotated || kind == Inferred {
			boundary = "wrapper " + lintkit.ShortName(fn, st.pass.Pkg)
			if f, ok := st.facts[fn.Origin()]; ok && f.Queue && kind == Inferred {
				boundary = "queue " + lintkit.ShortName(fn, st.pass.Pkg)
			}
		}
		var sites []*Site
		for _, p := range params {
			if p >= len(n.Args) || n.Ellipsis.IsValid() {
				continue
			}
			s := &Site{Node: n, Kind: kind, Boundary: boundary, Work: ast.Unparen(n.Args[p]), Func: fn, Arg: p}
			switch {
			case carries >= 0 && carries < len(n.Args):
				s.Carries, s.CtxArg = true, n.Args[carries]
			case carries == carriesOwn:
				s.Carries = true // the group owns a context derived from its creator's
			}
			sites = append(sites, s)
		}
		return sites
	}
	return nil
}

// spawner says whether fn is a spawner, how it is known, which parameters
// it runs, and which context it carries.
func (st *state) spawner(fn *types.Func) (Kind, []int, int) {
	name := lintkit.FuncName(fn)
	if b, ok := builtins[name]; ok && b.param >= 0 {
		kind := Builtin
		if fn.Pkg() != nil && fn.Pkg().Path() == RuntimePath {
			kind = Runtime
		}
		return kind, []int{b.param}, b.carries
	}
	if st.dirs.Has(fn, directives.Spawner) || st.cfg.IsSpawner(name) {
		return Annotated, funcParams(fn.Signature()), -1
	}
	if f, ok := st.facts[fn.Origin()]; ok {
		return Inferred, f.Params, f.Carries
	}
	return 0, nil, -1
}

// funcParamVars maps the func-typed parameters of sig (funcParams) to
// their indices.
func funcParamVars(sig *types.Signature) map[*types.Var]int {
	params := map[*types.Var]int{}
	for _, i := range funcParams(sig) {
		params[sig.Params().At(i)] = i
	}
	return params
}

// funcParams returns the indices of the func-typed parameters of sig
// (not the variadic one).
func funcParams(sig *types.Signature) []int {
	var idx []int
	n := sig.Params().Len()
	for i := range n {
		if sig.Variadic() && i == n-1 {
			break
		}
		if _, ok := sig.Params().At(i).Type().Underlying().(*types.Signature); ok {
			idx = append(idx, i)
		}
	}
	return idx
}

// infer returns the Spawner fact of d if it runs one of its func parameters
// on another goroutine: the parameter is used inside the work of a spawn
// site in d's body (go p(), go func() { p() }(), g.Go(p), a local spawner).
func (st *state) infer(d *ast.FuncDecl, fn *types.Func) *Spawner {
	defer lintkit.At(st.pass.Fset, d)
	sig := fn.Signature()
	params := funcParamVars(sig)
	if len(params) == 0 {
		return nil
	}
	ctxParams := lintkit.ContextParams(sig)
	spawned := map[int]bool{}
	carries := -1
	for n := range spawnNodes(d.Body) {
		if st.queueOps != nil && isQueueOp(st.pass.TypesInfo, n) {
			st.queueOps[d] = true // a candidate submitter: inferQueues looks closer
		}
		for _, s := range st.sites(n) {
			if s.Kind == Runtime && s.CtxArg != nil {
				// runctx carries: the wrapper does too if it hands on its
				// own ctx parameter.
				if v := st.paramOf(s.CtxArg, sig, ctxParams); v >= 0 {
					carries = v
				}
			}
			ast.Inspect(s.Work, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr: // p(ctx) inside the work
					if v, _ := st.pass.TypesInfo.Uses[identOf(n.Fun)].(*types.Var); v != nil {
						if _, ok := params[v]; ok && carries < 0 {
							carries = st.carried(n, sig, ctxParams)
						}
					}
				case *ast.Ident:
					v, _ := st.pass.TypesInfo.Uses[n].(*types.Var)
					if i, ok := params[v]; ok {
						spawned[i] = true
						if s.Call != nil && carries < 0 {
							carries = st.carried(s.Call, sig, ctxParams)
						}
					}
				}
				return true
			})
			if s.Call != nil { // go f(args): args passed to the work
				for _, a := range s.Call.Args {
					if v, _ := st.pass.TypesInfo.Uses[identOf(a)].(*types.Var); v != nil {
						if i, ok := params[v]; ok {
							spawned[i] = true
						}
					}
				}
			}
		}
	}
	if len(spawned) == 0 {
		return nil
	}
	f := &Spawner{Carries: carries}
	for i := range spawned {
		f.Params = append(f.Params, i)
	}
	slices.Sort(f.Params)
	return f
}

// carried returns the index of the ctx parameter of sig passed in call, or -1.
func (st *state) carried(call *ast.CallExpr, sig *types.Signature, ctxParams []int) int {
	for _, a := range call.Args {
		if i := st.paramOf(a, sig, ctxParams); i >= 0 {
			return i
		}
	}
	return -1
}

// paramOf returns the index of the ctx parameter that e names, or -1.
func (st *state) paramOf(e ast.Expr, sig *types.Signature, ctxParams []int) int {
	v, _ := st.pass.TypesInfo.Uses[identOf(e)].(*types.Var)
	for _, i := range ctxParams {
		if v != nil && sig.Params().At(i) == v {
			return i
		}
	}
	return -1
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// funcArg reports whether call passes a func value (of any named or unnamed
// func type), the only kind of argument a spawner can run: a cheap test
// before the callee is resolved.
func (st *state) funcArg(call *ast.CallExpr) bool {
	for _, a := range call.Args {
		if t := st.pass.TypesInfo.Types[a].Type; t != nil {
			if _, ok := t.Underlying().(*types.Signature); ok {
				return true
			}
		}
	}
	return false
}

// spawnNodes yields the go statements and calls under roots, in source
// order: the candidates for spawn sites; and the send statements, the
// candidates for queue submissions.
func spawnNodes[N ast.Node](roots ...N) iter.Seq[ast.Node] {
	return func(yield func(ast.Node) bool) {
		ok := true
		for _, root := range roots {
			ast.Inspect(root, func(n ast.Node) bool {
				switch n.(type) {
				case *ast.GoStmt, *ast.CallExpr, *ast.SendStmt:
					ok = ok && yield(n)
				}
				return ok
			})
		}
	}
}
