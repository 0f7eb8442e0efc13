package ctxscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// A Region says why a fresh root context is the right thing where a call
// is made.
type Region uint8

// The regions.
const (
	RegionNone Region = iota
	// RegionShutdown: after the caller's context was observed done or
	// cancelled (<-ctx.Done(), case <-ctx.Done():, if ctx.Err() != nil {,
	// errors.Is(err, context.Canceled)), or after the function's own
	// cancel(): a graceful shutdown or a release.
	RegionShutdown
	// RegionDeferred: in a deferred call: cleanup at the function's end.
	RegionDeferred
	// RegionCleanup: in a t.Cleanup callback: like a deferred call.
	RegionCleanup
	// RegionAfterFunc: in a context.AfterFunc callback, which runs once the
	// context is done.
	RegionAfterFunc
	// RegionCollected: in a runtime.AddCleanup or runtime.SetFinalizer
	// callback, which the garbage collector runs once a value is
	// unreachable, long after any caller's context: cleanup of its own.
	RegionCollected
)

func (g Region) String() string {
	return [...]string{"", "shutdown", "deferred", "cleanup", "afterfunc", "collected"}[g]
}

// indexer is the state of the one walk of the package's syntax.
type indexer struct {
	r      *Result
	fi     *funcInfo
	lits   map[*ast.FuncLit]bool // literals returned, stored or sent
	cur    ast.Stmt              // the innermost statement being walked
	goLits map[*ast.FuncLit]bool // literals started by a go statement
	// loopLits: literals a repeater runs over and over on a goroutine
	// (noteRepeated).
	loopLits map[*ast.FuncLit]bool

	// Per outermost function: which local variables hold the result of
	// which calls, which cancel funcs a long-lived owner keeps, which
	// variables are returned.
	varCalls  map[*types.Var][]*ast.CallExpr
	ownedVars map[*types.Var]bool
	seedVars  map[*types.Var]bool // locals handed to a lifetime holder an owner keeps (ownArg)
	procVars  map[*types.Var]bool // locals a package variable's value is built on (processArg)
	retVars   map[*types.Var]bool
	// cancelOf: the cancel funcs of derivations, ctx2, cancel :=
	// context.WithCancel(...), and the call that made each (links).
	cancelOf map[*types.Var]*ast.CallExpr
	// fromRoot: the context and cancel variables of derivations, every one
	// of which derives from a bare root (tctx, cancel :=
	// context.WithTimeout(context.Background(), d)): cancelling such a
	// context, or seeing it done, is a timer of the function's own, not the
	// caller's context cancelled, and begins no shutdown.
	fromRoot map[*types.Var]bool
	ctxOf    map[*types.Var]*types.Var // the context variable of each cancel variable of a derivation

	// Task values: a composite literal that carries a cancel func is its
	// owner, a long-lived one (a component built in its constructor)
	// unless it is handed off for one piece of work: sent on a channel,
	// queued (appended), handed to a goroutine. handOff are such literals;
	// taskVar the local variable a literal is assigned to, whose fate is
	// decided when the function is walked (taskCancels: the cancels of its
	// literals; handed: it is handed off; kept: it is stored, returned or
	// passed to a call, which may keep it).
	handOff     map[*ast.CompositeLit]bool
	taskVar     map[*ast.CompositeLit]*types.Var
	taskCancels map[*types.Var][]*types.Var
	handed      map[*types.Var]bool
	kept        map[*types.Var]bool
}

// index records the functions, regions and assignments of the package in
// one walk of its syntax.
func (r *Result) index() {
	x := &indexer{r: r, lits: map[*ast.FuncLit]bool{}, goLits: map[*ast.FuncLit]bool{}, loopLits: map[*ast.FuncLit]bool{}}
	for _, file := range r.pass.Files {
		for _, d := range file.Decls {
			x.reset()
			switch d := d.(type) {
			case *ast.FuncDecl:
				fi := r.newFunc(d, nil)
				if d.Body != nil {
					x.fi = fi
					x.stmt(d.Body, RegionNone)
					x.fi = nil
					x.links(d.Body)
				}
			case *ast.GenDecl:
				x.pkgDecl(d)
			}
			x.resolve()
		}
	}
	// Files are walked in order; keep units sorted by position whatever the
	// order of pass.Files: r.fn finds a node's unit by binary search.
	slices.SortStableFunc(r.units, func(a, b *funcInfo) int { return int(a.node.Pos() - b.node.Pos()) })
}

func (x *indexer) reset() {
	x.varCalls = map[*types.Var][]*ast.CallExpr{}
	x.ownedVars = map[*types.Var]bool{}
	x.seedVars = map[*types.Var]bool{}
	x.procVars = map[*types.Var]bool{}
	x.retVars = map[*types.Var]bool{}
	x.cancelOf = map[*types.Var]*ast.CallExpr{}
	x.fromRoot = map[*types.Var]bool{}
	x.ctxOf = map[*types.Var]*types.Var{}
	x.handOff = map[*ast.CompositeLit]bool{}
	x.taskVar = map[*ast.CompositeLit]*types.Var{}
	x.taskCancels = map[*types.Var][]*types.Var{}
	x.handed = map[*types.Var]bool{}
	x.kept = map[*types.Var]bool{}
}

// resolve marks the calls whose results went to owned or returned variables.
func (x *indexer) resolve() {
	// A task value handed off for one piece of work, and never stored,
	// returned or passed to a call, does not own its cancel for long: its
	// context is no component's lifetime context.
	for v, cancels := range x.taskCancels {
		if x.handed[v] && !x.kept[v] {
			continue
		}
		for _, c := range cancels {
			x.ownedVars[c] = true
		}
	}
	for v := range x.ownedVars {
		for _, c := range x.varCalls[v] {
			x.r.owned[c] = true
		}
	}
	for v := range x.seedVars {
		for _, c := range x.varCalls[v] {
			x.r.seeds[c] = true
		}
	}
	for v := range x.procVars {
		for _, c := range x.varCalls[v] {
			x.r.procSeeds[c] = true
		}
	}
	for v := range x.retVars {
		for _, c := range x.varCalls[v] {
			x.r.retCalls[c] = true
		}
	}
}

// pkgDecl records package-level context variables and walks their values.
func (x *indexer) pkgDecl(d *ast.GenDecl) {
	if d.Tok != token.VAR {
		return
	}
	for _, spec := range d.Specs {
		vs, ok := spec.(*ast.ValueSpec)
		if !ok {
			continue
		}
		lhs := make([]ast.Expr, len(vs.Names))
		for i, id := range vs.Names {
			lhs[i] = id
		}
		x.recordPkgAssign(lhs, vs.Values)
		for _, v := range vs.Values {
			x.expr(v, RegionNone)
		}
	}
}

func (x *indexer) recordPkgAssign(lhs, rhs []ast.Expr) {
	for i, l := range lhs {
		v := x.r.ctxVar(l)
		if !isPkgVar(v) {
			continue
		}
		switch {
		case len(rhs) == len(lhs):
			x.r.pkgVars[v] = append(x.r.pkgVars[v], value{ast.Unparen(rhs[i]), -1})
		case len(rhs) == 1:
			x.r.pkgVars[v] = append(x.r.pkgVars[v], value{ast.Unparen(rhs[0]), i})
		}
	}
}

// stmt walks a statement in region g and reports whether the code after it
// runs once a context was observed done or a cancel func called.
func (x *indexer) stmt(s ast.Stmt, g Region) (observed bool) {
	if s != nil {
		outer := x.cur
		x.cur = s
		defer func() { x.cur = outer }()
	}
	switch s := s.(type) {
	case nil:
		return false
	case *ast.BlockStmt:
		return x.list(s.List, g)
	case *ast.LabeledStmt:
		return x.stmt(s.Stmt, g)
	case *ast.ExprStmt:
		x.expr(s.X, g)
		return x.receivesDone(s.X) || x.cancels(s)
	case *ast.AssignStmt:
		x.assign(s)
		x.taskValues(s)
		for _, e := range s.Rhs {
			x.expr(e, g)
		}
		for _, e := range s.Lhs {
			x.expr(e, g)
		}
		return slices.ContainsFunc(s.Rhs, x.receivesDone)
	case *ast.DeclStmt:
		if d, ok := s.Decl.(*ast.GenDecl); ok && d.Tok == token.VAR {
			for _, spec := range d.Specs {
				if vs, ok := spec.(*ast.ValueSpec); ok {
					x.valueSpec(vs)
					for _, v := range vs.Values {
						x.expr(v, g)
					}
				}
			}
		}
		return false
	case *ast.DeferStmt:
		x.expr(s.Call, RegionDeferred)
		return false
	case *ast.GoStmt:
		if g == RegionDeferred || g == RegionCleanup || g == RegionCollected {
			g = RegionNone // a goroutine started by cleanup is work of its own
		}
		for _, a := range s.Call.Args {
			x.handOffValue(a)
			// go safe.WithRecover(func() { ... }): a func() handed to the
			// goroutine's function runs on that goroutine.
			if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok && lit.Type.Params.NumFields() == 0 {
				x.goLits[lit] = true
			}
		}
		x.r.goCalls[s.Call] = true
		if lit, ok := ast.Unparen(s.Call.Fun).(*ast.FuncLit); ok {
			x.goLits[lit] = true
		}
		x.expr(s.Call, g)
		return false
	case *ast.ReturnStmt:
		for _, res := range s.Results {
			x.keepValue(res)
			x.escapes(res, true)
			switch e := ast.Unparen(res).(type) {
			case *ast.CallExpr:
				x.r.retCalls[e] = true
			case *ast.Ident:
				if v, ok := x.r.pass.TypesInfo.Uses[e].(*types.Var); ok {
					x.retVars[v] = true
				}
			}
			x.expr(res, g)
		}
		return false
	case *ast.SendStmt:
		x.handOffValue(s.Value)
		x.escapes(s.Value, false)
		x.expr(s.Chan, g)
		x.expr(s.Value, g)
		return false
	case *ast.IncDecStmt:
		x.expr(s.X, g)
		return false
	case *ast.IfStmt:
		obs := x.stmt(s.Init, g)
		x.expr(s.Cond, g)
		body, els := g, g
		if g == RegionNone && (x.observesCond(s.Cond) || s.Init != nil && x.observesCond(initExpr(s.Init))) {
			// if ctx.Err() != nil { (done) ... } else { (live) ... }; the
			// test for nil turns it round: if ctx.Err() == nil { (live) }.
			if isNilTest(s.Cond, token.EQL) {
				els = RegionShutdown
			} else {
				body = RegionShutdown
			}
		}
		obs = x.stmt(s.Body, body) || obs
		return x.stmt(s.Else, els) || obs
	case *ast.SwitchStmt:
		obs := x.stmt(s.Init, g)
		x.expr(s.Tag, g)
		for _, c := range s.Body.List {
			cc := c.(*ast.CaseClause)
			for _, e := range cc.List {
				x.expr(e, g)
			}
			obs = x.list(cc.Body, g) || obs
		}
		return obs
	case *ast.TypeSwitchStmt:
		obs := x.stmt(s.Init, g)
		x.stmt(s.Assign, g)
		for _, c := range s.Body.List {
			obs = x.list(c.(*ast.CaseClause).Body, g) || obs
		}
		return obs
	case *ast.SelectStmt:
		// Cases are alternatives: a case <-ctx.Done(): exempts its own
		// body, never its sibling cases.
		obs := false
		for _, c := range s.Body.List {
			cc := c.(*ast.CommClause)
			done := false
			if cc.Comm != nil {
				x.stmt(cc.Comm, g)
				done = x.commReceivesDone(cc.Comm)
				if as, ok := cc.Comm.(*ast.AssignStmt); ok {
					for _, l := range as.Lhs {
						x.rangeVar(l)
					}
				}
			}
			body := g
			if done && g == RegionNone {
				body = RegionShutdown
			}
			bodyObs := x.list(cc.Body, body)
			if (done || bodyObs) && !terminates(cc.Body) {
				obs = true
			}
		}
		return obs
	case *ast.ForStmt:
		x.stmt(s.Init, g)
		x.expr(s.Cond, g)
		x.stmt(s.Post, g)
		return x.stmt(s.Body, g)
	case *ast.RangeStmt:
		x.expr(s.X, g)
		x.rangeVar(s.Key)
		x.rangeVar(s.Value)
		return x.stmt(s.Body, g)
	}
	return false
}

// isNilTest reports whether cond compares a value with nil by op (x == nil
// for token.EQL).
func isNilTest(cond ast.Expr, op token.Token) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != op {
		return false
	}
	isNil := func(e ast.Expr) bool { id, ok := ast.Unparen(e).(*ast.Ident); return ok && id.Name == "nil" }
	return isNil(b.X) || isNil(b.Y)
}

// initExpr returns the expression an if statement's init evaluates, for
// if err := ctx.Err(); err != nil {.
func initExpr(s ast.Stmt) ast.Expr {
	if as, ok := s.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
		return as.Rhs[0]
	}
	return nil
}

// list walks a statement list: once a statement observes a context done
// or cancels one, the statements after it run in RegionShutdown. The list
// observes for the code after it unless it ends the path (return, panic).
func (x *indexer) list(list []ast.Stmt, g Region) bool {
	cur, obs := g, false
	for _, st := range list {
		if x.stmt(st, cur) {
			obs = true
			if cur == RegionNone {
				cur = RegionShutdown
			}
		}
	}
	return obs && !terminates(list)
}

// terminates reports whether the statement list ends the path through it:
// a return, a continue or goto, panic, os.Exit, log.Fatal or
// runtime.Goexit (spelled so: syntax only).
func terminates(list []ast.Stmt) bool {
	if len(list) == 0 {
		return false
	}
	switch s := list[len(list)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return s.Tok == token.CONTINUE || s.Tok == token.GOTO
	case *ast.BlockStmt:
		return terminates(s.List)
	case *ast.ExprStmt:
		call, ok := ast.Unparen(s.X).(*ast.CallExpr)
		if !ok {
			return false
		}
		switch fun := ast.Unparen(call.Fun).(type) {
		case *ast.Ident:
			return fun.Name == "panic"
		case *ast.SelectorExpr:
			if pkg, ok := fun.X.(*ast.Ident); ok {
				switch pkg.Name + "." + fun.Sel.Name {
				case "os.Exit", "log.Fatal", "log.Fatalf", "log.Fatalln", "runtime.Goexit":
					return true
				}
			}
		}
	}
	return false
}

// expr walks an expression in region g: it records the regions of calls,
// enters function literals as functions of their own, and notes
// variables whose address is taken.
func (x *indexer) expr(e ast.Expr, g Region) {
	if e == nil {
		return
	}
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			x.funcLit(n, g)
			return false
		case *ast.CallExpr:
			if g != RegionNone {
				x.r.regions[n] = g
			}
			if x.cur != nil && x.maybeRoot(n) {
				x.r.rootStmt[n] = x.cur
			}
			x.r.noteCLIRun(n)
			x.noteLabelRun(n)
			x.noteRepeated(n)
			for i, a := range n.Args {
				if _, ok := ast.Unparen(a).(*ast.FuncLit); ok && x.r.keepsArg(n, i) {
					x.escapes(a, false) // d.OnState(func(...) {...}): registered, run later
				}
			}
			if !x.r.goCalls[n] && len(x.taskCancels) > 0 && !lintkit.IsBuiltin(x.r.pass.TypesInfo, n, "append") {
				for _, a := range n.Args {
					x.keepValue(a) // a value passed to a call may be kept by the callee
				}
			}
			if cb, region := x.callback(n); cb != nil {
				x.expr(n.Fun, g)
				for _, a := range n.Args {
					if a == cb {
						x.expr(a, region)
					} else {
						x.expr(a, g)
					}
				}
				return false
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if v := x.r.ctxVar(n.X); v != nil {
					x.r.shared[v] = true // written through a pointer
				}
			}
		case *ast.CompositeLit:
			for _, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					elt = kv.Value
				}
				if id, ok := ast.Unparen(elt).(*ast.Ident); ok && (x.handOff[n] || x.taskVar[n] != nil) {
					// A task's own cancel: owned or not by where the task goes.
					if v, ok := x.r.pass.TypesInfo.Uses[id].(*types.Var); ok && !v.IsField() && isCancelFunc(v.Type()) {
						if tv := x.taskVar[n]; tv != nil {
							x.taskCancels[tv] = append(x.taskCancels[tv], v)
						}
						continue
					}
				}
				x.escapes(elt, false)
			}
		}
		return true
	})
}

// taskLit returns the composite literal e is (or whose address it takes),
// or nil.
func taskLit(e ast.Expr) *ast.CompositeLit {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, _ := e.(*ast.CompositeLit)
	return lit
}

// handOffValue notes a value handed off for one piece of work (sent,
// queued, handed to a goroutine): a literal there, or a local variable.
func (x *indexer) handOffValue(e ast.Expr) {
	if lit := taskLit(e); lit != nil {
		x.handOff[lit] = true
		return
	}
	if v := x.localOf(e); v != nil {
		x.handed[v] = true
	}
}

// keepValue notes a local variable stored, returned or passed to a call:
// it may live on.
func (x *indexer) keepValue(e ast.Expr) {
	if v := x.localOf(e); v != nil {
		x.kept[v] = true
	}
}

// localOf returns the local variable e names (or whose address it takes),
// or nil.
func (x *indexer) localOf(e ast.Expr) *types.Var {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := x.r.pass.TypesInfo.ObjectOf(id).(*types.Var)
	if !ok || v.IsField() || isPkgVar(v) {
		return nil
	}
	return v
}

// taskValues notes, for an assignment, the task literals assigned to a
// local variable (t := &task{ctx: c, cancel: cancel}), the values queued
// (q = append(q, t)), and the locals stored in a long-lived place.
func (x *indexer) taskValues(s *ast.AssignStmt) {
	for i, l := range s.Lhs {
		var rhs ast.Expr
		if len(s.Rhs) == len(s.Lhs) {
			rhs = s.Rhs[i]
		} else {
			continue
		}
		if call, ok := ast.Unparen(rhs).(*ast.CallExpr); ok && lintkit.IsBuiltin(x.r.pass.TypesInfo, call, "append") && len(call.Args) > 1 {
			for _, a := range call.Args[1:] {
				x.handOffValue(a) // queued
			}
			continue
		}
		if lit := taskLit(rhs); lit != nil {
			if v := x.localOf(l); v != nil {
				x.taskVar[lit] = v
			}
			continue
		}
		if x.r.ownerPlace(l) {
			x.keepValue(rhs)
		}
	}
}

// maybeRoot reports whether call may make a root context: it calls a
// function named Background or TODO, or a configured context root.
func (x *indexer) maybeRoot(call *ast.CallExpr) bool {
	if cfg := x.r.ctx.cfg; cfg != nil && len(cfg.ContextRoots) > 0 {
		fn := lintkit.Callee(x.r.pass.TypesInfo, call)
		return fn != nil && x.r.ctx.root(fn)
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	var name string
	if ok {
		name = sel.Sel.Name
	} else if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		name = id.Name // dot-imported
	}
	return name == "Background" || name == "TODO"
}

// noteLabelRun records a call of pprof.Do whose callback is a literal
// (labelCallbacks gives the literal pprof.Do's context argument).
func (x *indexer) noteLabelRun(call *ast.CallExpr) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Do" || len(call.Args) != 3 {
		return // most calls: no resolution
	}
	if _, lit := ast.Unparen(call.Args[2]).(*ast.FuncLit); lit && lintkit.IsFunc(lintkit.Callee(x.r.pass.TypesInfo, call), "runtime/pprof", "Do") {
		x.r.labels = append(x.r.labels, call)
	}
}

// callback returns the func argument of call that runs in a region of its
// own: context.AfterFunc's, a t.Cleanup callback, a runtime.AddCleanup or
// runtime.SetFinalizer callback.
func (x *indexer) callback(call *ast.CallExpr) (ast.Expr, Region) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || (sel.Sel.Name != "AfterFunc" && sel.Sel.Name != "Cleanup" && sel.Sel.Name != "AddCleanup" && sel.Sel.Name != "SetFinalizer") {
		return nil, RegionNone // most calls: no resolution
	}
	fn := lintkit.Callee(x.r.pass.TypesInfo, call)
	if fn == nil {
		fn = lintkit.InterfaceCallee(x.r.pass.TypesInfo, call)
	}
	if fn == nil || len(call.Args) == 0 {
		return nil, RegionNone
	}
	switch {
	case lintkit.IsFunc(fn, "context", "AfterFunc") && len(call.Args) == 2:
		return call.Args[1], RegionAfterFunc
	case lintkit.TestingCleanup(fn, x.r.pass.Pkg):
		return call.Args[0], RegionCleanup
	case lintkit.IsFunc(fn.Origin(), "runtime", "AddCleanup") && len(call.Args) == 3:
		return call.Args[1], RegionCollected
	case lintkit.IsFunc(fn, "runtime", "SetFinalizer") && len(call.Args) == 2:
		return call.Args[1], RegionCollected
	}
	return nil, RegionNone
}

// noteRepeated marks the literals that call runs over and over on a
// goroutine, each a background loop of its own: handed to a repeater
// (spawners.Repeater: wait.Until's f, holster's WaitGroup.Until's
// callback) that runs it on a goroutine it starts, or called by a go
// statement (go wait.Until(func() { ... }, period, stop)). The repeater
// ignores the literal's results, or the literal waits on channels itself
// (select { case <-queue: ...; case <-done: return false }): a literal
// retried until it succeeds (backoff.Retry's operation) is one piece of
// work, its starter's.
func (x *indexer) noteRepeated(call *ast.CallExpr) {
	sp := x.r.sp
	if sp == nil {
		return
	}
	fn := lintkit.Callee(x.r.pass.TypesInfo, call)
	if fn == nil {
		return
	}
	for i, a := range call.Args {
		lit, ok := ast.Unparen(a).(*ast.FuncLit)
		if !ok {
			continue
		}
		if !sp.RunsOver(call, fn, i) {
			continue
		}
		if f, ok := sp.Fact(fn); x.r.goCalls[call] || ok && slices.Contains(f.Params, i) {
			x.loopLits[lit] = true
		}
	}
}

func (x *indexer) funcLit(lit *ast.FuncLit, g Region) {
	fi := x.r.newFunc(lit, x.fi)
	fi.detached = x.lits[lit]
	fi.goroutine = x.goLits[lit]
	fi.loop = x.loopLits[lit]
	outer := x.fi
	x.fi = fi
	x.stmt(lit.Body, g)
	x.fi = outer
}

// escapes notes a value that leaves the function or is kept by a value
// that may outlive it (stored in a field or composite literal, sent,
// returned): a func literal there belongs to whoever runs it, and the
// cancel funcs it captures (or that are the value itself) are kept by a
// long-lived owner. closer: the value is returned, so a literal is a
// closer its caller keeps.
func (x *indexer) escapes(e ast.Expr, closer bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		x.lits[e] = true
		x.ownCaptured(e)
	case *ast.Ident:
		if !closer {
			x.ownCancel(e)
		}
	}
}

// ownCaptured marks the cancel funcs a literal captures as owned.
func (x *indexer) ownCaptured(lit *ast.FuncLit) {
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			x.ownCancel(id)
		}
		return true
	})
}

// ownCancel marks the local cancel func id names as kept by an owner.
func (x *indexer) ownCancel(id *ast.Ident) {
	v, ok := x.r.pass.TypesInfo.Uses[id].(*types.Var)
	if ok && !v.IsField() && isCancelFunc(v.Type()) {
		x.ownedVars[v] = true
	}
}

// ownerPlace reports whether storing to e keeps the value beyond the
// function: a field, an element of a map or slice held in one (or in a
// package variable), a write through a pointer, a package variable.
func (r *Result) ownerPlace(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if sel := r.pass.TypesInfo.Selections[e]; sel != nil {
			return sel.Kind() == types.FieldVal
		}
	case *ast.IndexExpr:
		return r.ownerPlace(e.X)
	case *ast.StarExpr:
		return true
	}
	return r.pkgPlace(e) // pkg.Var, Var
}

// pkgPlace reports whether storing to e keeps the value in a package
// variable (or an element of one) for the whole process.
func (r *Result) pkgPlace(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if r.pass.TypesInfo.Selections[e] != nil {
			return false // a field
		}
		v, _ := r.pass.TypesInfo.Uses[e.Sel].(*types.Var)
		return isPkgVar(v)
	case *ast.IndexExpr:
		return r.pkgPlace(e.X)
	case *ast.Ident:
		v, _ := r.pass.TypesInfo.Uses[e].(*types.Var)
		return isPkgVar(v)
	}
	return false
}

// assign records an assignment: variables declared and their calls, what
// a long-lived owner keeps, context variables assigned in a closure and
// package variables assigned in a function.
func (x *indexer) assign(s *ast.AssignStmt) {
	if s.Tok != token.ASSIGN && s.Tok != token.DEFINE {
		return
	}
	info := x.r.pass.TypesInfo
	x.recordPkgAssign(s.Lhs, s.Rhs)
	if len(s.Rhs) == 1 && len(s.Lhs) > 1 && x.fi != nil {
		if call, ok := ast.Unparen(s.Rhs[0]).(*ast.CallExpr); ok {
			x.returnedContext(call, s.Lhs)
			x.noteCancel(call, s.Lhs)
		}
	}
	for i, l := range s.Lhs {
		var rhs ast.Expr
		if len(s.Rhs) == len(s.Lhs) {
			rhs = s.Rhs[i]
		} else if len(s.Rhs) == 1 {
			rhs = s.Rhs[0]
		}
		call, _ := ast.Unparen(rhs).(*ast.CallExpr)
		if call != nil && x.r.pkgPlace(l) {
			// client = oauth2.NewClient(context.Background(), ts) in a
			// handler: a value kept in a package variable serves every
			// session of the process, so the context it is built on is
			// the process's, never one request's.
			for _, a := range call.Args {
				x.processArg(a)
			}
		}
		if id, ok := ast.Unparen(l).(*ast.Ident); ok {
			v, _ := info.ObjectOf(id).(*types.Var)
			if v == nil || v.Name() == "_" {
				continue
			}
			if x.r.ctx.like(v.Type()) {
				x.r.lhsDefs[id] = true
				if info.Defs[id] != nil {
					x.r.declare(v, x.fi)
				} else if u := x.r.declUnit[v]; u != nil && u != x.fi {
					x.r.shared[v] = true // assigned in a closure: no order to follow
				}
			} else if rhs != nil {
				x.taint(v, rhs)
			}
			if call != nil && !isPkgVar(v) {
				x.varCalls[v] = append(x.varCalls[v], call)
			}
			continue
		}
		if !x.r.ownerPlace(l) {
			continue
		}
		// c.cancel = cancel, s.stops[id] = func() { cancel() }, and
		// c.ctx, c.cancel = context.WithCancel(...).
		if len(s.Rhs) == len(s.Lhs) {
			x.escapes(rhs, false)
			if x.fi != nil && x.r.recvField(l, x.fi.root.recv) {
				// s.ctx = ctx: the context made here is the receiver's
				// own from now on, its lifetime, whoever keeps the cancel
				// (start() returning it to a constructor that stores it).
				x.ownArg(rhs)
			}
			if c, ok := ast.Unparen(rhs).(*ast.CallExpr); ok {
				for _, a := range c.Args { // a constructor handed the cancel: s.w = newWorker(cancel)
					x.escapes(a, false)
				}
				if holdsCancel(info.TypeOf(c)) {
					// s.stop = newStop(context.Background()): the value
					// kept holds a cancel of its own, derived from the
					// context it is handed, the component's lifetime.
					for _, a := range c.Args {
						x.ownArg(a)
					}
				}
			}
		}
		if call != nil && len(s.Rhs) == 1 && len(s.Lhs) > 1 {
			if tup, ok := info.TypeOf(call).(*types.Tuple); ok && i < tup.Len() && isCancelFunc(tup.At(i).Type()) {
				x.r.owned[call] = true
			}
		}
	}
}

// returnedContext records a call that hands the function a context among
// other results, not derived from a context argument (a queue's Read, a
// middleware's FromRequest: ctx, req, ok := q.Read()): the context of
// the work it returns. Kept in a variable, it is the function's caller
// context from there on; discarded (_, req, ok := q.Read()), it is a
// context lost. A call that takes a context too (q.Read(ctx), which
// blocks on it) hands one back only where the callee is known to return
// another (a HandsBack fact): it waits in pending until the facts of the
// package are computed.
func (x *indexer) returnedContext(call *ast.CallExpr, lhs []ast.Expr) {
	at, ok := x.r.handBackAt(call, len(lhs))
	if !ok {
		return
	}
	if len(x.r.contextArgs(call)) > 0 {
		x.r.pending = append(x.r.pending, pendingHandBack{fi: x.fi, call: call, lhs: lhs, at: at})
		return
	}
	x.r.handBack(x.fi, call, lhs[at])
}

// handBackAt returns the index of the context among call's n results
// when they are one context and some payload (besides a cancel func and
// an error).
func (r *Result) handBackAt(call *ast.CallExpr, n int) (int, bool) {
	tup, ok := r.pass.TypesInfo.TypeOf(call).(*types.Tuple)
	if !ok || tup.Len() != n {
		return 0, false
	}
	ctxAt, payload := -1, false
	for i := range tup.Len() {
		t := tup.At(i).Type()
		switch {
		case r.ctx.is(t):
			if ctxAt >= 0 {
				return 0, false
			}
			ctxAt = i
		case isCancelFunc(t), types.Implements(t, errorType()), types.Implements(types.NewPointer(t), errorType()):
		default:
			payload = true
		}
	}
	return ctxAt, ctxAt >= 0 && payload
}

// handBack records the context that call hands fi back at lhs: discarded
// (_) or kept in a variable.
func (r *Result) handBack(fi *funcInfo, call *ast.CallExpr, lhs ast.Expr) {
	id, ok := ast.Unparen(lhs).(*ast.Ident)
	if !ok {
		return
	}
	if id.Name == "_" {
		fi.discards = append(fi.discards, Discard{Call: call, At: id})
		return
	}
	if v, ok := r.pass.TypesInfo.Defs[id].(*types.Var); ok && fi.returned == nil {
		fi.returned, fi.returnedBy = v, call
		r.returnedVars[v] = true
	}
}

// A pendingHandBack is a call that takes a context and returns one with
// some work, to be recorded as a hand-back if its callee has a HandsBack
// fact.
type pendingHandBack struct {
	fi   *funcInfo
	call *ast.CallExpr
	lhs  []ast.Expr
	at   int
}

// resolveHandBacks records the pending hand-backs of calls whose callee
// hands back a context of its own (HandsBack). It runs once the facts of
// the package are known.
func (r *Result) resolveHandBacks() {
	changed := false
	for _, p := range r.pending {
		fn := lintkit.Callee(r.pass.TypesInfo, p.call)
		if fn == nil {
			continue
		}
		if f, ok := r.hands[fn.Origin()]; ok && f.Result == p.at {
			r.handBack(p.fi, p.call, p.lhs[p.at])
			changed = true
		}
	}
	r.pending = nil
	if changed {
		r.invalidate()
	}
}

// errorType is the error interface (not a package variable: a
// types.Interface holds a sync.Once).
func errorType() *types.Interface {
	return types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
}

// valueSpec records a local var declaration.
func (x *indexer) valueSpec(vs *ast.ValueSpec) {
	info := x.r.pass.TypesInfo
	for i, id := range vs.Names {
		v, _ := info.Defs[id].(*types.Var)
		if v == nil {
			continue
		}
		ctxVar := x.r.ctx.like(v.Type())
		if ctxVar {
			x.r.declare(v, x.fi)
			x.r.lhsDefs[id] = true
		}
		var rhs ast.Expr
		if len(vs.Values) == len(vs.Names) {
			rhs = vs.Values[i]
		} else if len(vs.Values) == 1 {
			rhs = vs.Values[0]
		}
		if call, ok := ast.Unparen(rhs).(*ast.CallExpr); ok {
			x.varCalls[v] = append(x.varCalls[v], call)
		}
		if rhs != nil && !ctxVar {
			x.taint(v, rhs)
		}
	}
}

// rangeVar records a range or select-receive variable: assigned values the
// analysis does not follow.
func (x *indexer) rangeVar(e ast.Expr) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return
	}
	v, _ := x.r.pass.TypesInfo.ObjectOf(id).(*types.Var)
	if v == nil || !x.r.ctx.like(v.Type()) {
		return
	}
	x.r.rangeDef[id] = true
	x.r.lhsDefs[id] = true
	if x.r.pass.TypesInfo.Defs[id] != nil {
		x.r.declare(v, x.fi)
	} else if u := x.r.declUnit[v]; u != nil && u != x.fi {
		x.r.shared[v] = true
	}
}

// taint records a local computed from context variables: by a call that
// takes one or is a method of one (sess := session.From(ctx), id :=
// ctx.Value(k)), also through a type assertion, a field or an index of
// such a value (tc, ok := ctx.Value(k).(*T); id := ids(ctx).Tenant), or
// from another such local. A root seeded with it carries the values of
// the context it came from.
func (x *indexer) taint(v *types.Var, rhs ast.Expr) {
	info := x.r.pass.TypesInfo
	ast.Inspect(rhs, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			for _, a := range n.Args {
				if id, ok := ast.Unparen(a).(*ast.Ident); ok && x.r.ctxVar(id) != nil {
					x.r.taint[v] = append(x.r.taint[v], id)
				}
			}
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok { // ctx.Value(k)
				if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && x.r.ctxVar(id) != nil {
					x.r.taint[v] = append(x.r.taint[v], id)
				}
			}
		case *ast.Ident:
			if u, ok := info.Uses[n].(*types.Var); ok && u != v {
				x.r.taint[v] = append(x.r.taint[v], x.r.taint[u]...) // from a local computed from one
			}
		}
		return true
	})
}

// receivesDone reports whether e receives from a context's Done channel
// (outside function literals).
func (x *indexer) receivesDone(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		found = found || x.doneRecv(n)
		return !found
	})
	return found
}

// doneRecv reports whether n is a receive from a context's Done channel:
// <-ctx.Done(), or <-done where done is a local every call assigned to
// which is ctx.Done() (if done := ctx.Done(); done != nil { go func() {
// select { case <-done: ... } }() }, database/sql's and lib/pq's shape);
// not of a context the function derived from a bare root (fromRoot: a
// timer of its own).
func (x *indexer) doneRecv(n ast.Node) bool {
	call := x.doneCall(n)
	if call == nil {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return !ok || x.ownRoot(sel.X) == nil
}

// doneCall returns the ctx.Done() call whose channel n receives from
// (doneRecv), or nil.
func (x *indexer) doneCall(n ast.Node) *ast.CallExpr {
	u, ok := n.(*ast.UnaryExpr)
	if !ok || u.Op != token.ARROW {
		return nil
	}
	switch e := ast.Unparen(u.X).(type) {
	case *ast.CallExpr:
		if x.r.isContextMethod(e, "Done") {
			return e
		}
	case *ast.Ident:
		v, ok := x.r.pass.TypesInfo.Uses[e].(*types.Var)
		if !ok || isPkgVar(v) || len(x.varCalls[v]) == 0 {
			return nil
		}
		for _, c := range x.varCalls[v] {
			if !x.r.isContextMethod(c, "Done") {
				return nil
			}
		}
		return x.varCalls[v][0]
	}
	return nil
}

// commReceivesDone reports whether a select case receives from Done.
func (x *indexer) commReceivesDone(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.ExprStmt:
		return x.receivesDone(s.X)
	case *ast.AssignStmt:
		return slices.ContainsFunc(s.Rhs, x.receivesDone)
	}
	return false
}

// observesCond reports whether an if condition checks that a context is
// done: ctx.Err(), context.Cause(ctx), context.Canceled or
// context.DeadlineExceeded, or a receive from Done.
func (x *indexer) observesCond(cond ast.Expr) bool {
	if cond == nil {
		return false
	}
	info := x.r.pass.TypesInfo
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.UnaryExpr:
			found = x.doneRecv(n)
		case *ast.CallExpr:
			if x.r.isContextMethod(n, "Err") {
				found = true
			}
			if fn := lintkit.Callee(info, n); fn != nil && lintkit.IsFunc(fn, "context", "Cause") {
				found = true
			}
		case *ast.SelectorExpr:
			if obj, ok := info.ObjectOf(n.Sel).(*types.Var); ok && obj.Pkg() != nil && obj.Pkg().Path() == "context" &&
				(obj.Name() == "Canceled" || obj.Name() == "DeadlineExceeded") {
				found = true
			}
		}
		return !found
	})
	return found
}

// cancels reports whether the statement calls a cancel func: cancel() as a
// statement of its own.
func (x *indexer) cancels(st *ast.ExprStmt) bool {
	call, ok := ast.Unparen(st.X).(*ast.CallExpr)
	if !ok {
		return false
	}
	t := x.r.pass.TypesInfo.TypeOf(call.Fun)
	if t == nil || !isCancelFunc(t) {
		return false
	}
	if v := x.ownRoot(call.Fun); v != nil {
		// The function's own timer: no shutdown of the caller's work,
		// unless the function goes on to use the context it has just
		// cancelled (a hard close on purpose: c, cancel :=
		// context.WithCancel(context.Background()); cancel(); conn.Close(c)).
		return x.usedAfter(x.ctxOf[v], st.End())
	}
	return true
}

// usedAfter reports whether v is used after pos in the function being
// walked.
func (x *indexer) usedAfter(v *types.Var, pos token.Pos) bool {
	if v == nil || x.fi == nil || x.fi.body == nil {
		return false
	}
	info := x.r.pass.TypesInfo
	return lintkit.Any(x.fi.body, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		return ok && id.Pos() > pos && info.Uses[id] == v
	})
}

// isContextMethod reports whether call calls the method name of a context
// value: the method is context.Context's (also promoted from an embedded
// context.Context), a configured context type's, or that of a type that
// implements context.Context.
func (r *Result) isContextMethod(call *ast.CallExpr, name string) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return false
	}
	s := r.pass.TypesInfo.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return false
	}
	recv := s.Obj().(*types.Func).Signature().Recv()
	return recv != nil && r.ctx.like(recv.Type())
}

// holdsCancel reports whether t, a struct or a pointer to one, has a
// cancel func field: a holder of a lifetime (a stop, a lifecycle).
func holdsCancel(t types.Type) bool {
	if t == nil {
		return false
	}
	st, ok := typeUnder(t).(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if isCancelFunc(f.Type()) {
			return true
		}
	}
	return false
}

// recvField reports whether e is a field of recv, a method's receiver
// (s.ctx in a method of s), not of a value the method was handed.
func (r *Result) recvField(e ast.Expr, recv *types.Var) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || recv == nil {
		return false
	}
	if s := r.pass.TypesInfo.Selections[sel]; s == nil || s.Kind() != types.FieldVal {
		return false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	return ok && r.pass.TypesInfo.Uses[id] == recv
}

// ownArg marks a context argument of a call whose result a long-lived
// owner keeps as owned: a root made there (or kept in a local) is that
// owner's lifetime context.
func (x *indexer) ownArg(a ast.Expr) { x.seedArg(a, x.r.seeds, x.seedVars) }

// processArg marks a context argument of a call whose result a package
// variable keeps: a root made there (or kept in a local) is the
// process's.
func (x *indexer) processArg(a ast.Expr) { x.seedArg(a, x.r.procSeeds, x.procVars) }

// seedArg records the context argument a: the call that makes it in
// calls, or the local that holds it in vars (its calls are resolved).
func (x *indexer) seedArg(a ast.Expr, calls map[*ast.CallExpr]bool, vars map[*types.Var]bool) {
	info := x.r.pass.TypesInfo
	if t := info.TypeOf(a); t == nil || !x.r.ctx.like(t) {
		return
	}
	switch a := ast.Unparen(a).(type) {
	case *ast.CallExpr:
		calls[a] = true
	case *ast.Ident:
		if v, ok := info.Uses[a].(*types.Var); ok && !isPkgVar(v) {
			vars[v] = true
		}
	}
}

func isCancelFunc(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "context" {
		return false
	}
	return n.Obj().Name() == "CancelFunc" || n.Obj().Name() == "CancelCauseFunc"
}

// noteCancel notes the cancel func of a derivation, ctx2, cancel :=
// context.WithCancel(...), for links.
func (x *indexer) noteCancel(call *ast.CallExpr, lhs []ast.Expr) {
	if len(lhs) != 2 {
		return
	}
	info := x.r.pass.TypesInfo
	tup, ok := info.TypeOf(call).(*types.Tuple)
	if !ok || tup.Len() != 2 || !x.r.ctx.like(tup.At(0).Type()) || !isCancelFunc(tup.At(1).Type()) {
		return
	}
	if id, ok := lhs[1].(*ast.Ident); ok {
		if v, ok := info.ObjectOf(id).(*types.Var); ok {
			x.cancelOf[v] = call
		}
	}
	if c, ok := lhs[0].(*ast.Ident); ok {
		if k, ok := lhs[1].(*ast.Ident); ok {
			cv, _ := info.ObjectOf(c).(*types.Var)
			kv, _ := info.ObjectOf(k).(*types.Var)
			if cv != nil && kv != nil {
				x.ctxOf[kv] = cv
			}
		}
	}
	root := len(call.Args) > 0 && x.r.bareRoot(call.Args[0])
	for _, l := range lhs {
		if id, ok := l.(*ast.Ident); ok {
			if v, ok := info.ObjectOf(id).(*types.Var); ok {
				if was, seen := x.fromRoot[v]; !seen || was {
					x.fromRoot[v] = root
				}
			}
		}
	}
}

// ownRoot returns the variable e is when it only ever holds a context (or
// its cancel func) the function derived from a bare root (fromRoot), or
// nil.
func (x *indexer) ownRoot(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	if v, ok := x.r.pass.TypesInfo.Uses[id].(*types.Var); ok && x.fromRoot[v] {
		return v
	}
	return nil
}

// links records the derivations of body whose cancel runs once another
// context is done: ctx2, cancel := context.WithCancel(root), then
// context.AfterFunc(ctx, cancel) (or a callback that calls cancel), or a
// function literal that waits on <-ctx.Done() (a statement, or a select
// case) and then calls cancel. r.links maps the derivation to ctx; it
// becomes the class's Link, judged against the caller's context where a
// drop is found.
func (x *indexer) links(body *ast.BlockStmt) {
	cancels := x.cancelOf // noted by assign during the walk
	if len(cancels) == 0 {
		return
	}
	info := x.r.pass.TypesInfo
	// calls returns the cancel funcs n calls, outside nested literals.
	calls := func(n ast.Node) []*types.Var {
		var out []*types.Var
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit:
				return m == n
			case *ast.CallExpr:
				if id, ok := ast.Unparen(m.Fun).(*ast.Ident); ok {
					if v, ok := info.Uses[id].(*types.Var); ok && cancels[v] != nil {
						out = append(out, v)
					}
				}
			}
			return true
		})
		return out
	}
	link := func(vs []*types.Var, ctx ast.Expr) {
		for _, v := range vs {
			if _, done := x.r.links[cancels[v]]; !done {
				x.r.links[cancels[v]] = ctx
			}
		}
	}
	// doneOf returns ctx for a statement or comm clause that receives
	// from ctx.Done().
	doneOf := func(st ast.Stmt) ast.Expr {
		var e ast.Expr
		switch st := st.(type) {
		case *ast.ExprStmt:
			e = st.X
		case *ast.AssignStmt:
			if len(st.Rhs) == 1 {
				e = st.Rhs[0]
			}
		}
		call := x.doneCall(ast.Unparen(e))
		if call == nil {
			return nil
		}
		return ast.Unparen(call.Fun).(*ast.SelectorExpr).X
	}
	waits := func(list []ast.Stmt) {
		for i, st := range list {
			if ctx := doneOf(st); ctx != nil {
				for _, after := range list[i+1:] {
					link(calls(after), ctx)
				}
				return
			}
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			fn := lintkit.Callee(info, n)
			if fn == nil || !lintkit.IsFunc(fn, "context", "AfterFunc") || len(n.Args) != 2 {
				return true
			}
			switch f := ast.Unparen(n.Args[1]).(type) {
			case *ast.Ident:
				if v, ok := info.Uses[f].(*types.Var); ok && cancels[v] != nil {
					link([]*types.Var{v}, n.Args[0])
				}
			case *ast.FuncLit:
				link(calls(f), n.Args[0])
			}
		case *ast.FuncLit:
			// Only in a literal: a function that waits for ctx itself
			// before it cancels blocks its caller until then.
			ast.Inspect(n.Body, func(m ast.Node) bool {
				switch m := m.(type) {
				case *ast.FuncLit:
					return false // walked on its own
				case *ast.BlockStmt:
					waits(m.List)
				case *ast.CaseClause:
					waits(m.Body)
				case *ast.CommClause:
					if ctx := doneOf(m.Comm); ctx != nil {
						for _, st := range m.Body {
							link(calls(st), ctx)
						}
					}
					waits(m.Body)
				}
				return true
			})
		}
		return true
	})
}
