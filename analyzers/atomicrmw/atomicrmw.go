package atomicrmw

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/directives"
	"github.com/ctxbound/ctxbound/passes/slots"
)

//go:embed doc.go
var doc string

// Analyzer reports check-then-act updates of an atomic: a Store guarded by
// a comparison with an earlier Load, without a CompareAndSwap.
var Analyzer = &analysis.Analyzer{
	Name:     "atomicrmw",
	Doc:      lintkit.MustExtractDoc(doc, "atomicrmw"),
	URL:      "https://github.com/ctxbound/ctxbound/blob/main/docs/checks.md#atomicrmw",
	Requires: []*analysis.Analyzer{directives.Analyzer, slots.Analyzer},
	Run:      lintkit.Safe(run),
}

type checker struct {
	pass  *analysis.Pass
	r     *lintkit.Reporter
	k     *lintkit.Keyer
	facts *slots.Result // atomic types by behaviour
	// The functions that run with a lock held (slots.LockedByCallers;
	// lazy).
	holds map[*types.Func]bool
}

func run(pass *analysis.Pass) (any, error) {
	c := &checker{
		pass: pass,
		r:    lintkit.NewReporter(pass, pass.ResultOf[directives.Analyzer].(*directives.Result)),
		k:    lintkit.NewKeyer(pass.TypesInfo),

		facts: pass.ResultOf[slots.Analyzer].(*slots.Result),
	}
	if !importsAtomic(pass.Pkg) && !c.facts.HasAtomicMethods() {
		c.r.Finish()
		return nil, nil // no atomic to load and store
	}
	for _, f := range pass.Files {
		if c.r.Generated(f.Pos()) || strings.HasSuffix(pass.Fset.File(f.FileStart).Name(), "_test.go") {
			continue // test code runs one scenario at a time: the race detector checks it
		}
		var decl *types.Func // the function declaration being walked
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			switch n := n.(type) {
			case *ast.FuncDecl:
				decl = nil
				if n.Body != nil {
					decl, _ = pass.TypesInfo.Defs[n.Name].(*types.Func)
					c.function(n, decl, n.Body)
				}
			case *ast.FuncLit:
				// A literal deferred or called where it stands runs with
				// whatever lock its function's caller holds.
				var site *types.Func
				if k := len(stack); k >= 2 {
					if call, ok := stack[k-1].(*ast.CallExpr); ok && ast.Unparen(call.Fun) == n {
						switch stack[k-2].(type) {
						case *ast.DeferStmt, *ast.ExprStmt:
							site = decl
						}
					}
				}
				c.function(n, site, n.Body)
			}
			stack = append(stack, n)
			return true
		})
	}
	c.r.Finish()
	return nil, nil
}

// importsAtomic reports whether pkg, or a package it imports, imports
// sync/atomic: the atomics it can reach are its own or fields of types of
// its imports.
func importsAtomic(pkg *types.Package) bool {
	if lintkit.Imports(pkg, "sync/atomic") {
		return true
	}
	for _, p := range pkg.Imports() {
		if lintkit.Imports(p, "sync/atomic") {
			return true
		}
	}
	return false
}

// An access is one atomic operation in the function being checked.
type access struct {
	call  *ast.CallExpr
	a     slots.AtomicCall
	key   string
	stack []ast.Node // enclosing nodes, outermost first
}

// A check is a test of a Load's result in a condition.
type check struct {
	load  *access
	cond  ast.Expr    // the condition that holds it
	cmp   ast.Expr    // the comparison (or the Load itself, or !Load, for a Bool)
	op    token.Token // EQL, NEQ, LSS, ... ; EQL for a Bool tested as true, NEQ as false
	other ast.Expr    // the other operand; nil for a Bool
	bound bool        // the Load is bound to a local first (old := x.Load(); if old < v)
	// holder is the block or case whose statements run because of the
	// test: the if's body or else, the case, or the block that goes on
	// after an if that leaves.
	holder ast.Node
}

// function checks one function body; function literals are checked on
// their own.
func (c *checker) function(fn ast.Node, obj *types.Func, body *ast.BlockStmt) {
	defer lintkit.At(c.pass.Fset, fn)
	info := c.pass.TypesInfo
	var (
		loads, acts []*access
		cas         = map[string]bool{}
		locks       []token.Pos
		stack       []ast.Node
	)
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if a, ok := c.facts.AtomicOp(info, call); ok && a.Loc != nil {
				if key := c.k.Key(a.Loc); key != "" {
					ac := &access{call: call, a: a, key: key, stack: append([]ast.Node(nil), stack...)}
					switch a.Op {
					case slots.OpLoad:
						loads = append(loads, ac)
					case slots.OpStore, slots.OpSwap:
						acts = append(acts, ac)
					case slots.OpCAS:
						cas[key] = true
					}
				}
			} else if slots.IsLock(lintkit.Callee(info, call)) {
				locks = append(locks, call.Pos())
			}
		}
		stack = append(stack, n)
		return true
	})
	if len(acts) == 0 || len(loads) == 0 {
		return
	}
	bound := c.boundLoads(body, loads)
	// The Stores that one tested Load guards are one finding, at the
	// first: one CompareAndSwap protocol replaces them all.
	type finding struct {
		act   *access
		ck    *check
		where int
		also  []*access
	}
	var found []*finding
	byLoad := map[*access]*finding{}
	var fl *lintkit.Flow
	var sections []slots.Section
	for _, act := range acts {
		if cas[act.key] {
			continue // a CompareAndSwap loop, or the author's own protocol
		}
		ck, where := c.guard(act, bound)
		if ck == nil || benign(info, ck, act, where) {
			continue
		}
		if fl == nil {
			fl = lintkit.NewFlow(body)
			sections = append(slots.Sections(info, c.k, body), c.facts.SpinSections(info, c.k, body)...)
		}
		cut := func(n ast.Node) bool {
			for _, l := range locks {
				if lintkit.Contains(n, l) {
					return true // double-checked locking: the check that counts is under the lock
				}
			}
			return false
		}
		if !fl.Reaches(ck.load.call.Pos(), act.call.Pos(), cut) {
			continue
		}
		if c.singleWriter(act, ck, where, obj, sections) {
			continue
		}
		if f := byLoad[ck.load]; f != nil {
			f.also = append(f.also, act)
			continue
		}
		f := &finding{act: act, ck: ck, where: where}
		byLoad[ck.load] = f
		found = append(found, f)
	}
	for _, f := range found {
		c.report(f.act, f.ck, f.where, f.also)
	}
}

// boundLoads returns the locals bound once to a Load (old := x.Load(), var
// old = x.Load()) and never assigned again in body.
func (c *checker) boundLoads(body *ast.BlockStmt, loads []*access) map[*types.Var]*access {
	info := c.pass.TypesInfo
	byCall := map[ast.Expr]*access{}
	for _, l := range loads {
		byCall[l.call] = l
	}
	out := map[*types.Var]*access{}
	assigned := map[*types.Var]int{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				id, ok := l.(*ast.Ident)
				if !ok {
					continue
				}
				v, _ := info.ObjectOf(id).(*types.Var)
				if v == nil {
					continue
				}
				assigned[v]++
				if n.Tok == token.DEFINE && len(n.Lhs) == len(n.Rhs) {
					if l := byCall[ast.Unparen(n.Rhs[i])]; l != nil {
						out[v] = l
					}
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				v, _ := info.Defs[id].(*types.Var)
				if v == nil {
					continue
				}
				assigned[v]++
				if len(n.Names) == len(n.Values) {
					if l := byCall[ast.Unparen(n.Values[i])]; l != nil {
						out[v] = l
					}
				}
			}
		case *ast.IncDecStmt:
			if id, ok := n.X.(*ast.Ident); ok {
				if v, _ := info.ObjectOf(id).(*types.Var); v != nil {
					assigned[v] += 2
				}
			}
		case *ast.UnaryExpr:
			if id, ok := n.X.(*ast.Ident); ok && n.Op == token.AND {
				if v, _ := info.ObjectOf(id).(*types.Var); v != nil {
					assigned[v] += 2
				}
			}
		}
		return true
	})
	for v := range out {
		if assigned[v] != 1 {
			delete(out, v)
		}
	}
	return out
}

// The places a guard puts the act.
const (
	inBody  = iota // if check { act }
	inElse         // if check { ... } else { act }
	inCase         // switch { case check: act }
	afterIf        // if !check { return }; act
)

// guard returns the nearest check of the act's atomic whose outcome
// decides whether the act runs, and where the act is.
func (c *checker) guard(act *access, bound map[*types.Var]*access) (*check, int) {
	st := act.stack
	for i := len(st) - 1; i >= 0; i-- {
		child := ast.Node(act.call)
		if i+1 < len(st) {
			child = st[i+1]
		}
		switch n := st[i].(type) {
		case *ast.IfStmt:
			if child == n.Body || child == n.Else {
				if ck := c.checkIn(n.Cond, act, bound); ck != nil {
					if child == n.Body {
						ck.holder = n.Body
						return ck, inBody
					}
					ck.holder = n.Else
					return ck, inElse
				}
			}
		case *ast.CaseClause:
			if indexOf(n.Body, child) >= 0 {
				for _, e := range n.List {
					if ck := c.checkIn(e, act, bound); ck != nil {
						ck.holder = n
						return ck, inCase
					}
				}
			}
		case *ast.BlockStmt:
			// if !check { return }; act
			for j := indexOf(n.List, child) - 1; j >= 0; j-- {
				ifs, ok := n.List[j].(*ast.IfStmt)
				if !ok || ifs.Else != nil || !terminates(ifs.Body) {
					continue
				}
				if ck := c.checkIn(ifs.Cond, act, bound); ck != nil {
					ck.holder = n
					return ck, afterIf
				}
			}
		case *ast.FuncLit:
			return nil, 0
		}
	}
	return nil, 0
}

func indexOf(list []ast.Stmt, n ast.Node) int {
	for i, s := range list {
		if ast.Node(s) == n {
			return i
		}
	}
	return -1
}

// terminates reports whether a block ends by leaving the code that
// follows it: return, break, continue or goto. A block that panics is an
// assertion (if x.Load() != want { panic(...) }), not a guard.
func terminates(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	switch b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt, *ast.BranchStmt:
		return true
	}
	return false
}

// checkIn returns the check of act's atomic in condition cond, or nil: a
// comparison of a Load of the same location (or of a local bound to one)
// with another value, or for an atomic.Bool the Load used as a condition.
func (c *checker) checkIn(cond ast.Expr, act *access, bound map[*types.Var]*access) *check {
	info := c.pass.TypesInfo
	loadOf := func(e ast.Expr) (*access, bool) {
		e = ast.Unparen(e)
		if call, ok := e.(*ast.CallExpr); ok {
			if tv, ok := info.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
				e = ast.Unparen(call.Args[0]) // a conversion
			}
		}
		switch e := e.(type) {
		case *ast.CallExpr:
			if a, ok := c.facts.AtomicOp(info, e); ok && a.Op == slots.OpLoad && a.Loc != nil && c.k.Key(a.Loc) == act.key {
				return &access{call: e, a: a, key: act.key}, false
			}
		case *ast.Ident:
			if v, _ := info.ObjectOf(e).(*types.Var); v != nil {
				if l := bound[v]; l != nil && l.key == act.key {
					return l, true
				}
			}
		}
		return nil, false
	}
	var found *check
	var visit func(e ast.Expr)
	visit = func(e ast.Expr) {
		if found != nil {
			return
		}
		e = ast.Unparen(e)
		switch x := e.(type) {
		case *ast.BinaryExpr:
			switch x.Op {
			case token.LAND, token.LOR:
				visit(x.X)
				visit(x.Y)
				return
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
				if l, b := loadOf(x.X); l != nil {
					found = &check{load: l, cond: cond, cmp: x, op: x.Op, other: x.Y, bound: b}
				} else if l, b := loadOf(x.Y); l != nil {
					found = &check{load: l, cond: cond, cmp: x, op: lintkit.Mirror(x.Op), other: x.X, bound: b}
				}
			}
		case *ast.UnaryExpr:
			if x.Op == token.NOT {
				if l, b := loadOf(x.X); l != nil && l.a.Type == "Bool" {
					found = &check{load: l, cond: cond, cmp: x, op: token.NEQ, bound: b}
					return
				}
				visit(x.X)
			}
		default:
			if l, b := loadOf(x); l != nil && l.a.Type == "Bool" {
				found = &check{load: l, cond: cond, cmp: x, op: token.EQL, bound: b}
			}
		}
	}
	visit(cond)
	return found
}

// benign reports whether a guarded act loses nothing:
//
//   - it stores the very value it compared with, and is the only thing the
//     guard does (if x.Load() != v { x.Store(v) }: a store avoided when
//     nothing changes);
//   - after an equality test, it does not stand directly in the block the
//     test guards: a latch set on a discovery further down (if !ok {
//     drained.Store(true); ... }), not a claim;
//   - after an equality test, it stores a constant and is the last
//     statement of its block that does work: goroutines that race store the same value
//     and act on nothing after it (a latch, if errno == ENOSYS {
//     unsupported.Store(true) }, or a flag cleared once the work it guards
//     is done). A Store followed by the work it claims is reported.
func benign(info *types.Info, ck *check, act *access, where int) bool {
	if ck.op != token.NEQ && ck.op != token.EQL {
		return false
	}
	if !direct(ck, act) {
		return true // a latch set on a discovery further down, not a claim
	}
	if act.a.Const && lastInBlock(act) {
		return true // a method that stores a constant of its own (setTrue()): a latch
	}
	if len(act.a.Args) != 1 {
		return false
	}
	val := act.a.Args[0]
	if tv := info.Types[val]; (tv.Value != nil || tv.IsNil()) && lastInBlock(act) {
		return true
	}
	if ck.other == nil || !sameExpr(info, ck.other, val) {
		return false
	}
	if ck.op == token.EQL {
		return true // if x.Load() == v { x.Store(v) } changes nothing
	}
	// The guarded block holds the store alone, or with log lines.
	for i := len(act.stack) - 1; i >= 0; i-- {
		if b, ok := act.stack[i].(*ast.BlockStmt); ok {
			if where != inBody {
				return false
			}
			for _, st := range b.List {
				if !lintkit.Contains(st, act.call.Pos()) && !logStmt(info, st) {
					return false
				}
			}
			return true
		}
	}
	return false
}

// logStmt reports whether st only writes a log line: a printf-style call
// (its last two parameters a format string and ...any: Infof, Printf),
// alone or under an if that tests only that a logger is not nil. Two
// goroutines that both pass the test log the change twice, and claim
// nothing.
func logStmt(info *types.Info, st ast.Stmt) bool {
	switch st := st.(type) {
	case *ast.ExprStmt:
		call, ok := ast.Unparen(st.X).(*ast.CallExpr)
		if !ok {
			return false
		}
		sig, ok := info.TypeOf(call.Fun).(*types.Signature)
		if !ok || !sig.Variadic() || sig.Params().Len() < 2 || sig.Results().Len() > 0 {
			return false
		}
		ps := sig.Params()
		format, rest := ps.At(ps.Len()-2).Type(), ps.At(ps.Len()-1).Type()
		b, ok := format.Underlying().(*types.Basic)
		sl, ok2 := rest.(*types.Slice)
		if !ok || b.Kind() != types.String || !ok2 {
			return false
		}
		iface, ok := sl.Elem().Underlying().(*types.Interface)
		return ok && iface.Empty()
	case *ast.IfStmt:
		be, ok := ast.Unparen(st.Cond).(*ast.BinaryExpr)
		if !ok || st.Init != nil || st.Else != nil || be.Op != token.NEQ || !info.Types[be.Y].IsNil() {
			return false
		}
		for _, s := range st.Body.List {
			if !logStmt(info, s) {
				return false
			}
		}
		return len(st.Body.List) > 0
	}
	return false
}

// direct reports whether the act's statement stands directly in the block
// or case that the test guards: test, then claim.
func direct(ck *check, act *access) bool {
	for i := len(act.stack) - 1; i > 0; i-- {
		if _, ok := act.stack[i].(ast.Stmt); ok {
			return act.stack[i-1] == ck.holder
		}
	}
	return false
}

// lastInBlock reports whether the statement that holds the act is the last
// of its block or case that does work: only returns and branches without
// calls may follow it.
func lastInBlock(act *access) bool {
	for i := len(act.stack) - 1; i > 0; i-- {
		stmt, ok := act.stack[i].(ast.Stmt)
		if !ok {
			continue
		}
		var list []ast.Stmt
		switch p := act.stack[i-1].(type) {
		case *ast.BlockStmt:
			list = p.List
		case *ast.CaseClause:
			list = p.Body
		case *ast.CommClause:
			list = p.Body
		default:
			return false
		}
		i := indexOf(list, stmt)
		if i < 0 {
			return false
		}
		for _, rest := range list[i+1:] {
			if !leaves(rest) {
				return false
			}
		}
		return true
	}
	return false
}

// leaves reports whether s only leaves the block, doing no work: a return
// of values computed without calls, break, continue, goto.
func leaves(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.BranchStmt:
		return true
	case *ast.ReturnStmt:
		calls := false
		for _, r := range s.Results {
			ast.Inspect(r, func(n ast.Node) bool {
				_, isCall := n.(*ast.CallExpr)
				calls = calls || isCall
				return !calls
			})
		}
		return !calls
	}
	return false
}

// sameExpr reports whether x and y are the same constant, or the same
// variable or field path.
func sameExpr(info *types.Info, x, y ast.Expr) bool {
	tx, ty := info.Types[x], info.Types[y]
	if tx.Value != nil && ty.Value != nil {
		return tx.Value.ExactString() == ty.Value.ExactString()
	}
	if isNil(info, x) && isNil(info, y) {
		return true
	}
	k := lintkit.NewKeyer(info)
	kx := k.Key(x)
	return kx != "" && kx == k.Key(y)
}

func isNil(info *types.Info, e ast.Expr) bool {
	return info.Types[ast.Unparen(e)].IsNil()
}

// singleWriter reports whether the act is proven to have no concurrent
// writer: the check and the act run under a mutex of the value (or in a
// function that runs with a lock held: callerHolds), and every write of the
// location in the package runs under that same mutex (or in such a
// function). Only locations this package alone can name can be proven:
// an unexported variable, or a path of fields with an unexported one, of a
// type of this package.
//
// A write of the very value the test found (s.referenced.Store(true) where
// the check is if s.referenced.Load() { s.referenced.Store(false); ... })
// needs no lock: falling between the Load and the act, it changes nothing
// the test saw, as if it had run before the Load. Only the writers of
// other values must hold the mutex.
func (c *checker) singleWriter(act *access, ck *check, where int, site *types.Func, sections []slots.Section) bool {
	loc, private := c.facts.Location(act.a.Loc)
	if loc == "" || !private {
		return false
	}
	found := c.tested(ck, where)
	var mutexes []types.Object
	for _, s := range sections {
		// Only an exclusive hold makes this site the one writer: two
		// readers under RLock pass the test together. The other writers
		// may hold the mutex either way: an RLock excludes the Lock.
		if s.Obj != nil && !s.Read && s.Contains(ck.load.call.Pos()) && s.Contains(act.call.Pos()) && c.facts.Guards(c.k, s, act.a.Loc) {
			mutexes = append(mutexes, s.Obj)
		}
	}
	ws := c.facts.AtomicWrites(loc)
	if found != nil {
		ws = slices.DeleteFunc(slices.Clone(ws), func(w slots.Write) bool {
			v := w.Stored()
			return v != nil && constant.Compare(v, token.EQL, found)
		})
	}
	locked := c.callerHolds(site)
	if len(mutexes) == 0 && !locked {
		return false
	}
	if len(ws) == 0 {
		return false
	}
	// The mutex every writer holds: one this site holds, or, for a site
	// whose caller holds the lock, any one mutex common to the writers that
	// lock.
	candidates := mutexes
	if len(candidates) == 0 {
		for _, w := range ws {
			for _, h := range w.Held {
				candidates = append(candidates, h.Obj)
			}
		}
	}
	for _, m := range candidates {
		all := true
		for _, w := range ws {
			if !w.Locked && !w.Holds(m) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	// Every writer is itself a ...Locked function and so is this site.
	if locked {
		for _, w := range ws {
			if !w.Locked {
				return false
			}
		}
		return true
	}
	return false
}

// tested returns the constant value the location held when the test ck
// let the act run, where the test says so: for an atomic.Bool tested as a
// condition, true in the if's body and false in its else (or after an if
// that leaves); for x.Load() == c, c in the body; for x.Load() != c, c
// in the else or after the if. The test must be the whole condition, or
// a conjunct of it where the act runs when it holds. Nil when unknown.
func (c *checker) tested(ck *check, where int) constant.Value {
	holds := where == inBody || where == inCase
	whole := ast.Unparen(ck.cond) == ck.cmp
	if !whole && !(holds && lintkit.Conjunct(ck.cond, ck.cmp)) {
		return nil
	}
	eq := ck.op == token.EQL // the test is "equals"
	if ck.op != token.EQL && ck.op != token.NEQ {
		return nil
	}
	if ck.other == nil { // an atomic.Bool as a condition
		return constant.MakeBool(eq == holds)
	}
	if eq != holds {
		return nil // x != c held, or x == c failed: any value but c
	}
	return c.pass.TypesInfo.Types[ck.other].Value
}

// callerHolds reports whether fn runs with a lock held: its name or doc
// says so, or it is unexported and every call of it in the package is
// inside a critical section or in a function that itself runs with a lock
// held (slots.LockedByCallers).
func (c *checker) callerHolds(fn *types.Func) bool {
	if c.holds == nil {
		c.holds = c.facts.LockedByCallers()
	}
	return fn != nil && c.holds[fn]
}

// report reports the check-then-act of act guarded by ck, with the other
// Stores the same Load guards (also) as related positions; a fix is
// offered only for a single Store.
func (c *checker) report(act *access, ck *check, where int, also []*access) {
	name := types.ExprString(act.a.Loc)
	verb := act.a.Op
	var msg string
	if ck.op == token.EQL || ck.op == token.NEQ {
		msg = fmt.Sprintf("check-then-act on atomic %s: two goroutines can both pass the test of its Load and both %s; test and set in one step with CompareAndSwap", name, verb)
	} else {
		msg = fmt.Sprintf("check-then-act on atomic %s: the %s depends on a comparison with an earlier Load, so a value another goroutine stores in between is lost; update it in a CompareAndSwap loop", name, verb)
	}
	opts := []lintkit.Option{lintkit.Related(ck.load.call.Pos(), ck.load.call.End(), "the Load tested here")}
	for _, a := range also {
		opts = append(opts, lintkit.Related(a.call.Pos(), a.call.End(), "and a "+a.a.Op+" that the same Load guards"))
	}
	if len(also) == 0 {
		if edits, title := c.fix(act, ck, where); edits != nil {
			opts = append(opts, lintkit.Fix(title, edits...))
		}
	}
	c.r.Report(act.call, msg, opts...)
}
