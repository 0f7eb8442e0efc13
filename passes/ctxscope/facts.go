package ctxscope

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// maxVia bounds the helpers between a caller and the function that makes
// the root, in the facts other packages see: deeper chains are an API's
// implementation detail (a TLS renegotiation three calls below
// QUICConn.HandleData), not a missing parameter its caller can add.
const maxVia = 1

// maxLocalVia bounds the helpers of a chain whose every function is of the
// package being checked: a controller's Reconcile(ctx) that calls
// reconcileExperiment, which calls reconcileTrials, which calls
// createTrials, which creates with context.TODO() (two helpers between the
// function called and the one that makes the root). The caller and every
// helper are the same package's code, one change threads the context
// through them, and no other package sees the chain: the fact exported
// for it keeps maxVia. Deeper, a root is more often a subsystem's own
// (telemetry recorded for each span an exporter is handed) than the
// caller's.
const maxLocalVia = 2

// ReturnsRoot is the fact of a function whose context result is always a
// root context: func background() context.Context { return
// context.Background() }. Passing its result on drops the caller's context.
type ReturnsRoot struct {
	What string // "context.Background"
	At   string // "file.go:12": where, for messages across packages
}

// AFact marks ReturnsRoot as a fact.
func (*ReturnsRoot) AFact() {}

func (f *ReturnsRoot) String() string { return fmt.Sprintf("returns root %s at %s", f.What, f.At) }

// MakesRoot is the fact of a function that has no context in scope and
// makes a root context that it uses itself, directly or through the chain
// Via of functions of the same module. A caller with a context cannot pass
// it through: the function needs a ctx parameter.
type MakesRoot struct {
	What   string // "context.Background"
	At     string // "file.go:12"
	Via    []Step // helpers from this function's callee to the maker
	Module string // the module that declares the maker: only there is it actionable
	// Compat: the function is the context-less variant of an API that
	// delegates to its Context variant with a root (Query calling
	// QueryContext(context.Background(), ...)): its callers are told to
	// call the variant, and the fact does not pass on to them.
	Compat bool
	// LogOnly: every root it makes only reaches printf-style log calls
	// (logonly.go). Its own package hears of it; callers in other packages
	// are not told to give it a ctx parameter for a log line.
	LogOnly bool
	// LogCalls: every root it makes only reaches log calls of any kind
	// (LogCall: slog's too). A caller whose only context is its
	// component's lifetime loses nothing through it (OwnerLogged).
	LogCalls bool
	// ZeroParams: the root is made only when these parameters (indices)
	// are their zero value (if name == "" { ... }: guards.go); a caller
	// that cannot meet that (it passes a non-empty constant, or a value it
	// tested) is not blamed.
	ZeroParams []int
	// Loop: the function is a background loop (Worker: an accept loop, a
	// reaper): started on a goroutine, it is its component's, and its
	// roots are not the starting call's, in this package or another.
	Loop bool
}

// A Step is one helper of a MakesRoot chain: the call of function Name
// (declared in package Pkg) at At.
type Step struct {
	Pkg, Name, At string
}

// Chain renders the fact for a message in package from: "context.Background",
// or "through store.flush: context.Background", helpers package-qualified
// when they are declared elsewhere. Messages carry no positions (STYLE §3):
// where the helper is in this package, its position goes in Related.
func (f *MakesRoot) Chain(from *types.Package) string { return f.chain(from, false) }

func (f *MakesRoot) chain(from *types.Package, positions bool) string {
	s := f.What
	if positions {
		s += " at " + f.At
	}
	if len(f.Via) == 0 {
		return s
	}
	steps := make([]string, len(f.Via))
	for i, st := range f.Via {
		name := st.Name
		if from == nil || st.Pkg != from.Path() {
			name = path.Base(st.Pkg) + "." + name
		}
		if positions {
			name = fmt.Sprintf("%s (%s)", name, st.At)
		}
		steps[i] = name
	}
	return "through " + strings.Join(steps, ", ") + ": " + s
}

// Detaches is the fact of a function that returns its context parameter
// Param detached from the caller's cancellation but with its values: every
// context it returns is context.WithoutCancel of it, or a root seeded with
// its values (trace.ContextWithSpan(context.Background(),
// trace.SpanFromContext(ctx)), a logger copied over). Its result is
// detached wherever WithoutCancel's is: spawned work, shared work, drops.
type Detaches struct {
	Param int
}

// AFact marks Detaches as a fact.
func (*Detaches) AFact() {}

func (f *Detaches) String() string { return fmt.Sprintf("detaches ctx %d", f.Param) }

// Detaches reports whether fn returns its context parameter detached (a
// Detaches fact), from this package or another.
func (r *Result) Detaches(fn *types.Func) bool {
	_, ok := r.detach[fn.Origin()]
	return ok
}

// HandsBack is the fact of a function that takes a context and returns,
// among its results, a context of another provenance at index Result,
// with some work: a queue's Read(ctx) that blocks on ctx and hands back
// the context the work was queued with. The context it returns is the
// work's: discarding it while the work goes on with a root drops it.
type HandsBack struct {
	Result int
}

// AFact marks HandsBack as a fact.
func (*HandsBack) AFact() {}

func (f *HandsBack) String() string {
	return fmt.Sprintf("hands back a context at result %d", f.Result)
}

// AFact marks MakesRoot as a fact.
func (*MakesRoot) AFact() {}

func (f *MakesRoot) String() string {
	s := "makes root " + f.chain(nil, true)
	if f.Compat {
		s += " (the context-less variant)"
	}
	if f.LogOnly {
		s += " (for log lines only)"
	} else if f.LogCalls {
		s += " (for log calls only)"
	}
	if f.Loop {
		s += " (a background loop)"
	}
	if len(f.ZeroParams) > 0 {
		s += " when param " + paramList(f.ZeroParams) + " is zero"
	}
	return s
}

// Returns returns the ReturnsRoot fact of fn, from this package or another.
func (r *Result) Returns(fn *types.Func) (*ReturnsRoot, bool) {
	f, ok := r.returns[fn.Origin()]
	return f, ok
}

// Makes returns the MakesRoot fact of fn if it is actionable here: fn's
// root is made in the module being checked.
func (r *Result) Makes(fn *types.Func) (*MakesRoot, bool) {
	f, ok := r.makes[fn.Origin()]
	if !ok || f.Module != r.module || f.LogOnly && fn.Pkg() != r.pass.Pkg {
		return nil, false
	}
	return f, true
}

// paramList spells parameter indices for a fact's String: "0, 2".
func paramList(ps []int) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = strconv.Itoa(p)
	}
	return strings.Join(s, ", ")
}

// A ChainStep is one function of a MakesRoot chain declared in this
// package, and where it makes its root context or calls the next helper.
type ChainStep struct {
	Func *types.Func
	Pos  token.Pos
}

// MakesChain returns the steps of fn's MakesRoot chain that are declared in
// this package, fn first, for Related positions: the chain with positions.
func (r *Result) MakesChain(fn *types.Func) []ChainStep {
	var steps []ChainStep
	for fn != nil && len(steps) <= maxLocalVia {
		ats := r.makesAt[fn.Origin()]
		if len(ats) == 0 {
			break
		}
		steps = append(steps, ChainStep{Func: fn, Pos: ats[0].pos})
		fn = ats[0].next
	}
	return steps
}

func (r *Result) where(pos token.Pos) string {
	p := r.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// computeFacts exports ReturnsRoot, ReadsValues and MakesRoot facts for
// the package's functions, each to a fixed point over calls within the
// package.
func (r *Result) computeFacts() {
	var decls []*ast.FuncDecl
	for _, n := range r.Funcs() { // an order that is the same under every driver
		if d, ok := n.(*ast.FuncDecl); ok && d.Body != nil {
			decls = append(decls, d)
		}
	}

	local := map[*types.Func]bool{}
	for changed := true; changed; {
		changed = false
		for _, d := range decls {
			fn, _ := r.pass.TypesInfo.Defs[d.Name].(*types.Func)
			if fn == nil || local[fn] || !r.returnsContext(fn.Signature()) {
				continue
			}
			if f := r.returnsRoot(d); f != nil {
				r.returns[fn] = f
				local[fn] = true
				changed = true
				r.invalidate() // classes that use fn's result change
			}
		}
	}
	for _, d := range decls {
		if fn, _ := r.pass.TypesInfo.Defs[d.Name].(*types.Func); fn != nil && local[fn] {
			r.pass.ExportObjectFact(fn, r.returns[fn])
		}
	}

	r.computeDetaches(decls)
	r.computeHandsBack(decls)
	r.resolveHandBacks()
	r.computeReads(decls)

	// MakesRoot is only actionable in the module being checked; a versioned
	// dependency's facts would never be used.
	if r.pass.Module != nil && r.pass.Module.Version != "" {
		return
	}
	// To a fixed point: a function's fact is computed again whenever a
	// function it calls gets a fact or a new one (a helper declared below
	// its caller, or one whose roots grew), so that every root it reaches
	// is among its makers, not only those known on the first pass.
	exported := map[*types.Func]*MakesRoot{} // the facts within maxVia, for other packages
	work := decls
	for round := 0; len(work) > 0 && round < maxFactRounds; round++ {
		changed := map[*types.Func]bool{}
		for _, d := range work {
			fn, _ := r.pass.TypesInfo.Defs[d.Name].(*types.Func)
			if fn == nil || r.OwnsContext(d) || r.inTestFile(d) {
				continue // test scaffolding makes its own contexts, as tests do
			}
			f, ats, export := r.makesRoot(d)
			if f == nil || sameMakes(r.makes[fn], r.makesAt[fn], f, ats) {
				continue
			}
			f.Loop = r.workerBody(d.Body)
			r.makes[fn] = f
			r.makesAt[fn] = ats
			delete(exported, fn)
			if export != nil {
				export.Loop = f.Loop
				exported[fn] = export
			}
			changed[fn] = true
		}
		work = nil
		if len(changed) > 0 {
			for _, d := range decls {
				if callsAny(r.pass.TypesInfo, d.Body, changed) {
					work = append(work, d)
				}
			}
		}
	}
	for _, d := range decls {
		if fn, _ := r.pass.TypesInfo.Defs[d.Name].(*types.Func); fn != nil && exported[fn] != nil {
			r.pass.ExportObjectFact(fn, exported[fn])
		}
	}
}

// maxFactRounds bounds the rounds of the MakesRoot fixed point: each
// round reaches one more caller up a chain, and a chain is at most
// maxLocalVia helpers long; recursion may change facts a few rounds more.
const maxFactRounds = 2*maxLocalVia + 4

// sameMakes reports whether a fact and its roots are what was known.
func sameMakes(f0 *MakesRoot, ats0 []makesAt, f *MakesRoot, ats []makesAt) bool {
	return f0 != nil && f0.LogOnly == f.LogOnly && f0.LogCalls == f.LogCalls && slices.Equal(f0.ZeroParams, f.ZeroParams) &&
		slices.Equal(ats0, ats) && len(f0.Via) == len(f.Via)
}

// callsAny reports whether body calls one of fns, in it or in a literal in
// it.
func callsAny(info *types.Info, body *ast.BlockStmt, fns map[*types.Func]bool) bool {
	return lintkit.Any(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return false
		}
		fn := lintkit.Callee(info, call)
		return fn != nil && fns[fn.Origin()]
	})
}

// invalidate forgets the computed flows: a new fact changes classes.
func (r *Result) invalidate() {
	r.mu.Lock()
	clear(r.flows)
	clear(r.pkgMemo)
	r.mu.Unlock()
}

func (r *Result) returnsContext(sig *types.Signature) bool {
	for i := range sig.Results().Len() {
		if r.ctx.is(sig.Results().At(i).Type()) {
			return true
		}
	}
	return false
}

// computeDetaches exports Detaches facts, to a fixed point: a detach
// helper may call another.
func (r *Result) computeDetaches(decls []*ast.FuncDecl) {
	local := map[*types.Func]bool{}
	for changed := true; changed; {
		changed = false
		for _, d := range decls {
			fn, _ := r.pass.TypesInfo.Defs[d.Name].(*types.Func)
			if fn == nil || local[fn] || len(r.fn(d).ctxParams) == 0 || !r.returnsContext(fn.Signature()) {
				continue
			}
			if f := r.detaches(d, fn); f != nil {
				r.detach[fn] = f
				local[fn] = true
				changed = true
				r.invalidate()
			}
		}
	}
	for _, d := range decls {
		if fn, _ := r.pass.TypesInfo.Defs[d.Name].(*types.Func); fn != nil && local[fn] {
			r.pass.ExportObjectFact(fn, r.detach[fn])
		}
	}
}

// computeHandsBack exports HandsBack facts: a function with a context
// parameter whose results are a context and some work, and whose every
// returned context is not derived from a context parameter (a field of a
// queued item, a root on an error path).
func (r *Result) computeHandsBack(decls []*ast.FuncDecl) {
	for _, d := range decls {
		fn, _ := r.pass.TypesInfo.Defs[d.Name].(*types.Func)
		if fn == nil || len(r.fn(d).ctxParams) == 0 {
			continue
		}
		if f := r.handsBack(d, fn); f != nil {
			r.hands[fn] = f
			r.pass.ExportObjectFact(fn, f)
		}
	}
}

// handsBack returns the fact of d if it hands back a context of its own.
func (r *Result) handsBack(d *ast.FuncDecl, fn *types.Func) *HandsBack {
	defer lintkit.At(r.pass.Fset, d)
	res := fn.Signature().Results()
	at := -1
	payload := false
	for i := range res.Len() {
		t := res.At(i).Type()
		switch {
		case r.ctx.is(t):
			if at >= 0 {
				return nil
			}
			at = i
		case isCancelFunc(t), types.Implements(t, errorType()), types.Implements(types.NewPointer(t), errorType()):
		default:
			payload = true
		}
	}
	if at < 0 || !payload {
		return nil
	}
	rets, ok := returnStmts(d.Body)
	if !ok || len(rets) == 0 {
		return nil
	}
	for _, ret := range rets {
		if len(ret.Results) != res.Len() {
			return nil // return f(): not followed
		}
		if c := r.Classify(ret.Results[at]); c.Kind == Caller || c.Kind == Detached {
			return nil // derived from a context it was given
		}
	}
	return &HandsBack{Result: at}
}

// detaches returns the fact of d if every context it returns is detached
// from one and the same of its context parameters.
func (r *Result) detaches(d *ast.FuncDecl, fn *types.Func) *Detaches {
	defer lintkit.At(r.pass.Fset, d)
	rets, ok := returnStmts(d.Body)
	if !ok {
		return nil
	}
	var param *types.Var
	for _, ret := range rets {
		for _, res := range ret.Results {
			if t := r.pass.TypesInfo.TypeOf(res); t == nil || !r.ctx.is(t) {
				continue
			}
			c := r.Classify(res)
			if c.Kind != Detached || c.Param == nil || param != nil && c.Param != param {
				return nil
			}
			param = c.Param
		}
	}
	if param == nil {
		return nil
	}
	ps := fn.Signature().Params()
	for i := range ps.Len() {
		if ps.At(i) == param {
			return &Detaches{Param: i}
		}
	}
	return nil
}

// returnStmts returns the return statements of a function body, outside
// the literals in it; false when one is a bare return (of named results,
// not followed).
func returnStmts(body *ast.BlockStmt) ([]*ast.ReturnStmt, bool) {
	var rets []*ast.ReturnStmt
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 0 {
				ok = false
			}
			rets = append(rets, n)
		}
		return ok
	})
	return rets, ok
}

// returnsRoot returns the fact of d if every context it returns is a root.
func (r *Result) returnsRoot(d *ast.FuncDecl) *ReturnsRoot {
	defer lintkit.At(r.pass.Fset, d)
	rets, ok := returnStmts(d.Body)
	if !ok {
		return nil
	}
	var first *Class
	for _, ret := range rets {
		for _, res := range ret.Results {
			if t := r.pass.TypesInfo.TypeOf(res); t == nil || !r.ctx.is(t) {
				continue // a tuple (return f()) is no context either
			}
			c := r.Classify(res)
			if c.Kind != Root {
				return nil
			}
			if first == nil {
				first = &c
			}
		}
	}
	if first == nil {
		return nil
	}
	return &ReturnsRoot{What: first.What, At: r.where(first.Origin.Pos())}
}

// makesRoot returns the fact of d, a function with no context in scope, if
// it makes a root context it uses itself or calls a helper of this module
// that does, and where: every such root or call (a function that calls
// two helpers that each make a root has two causes, each reported at its
// maker), the fact's first. Not its own, so not blamed on its callers:
//   - a function that returns a context: it hands its context over (a
//     lazily made default, fiber's UserContext), and ReturnsRoot covers
//     the one that is always a root;
//   - literals it returns, stores or sends: whoever runs them makes their
//     roots;
//   - goroutines it starts that are a background loop (Worker: a server's
//     per-connection loop, a pool's reaper; or a literal a repeater runs
//     over and over on a goroutine, wait.Until's) or a single-flight job
//     (singleFlight: one pending at a time, serving every caller), work
//     of their own that a caller's context would not bind; a one-shot
//     goroutine (a hook run
//     once, a notification sent) is the function's work, done on another
//     goroutine, and its root is blamed on the callers like any;
//   - a root with a deadline of its own whose work reads no context
//     values: the function bounds its work on purpose (a shutdown, a
//     cleanup), and its callers lose no values through it.
//
// Its second fact is the one other packages see: the same over the roots
// within maxVia helpers, or nil.
func (r *Result) makesRoot(d *ast.FuncDecl) (*MakesRoot, []makesAt, *MakesRoot) {
	defer lintkit.At(r.pass.Fset, d)
	if obj, ok := r.pass.TypesInfo.Defs[d.Name].(*types.Func); ok {
		res := obj.Signature().Results()
		for i := range res.Len() {
			if r.ctx.like(res.At(i).Type()) {
				// It hands its context to its caller (a request's
				// UserContext, made lazily from a root): the caller sees
				// it, and ReturnsRoot says when it is always a root.
				return nil, nil, nil
			}
		}
	}
	enter := func(lit *ast.FuncLit) bool {
		fi := r.fn(lit)
		return (!r.OwnsContext(lit) || r.rootLabelled(lit)) && !r.Detached(lit) && !fi.loop && (!fi.goroutine || !r.workerBody(lit.Body) && !r.singleFlight(lit.Body, d))
	}
	// The roots that do more than reach a log line make the fact; failing
	// them, the log-only roots make a LogOnly fact.
	var local, export makesFacts
	for _, drop := range r.Drops(d, enter) {
		// The context-less variant of an API (Query calling
		// QueryContext(context.Background(), ...)) makes a root too: its
		// callers with a context are told to call the variant instead.
		if (drop.Exempt != "" && drop.Exempt != "compat") || drop.Returned || r.goCalls[drop.Call] && !r.oneShotCall(drop.Call, d) {
			continue
		}
		if drop.Class.Deadline && drop.Reads == nil {
			continue
		}
		guards := r.guardsAt(d, drop.Call.Pos())
		var f *MakesRoot
		var at makesAt
		if drop.Helper != nil {
			if drop.Fact.Compat {
				// A call of another API's context-less variant is reported
				// at the call (call its Context variant); it makes this
				// function no root maker of its own (net.Dial, through
				// Dialer.Dial: a caller should dial with a Dialer and ctx).
				continue
			}
			step := Step{Name: lintkit.ShortName(drop.Helper, drop.Helper.Pkg()), At: r.where(drop.Call.Pos())}
			if drop.Helper.Pkg() != nil {
				step.Pkg = drop.Helper.Pkg().Path()
			}
			via := append([]Step{step}, drop.Fact.Via...)
			if len(via) > maxVia && (len(via) > maxLocalVia || !r.localChain(via)) {
				continue
			}
			f = &MakesRoot{What: drop.Fact.What, At: drop.Fact.At, Via: via, Module: r.module, LogOnly: drop.Fact.LogOnly, LogCalls: drop.Fact.LogCalls}
			at = makesAt{pos: drop.Call.Pos(), next: drop.Helper}
			// The helper's guards on the arguments that are this
			// function's own parameters are its guards too.
			_, residual := r.meets(drop.Call, drop.Fact.ZeroParams, d)
			guards = unionGuards(guards, residual)
		} else {
			o := drop.Class.Origin
			f = &MakesRoot{What: drop.Class.What, At: r.where(o.Pos()), Module: r.module, Compat: drop.Exempt == "compat"}
			f.LogOnly = !f.Compat && r.logOnly(d, o, false)
			f.LogCalls = !f.Compat && (f.LogOnly || r.logOnly(d, o, true))
			at = makesAt{pos: o.Pos(), origin: o, what: drop.Class.What, logCalls: f.LogCalls}
			if len(drop.ArgGuards) > 0 {
				// The callee uses the root only where some of its
				// parameters are zero: where they are this function's
				// own, so is its root.
				_, residual := r.meets(drop.Call, drop.ArgGuards, d)
				guards = unionGuards(guards, residual)
			}
		}
		f.ZeroParams = guards
		if len(f.Via) <= maxVia {
			g := *f
			export.add(&g, at)
		}
		local.add(f, at)
	}
	f, ats := local.result()
	g, _ := export.result()
	return f, ats, g
}

// makesFacts gathers the roots of one function into its MakesRoot fact.
type makesFacts struct {
	fact, logFact *MakesRoot
	ats, logAts   []makesAt
}

// add adds a root, or a call of a helper that makes one, at at.
func (m *makesFacts) add(f *MakesRoot, at makesAt) {
	if f.LogOnly {
		if m.logFact == nil {
			m.logFact = f
		} else {
			m.logFact.ZeroParams = commonGuards(m.logFact.ZeroParams, f.ZeroParams)
		}
		m.logAts = append(m.logAts, at)
		return
	}
	if m.fact == nil {
		m.fact = f
	} else {
		// The function makes a root where any of its roots is made:
		// only the guards every root has hold for all, and it is for log
		// calls only if every root is.
		m.fact.ZeroParams = commonGuards(m.fact.ZeroParams, f.ZeroParams)
		m.fact.LogCalls = m.fact.LogCalls && f.LogCalls
	}
	m.ats = append(m.ats, at)
}

// result returns the fact and where the roots are made: the roots that do
// more than reach a log line, failing them the log-only ones.
func (m *makesFacts) result() (*MakesRoot, []makesAt) {
	if m.fact != nil {
		return m.fact, m.ats
	}
	return m.logFact, m.logAts
}

// localChain reports whether every helper of a chain is of the package
// being checked: the maker too, the chain's last.
func (r *Result) localChain(via []Step) bool {
	for _, st := range via {
		if st.Pkg != r.pass.Pkg.Path() {
			return false
		}
	}
	return true
}

// unionGuards returns the guards of a and b, sorted, each once: a root
// behind both conditions.
func unionGuards(a, b []int) []int {
	out := slices.Clone(a)
	for _, g := range b {
		if !slices.Contains(out, g) {
			out = append(out, g)
		}
	}
	slices.Sort(out)
	return out
}

// commonGuards returns the guards both a and b have: what holds wherever
// either root is made.
func commonGuards(a, b []int) []int {
	var out []int
	for _, g := range a {
		if slices.Contains(b, g) {
			out = append(out, g)
		}
	}
	return out
}

// contextVariant returns the variant of fn that takes a context, named
// fn's name + "Context" in the same package or method set (Query ->
// QueryContext, Dial -> DialContext), or nil. Where it exists, that is the
// fix for a caller, rather than a new parameter.
func contextVariant(fn *types.Func) *types.Func {
	names := make([]string, 0, len(variantSuffixes))
	for _, suffix := range variantSuffixes {
		names = append(names, fn.Name()+suffix)
	}
	return lookupVariant(fn, names)
}

// Variant returns the variant of fn that code of this package calls with
// its context: contextVariant, or for an exported function of this
// package that only delegates to its unexported namesake with a root
// (DialUDP calling dialUDP(context.Background(), ...): a MakesRoot fact
// marked Compat), the namesake; nil if there is none.
func (r *Result) Variant(fn *types.Func) *types.Func {
	if v := contextVariant(fn); v != nil {
		return v
	}
	if fn.Pkg() != r.pass.Pkg {
		return nil // another package's namesake is not its callers' to call
	}
	if f, ok := r.makes[fn.Origin()]; !ok || !f.Compat {
		return nil
	}
	if n := unexportedName(fn.Name()); n != fn.Name() {
		return lookupVariant(fn, []string{n})
	}
	return nil
}

// lookupVariant returns the first function of names, in fn's package or
// method set, that takes a context, or nil.
func lookupVariant(fn *types.Func, names []string) *types.Func {
	for _, name := range names {
		var obj types.Object
		if recv := fn.Signature().Recv(); recv != nil {
			obj, _, _ = types.LookupFieldOrMethod(recv.Type(), true, fn.Pkg(), name)
		} else if fn.Pkg() != nil {
			obj = fn.Pkg().Scope().Lookup(name)
		}
		if v, ok := obj.(*types.Func); ok && lintkit.TakesContext(v.Signature()) {
			return v
		}
	}
	return nil
}

// unexportedName returns name with its first letter lower case: the
// unexported namesake of an exported name (DialUDP -> dialUDP), or name.
func unexportedName(name string) string {
	r, size := utf8.DecodeRuneInString(name)
	return string(unicode.ToLower(r)) + name[size:]
}

// variantSuffixes are how an API names the variant of a function that
// takes a context: QueryContext, NewRequestWithContext.
var variantSuffixes = []string{"Context", "WithContext"}

// makesAt records, for a function of this package with a MakesRoot fact,
// where it makes its root context (origin) or calls next, the helper that
// does.
type makesAt struct {
	pos      token.Pos
	next     *types.Func
	origin   *ast.CallExpr
	what     string // for an origin: what makes the root ("context.Background")
	logCalls bool   // for an origin: the root only reaches log calls (LogCall)
}

// A Maker is a function of this package that makes a root context, at
// the end of a MakesRoot chain, and the root's origin.
type Maker struct {
	Func   *types.Func
	Origin *ast.CallExpr
	What   string // "context.Background"
	// LogCalls: the root only reaches log calls (LogCall): a caller whose
	// only context is its component's lifetime loses nothing through it.
	LogCalls bool
}

// Makers returns the functions of this package at the ends of fn's
// MakesRoot chains, the ones that make the roots, each once, in source
// order; none when fn has no fact or its roots are made in another
// package. A function that calls two helpers that each make a root has
// two makers: two root causes.
func (r *Result) Makers(fn *types.Func) []Maker {
	var out []Maker
	seen := map[*ast.CallExpr]bool{}
	var walk func(fn *types.Func, depth int)
	walk = func(fn *types.Func, depth int) {
		if depth > maxLocalVia+1 {
			return
		}
		for _, at := range r.makesAt[fn.Origin()] {
			switch {
			case at.origin != nil:
				if !seen[at.origin] {
					seen[at.origin] = true
					out = append(out, Maker{fn.Origin(), at.origin, at.what, at.logCalls})
				}
			case at.next != nil:
				walk(at.next, depth+1)
			}
		}
	}
	walk(fn, 0)
	return out
}

// ChainRelated gives the steps of helper's MakesRoot chain declared in this
// package as related positions: where each calls the next helper, and where
// the last makes its root context.
func (r *Result) ChainRelated(helper *types.Func) []lintkit.Option {
	steps := r.MakesChain(helper)
	opts := make([]lintkit.Option, len(steps))
	for i, st := range steps {
		name := lintkit.ShortName(st.Func, r.pass.Pkg)
		msg := name + " makes its root context here"
		if i+1 < len(steps) {
			msg = name + " calls " + lintkit.ShortName(steps[i+1].Func, r.pass.Pkg) + " here"
		}
		opts[i] = lintkit.Related(st.Pos, st.Pos, msg)
	}
	return opts
}
