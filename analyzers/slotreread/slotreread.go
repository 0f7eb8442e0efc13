package slotreread

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/directives"
	"github.com/ctxbound/ctxbound/passes/slots"
)

//go:embed doc.go
var doc string

// Analyzer reports two reads of one mutable slot in one operation.
var Analyzer = &analysis.Analyzer{
	Name:     "slotreread",
	Doc:      lintkit.MustExtractDoc(doc, "slotreread"),
	URL:      "https://github.com/ctxbound/ctxbound/blob/main/docs/checks.md#slotreread",
	Requires: []*analysis.Analyzer{directives.Analyzer, slots.Analyzer},
	Run:      lintkit.Safe(run),
}

// The kinds of slot read.
const (
	kindAtomic   = iota // x.f.Load() of an atomic.Pointer or atomic.Value
	kindAccessor        // a call of an inferred accessor (slots.Accessor)
	kindSlot            // a call of a method marked //ctxbound:slot
	kindGuarded         // x.f read inside a critical section of x's mutex
	kindNumeric         // a Load of a numeric atomic: x.f.Load(), atomic.LoadInt32(&x.f)
)

// A read is one read of a slot.
type read struct {
	key     string   // the slot's location (lintkit.Keyer)
	kind    int      // kindAtomic, ...
	expr    ast.Expr // the call, or the selector of a guarded read
	name    string   // the slot, for messages: "g.slot", "g.Run()"
	mutex   string   // guarded reads: the mutex, for messages
	section token.Pos
	used    bool
	bound   *types.Var // v in v := <read>, v = <read>, var v = <read>
	stack   []ast.Node // enclosing nodes, outermost first
	// numeric reads: an integer slot (kindNumeric, or an accessor of
	// one), whether the read's result is tested as a state (compared with
	// a constant or switched on), and the field or variable read (nil
	// when unknown).
	numeric bool
	state   bool
	obj     types.Object
	atype   string   // the atomic type of an atomic read ("Pointer", "Int32", ...)
	at      ast.Expr // the location an atomic read loads (x.f of x.f.Load()), nil for others
	local   string   // a name for a local holding the value, from the field ("" for none)
	// guard: a read of a mutex-guarded slot, directly in a critical
	// section or through an inferred accessor. For these, holds and paths
	// say what the read takes from the value (takes.go).
	guard bool
	took  bool // holds and paths are computed
	holds bool
	paths []string
	// write: the read only leads to a location written through the slot
	// (s.run.n = v); value is the value written there (nil for n++ or
	// when the assignment has several values on its right).
	write bool
	value ast.Expr
	// carried are the variables that carry the read's result (fnIndex),
	// lastCarried the last use of one of them.
	carried     map[types.Object]bool
	lastCarried token.Pos
}

// anySlot begins the key of a write through a pointer to an atomic, which
// may alias any slot of the same atomic type: "*Pointer", "*Int32".
const anySlot = "*"

// methodWrite ends the key of a call of a method that is not a slot read:
// between two reads through the receiver's marked methods, it may have
// rebound the slot (runctx's Slot.Bind).
const methodWrite = "()"

// mayWrite reports whether a write with key w may write the slot key of
// atomic type atype ("" for a slot that is not an atomic).
func mayWrite(w, key, atype string) bool {
	if w == anySlot+atype || lintkit.KeyCovers(w, key) || strings.HasPrefix(key, w+methodWrite) {
		return true // the slot, a location that holds it, or the value whose marked method reads it
	}
	return strings.HasSuffix(w, methodWrite) && strings.HasPrefix(key, w)
}

// A write is a store to a location: an assignment, or an atomic Store,
// Swap or CompareAndSwap.
type write struct {
	key string
	pos token.Pos
	// call: a call of a method of the package that stores into the slot
	// (callWrites), not a write in the function's own code.
	call bool
}

// between reports whether pos lies on a path from one of the reads rs
// to another.
func between(fl *lintkit.Flow, rs []*read, pos token.Pos) bool {
	from := slices.ContainsFunc(rs, func(r *read) bool { return fl.Reaches(r.expr.Pos(), pos, nil) })
	return from && slices.ContainsFunc(rs, func(r *read) bool { return fl.Reaches(pos, r.expr.Pos(), nil) })
}

type checker struct {
	pass  *analysis.Pass
	r     *lintkit.Reporter
	dirs  *directives.Result
	facts *slots.Result
	k     *lintkit.Keyer
	// scopes finds the scope at a position (fixes ask it per read);
	// srcs are the files' bytes, read once.
	scopes *lintkit.Scopes
	srcs   map[*token.File][]byte
	// The package's declarations, the paths below its receiver that each
	// method writes, and the functions proven not to rebind a slot
	// (rebind.go; lazy).
	decls    map[*types.Func]*ast.FuncDecl
	writesOf map[*types.Func][]string
	harmless map[*types.Func]bool

	added  map[types.Object]bool // integers the package Adds to: counters (lazy)
	once   map[*types.Var]bool   // atomic binding locals and fields bound once in their life (lazy; once.go)
	plains map[types.Type]bool   // types that hold no binding (lazy)
	// Fixes of one function: the local each hoisted read was given, so
	// that two findings with the same first read make the same edits, and
	// the names given, so that two hoists never declare the same name.
	hoisted map[ast.Expr]string
	named   map[string]bool

	pending []finding

	reads, tried int // the reads of the functions checked, and the pairs of them tried (TestLinearPairs)
}

func run(pass *analysis.Pass) (any, error) {
	c := newChecker(pass)
	if !lintkit.ImportsAny(pass.Pkg, "sync", "sync/atomic") && !c.facts.HasAccessors() && !c.facts.HasAtomicMethods() && !c.dirs.Any(directives.Slot) {
		c.r.Finish()
		return nil, nil // no atomic, mutex, accessor or slot method to read twice
	}
	for _, f := range pass.Files {
		if c.r.Generated(f.Pos()) || strings.HasSuffix(pass.Fset.File(f.FileStart).Name(), "_test.go") {
			continue // test code runs one scenario at a time: the race detector checks it
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body != nil {
					c.function(n, n.Body)
				}
			case *ast.FuncLit:
				c.function(n, n.Body)
			}
			return true
		})
	}
	c.flush()
	c.r.Finish()
	return nil, nil
}

func newChecker(pass *analysis.Pass) *checker {
	return &checker{
		pass:  pass,
		r:     lintkit.NewReporter(pass, pass.ResultOf[directives.Analyzer].(*directives.Result)),
		dirs:  pass.ResultOf[directives.Analyzer].(*directives.Result),
		facts: pass.ResultOf[slots.Analyzer].(*slots.Result),
		k:     lintkit.NewKeyer(pass.TypesInfo),

		scopes: lintkit.NewScopes(pass.Pkg.Scope()),
		srcs:   map[*token.File][]byte{},

		writesOf: map[*types.Func][]string{},
		harmless: map[*types.Func]bool{},
	}
}

// function checks one function body; nested function literals are
// separate operations, checked on their own.
func (c *checker) function(fn ast.Node, body *ast.BlockStmt) {
	defer lintkit.At(c.pass.Fset, fn)
	info := c.pass.TypesInfo
	sections := slots.Sections(info, c.k, body)
	c.hoisted, c.named = map[ast.Expr]string{}, map[string]bool{}
	var (
		reads  []*read
		writes []write
		locks  []token.Pos
		stack  []ast.Node
	)
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		parent := ast.Node(nil)
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE {
				for _, l := range n.Lhs {
					if k := c.k.Key(l); k != "" {
						writes = append(writes, write{key: k, pos: n.Pos()})
					}
				}
			}
		case *ast.IncDecStmt:
			if k := c.k.Key(n.X); k != "" {
				writes = append(writes, write{key: k, pos: n.Pos()})
			}
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				for _, l := range []ast.Expr{n.Key, n.Value} {
					if k := c.k.Key(l); l != nil && k != "" {
						writes = append(writes, write{key: k, pos: n.Pos()})
					}
				}
			}
		case *ast.CallExpr:
			if rd, w, lock := c.call(n); rd != nil {
				if ta, ok := parent.(*ast.TypeAssertExpr); ok && rd.kind == kindAtomic {
					if t := info.TypeOf(ta); t != nil && !slots.IsBinding(t) {
						break // s.conf.Load().(Config): a copy of a value, a snapshot of data
					}
				}
				c.finish(rd, parent, stack)
				reads = append(reads, rd)
			} else if w != "" {
				writes = append(writes, write{key: w, pos: n.Pos()})
			} else if lock {
				locks = append(locks, n.Pos())
			}
			for _, k := range c.callWrites(n) {
				writes = append(writes, write{key: k, pos: n.Pos(), call: true}) // a method of the package that stores into its receiver
			}
		case *ast.SelectorExpr:
			if rd := c.guarded(n, stack, sections); rd != nil {
				c.finish(rd, parent, stack)
				reads = append(reads, rd)
			}
		}
		stack = append(stack, n)
		return true
	})
	if len(reads) < 2 {
		return
	}
	byKey := map[string][]*read{}
	var keys []string
	for _, rd := range reads {
		if byKey[rd.key] == nil {
			keys = append(keys, rd.key)
		}
		byKey[rd.key] = append(byKey[rd.key], rd)
	}
	var fl *lintkit.Flow
	c.reads += len(reads)
	fx := newIndex(info, body)
	fx.reads = reads
	lockAt := positions(locks)
	for _, key := range keys {
		rs := byKey[key]
		if len(rs) < 2 {
			continue
		}
		if fl == nil {
			fl = lintkit.NewFlow(body)
		}
		// A function that writes the slot itself manages it (lazy
		// initialisation, read-check-write, a test of the slot): its
		// re-reads are deliberate. Through a method of the package, only
		// a rebind between two of the reads says so (g.rebind(r) between
		// them); one on a path that leaves without a second read (an
		// error path that retries), or after the last, does not.
		if slices.ContainsFunc(writes, func(w write) bool {
			return w.key == key && (!w.call || between(fl, rs, w.pos))
		}) {
			continue
		}
		// cut: a write to the slot or to a location that holds it, and,
		// for atomics and accessors, a Lock (double-checked locking
		// re-reads on purpose).
		var writeAt positions
		for _, w := range writes {
			if mayWrite(w.key, key, rs[0].atype) {
				writeAt = append(writeAt, w.pos)
			}
		}
		slices.Sort(writeAt)
		cutWrites := writeAt.within
		cutBoth := func(n ast.Node) bool { return writeAt.within(n) || lockAt.within(n) }
		pr := newPairing(fx, rs)
		// The second reads of each first read: one finding per first read.
		var firsts []*read
		seconds := map[*read][]*read{}
		for j, b := range rs {
			if !b.used || nilCheck(info, b) {
				continue
			}
			for _, a := range pr.candidates(j, b) {
				c.tried++
				if !a.used || a.write {
					continue // a write through the slot takes nothing from it
				}
				guarded := a.kind == kindGuarded || b.kind == kindGuarded
				if a.kind == kindGuarded && b.kind == kindGuarded && a.section == b.section {
					continue
				}
				meet := fx.related
				if a.numeric || b.numeric {
					// An integer is a slot only as a state tested twice in one
					// decision, or read through its accessor and directly.
					switch {
					case c.counter(a) || c.counter(b):
						continue
					case (a.kind == kindAccessor) != (b.kind == kindAccessor):
					case a.state && b.state:
						meet = func(a, b *read) bool { return oneDecision(a, b) || fx.branchDecision(a, b) }
					case a.state && indexKey(info, b):
						meet = fx.guardUse // checked, then loaded again for a lookup
					default:
						continue
					}
				}
				if b.write {
					meet = fx.writesBack
				}
				if a.bound != nil && a.bound == b.bound {
					continue // v = s.slot again: a refresh that replaces the old value
				}
				if a.kind == kindAccessor && b.kind == kindGuarded {
					continue // a snapshot from the accessor, then the current value under the lock taken for it
				}
				if a.guard && b.guard && c.apart(fx, a, b) {
					continue // each takes other plain data of the binding it sees
				}
				if !meet(a, b) || fx.compares(a, b) {
					continue
				}
				// A Lock between is double-checked locking only when the
				// read under it is tested again.
				cut := cutBoth
				if guarded || !fx.tested(b) {
					cut = cutWrites
				}
				if !fl.Reaches(a.expr.Pos(), b.expr.Pos(), cut) {
					continue
				}
				if c.excluded(fx, fl, a, b, sections) {
					continue // a lock held across both reads keeps every rebind out
				}
				if c.unreachable(a, b) {
					continue // no store can bring the state to a value the two loads misclassify
				}
				if seconds[a] == nil {
					firsts = append(firsts, a)
				}
				seconds[a] = append(seconds[a], b)
				break
			}
		}
		for _, a := range firsts {
			c.report(fx, a, seconds[a])
		}
	}
}

// call classifies a call: a slot read, a write of an atomic slot (its
// key), or a mutex Lock.
func (c *checker) call(call *ast.CallExpr) (rd *read, w string, lock bool) {
	info := c.pass.TypesInfo
	if a, ok := c.facts.AtomicOp(info, call); ok && !(a.Method != "" && c.dirs.Has(lintkit.Callee(info, call), directives.Slot)) {
		if a.Loc == nil {
			if a.IsWrite() {
				return nil, anySlot + a.Type, false // atomic.StoreInt32(p, v) may write any
			}
			return nil, "", false
		}
		k := c.k.Key(a.Loc)
		switch {
		case a.IsWrite():
			if _, ok := types.Unalias(info.TypeOf(a.Loc)).(*types.Pointer); ok && !a.Func && a.Method == "" || a.Ptr {
				// p.Store through a pointer to an atomic may write any slot
				// of its type (p := &e.next; p.Store(...);
				// atomic.StoreInt32(p, v)). An atomic type by behaviour is
				// passed by pointer as any value is (s *Slot): it is the
				// variable's own, as a field is.
				return nil, anySlot + a.Type, false
			}
			return nil, k, false
		case k == "":
		case a.Binding() && !a.Func:
			if c.atomicOnce(a.Loc) {
				return nil, "", false // bound once in its life: not a slot (once.go)
			}
			return &read{key: k, kind: kindAtomic, expr: call, name: types.ExprString(a.Loc), atype: a.Type, at: a.Loc}, "", false
		case a.Numeric():
			return &read{key: k, kind: kindNumeric, expr: call, name: types.ExprString(a.Loc), atype: a.Type, at: a.Loc,
				numeric: true, obj: locObject(info, a.Loc), local: localOf(a.Loc)}, "", false
		}
		return nil, "", false
	}
	fn := lintkit.Callee(info, call)
	if fn == nil {
		fn = lintkit.InterfaceCallee(info, call)
	}
	if fn == nil {
		return nil, "", false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, "", false
	}
	switch {
	case slots.IsLock(fn):
		return nil, "", true
	case c.dirs.Has(fn, directives.Slot):
		if k := c.k.Key(sel.X); k != "" {
			return &read{key: k + "()" + fn.Name(), kind: kindSlot, expr: call, name: types.ExprString(call.Fun) + "()"}, "", false
		}
	default:
		if acc := c.facts.Accessor(fn); acc != nil {
			if k := c.k.Key(sel.X); k != "" {
				if acc.Kind == slots.Guarded {
					// The field the accessor returns under a lock is a slot only if it
					// can be bound to one value and then another (rebound):
					// one set only while nil (a lazily made id) is not.
					// The field's own package decides (Accessor.Once).
					if f, ok := slots.FieldAt(info.TypeOf(sel.X), acc.Field).(*types.Var); ok && (acc.Once || !c.rebound(f)) {
						return nil, "", false
					}
				}
				rd := &read{key: k + "." + acc.Field, kind: kindAccessor, expr: call, name: types.ExprString(call.Fun) + "()", guard: acc.Kind == slots.Guarded}
				if acc.Kind == slots.Numeric {
					rd.numeric = true
					rd.obj = slots.FieldAt(info.TypeOf(sel.X), acc.Field)
					if i := strings.LastIndexByte(acc.Field, '.'); i >= 0 {
						rd.local = lower(acc.Field[i+1:])
					} else {
						rd.local = lower(acc.Field)
					}
				}
				return rd, "", false
			}
		}
		if fn.Signature().Recv() != nil {
			// Any other method of a value whose slot methods are read may
			// rebind it (runctx's Slot.Bind).
			if k := c.k.Key(sel.X); k != "" {
				return nil, k + methodWrite, false
			}
		}
	}
	return nil, "", false
}

// locObject returns the field or variable that the location expression
// e denotes, or nil.
func locObject(info *types.Info, e ast.Expr) types.Object {
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if s := info.Selections[e]; s != nil && s.Kind() == types.FieldVal {
			return s.Obj()
		}
	case *ast.Ident:
		return info.ObjectOf(e)
	}
	return nil
}

// localOf names a local that holds the value of location e: its field or
// variable name, lower-cased ("state" for s.state), or "".
func localOf(e ast.Expr) string {
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		return lower(e.Sel.Name)
	case *ast.Ident:
		return lower(e.Name)
	}
	return ""
}

// lower lower-cases the leading initialism or letter of a Go name, the
// way a local is named after a field: State -> state, ID -> id, URLPath ->
// urlPath.
func lower(s string) string {
	if s == "" || s == "_" {
		return ""
	}
	r := []rune(s)
	n := 0
	for n < len(r) && unicode.IsUpper(r[n]) {
		n++
	}
	if n > 1 && n < len(r) && unicode.IsLower(r[n]) {
		n-- // URLPath: the P begins the next word
	}
	for i := 0; i < n || i == 0; i++ {
		r[i] = unicode.ToLower(r[i])
	}
	return string(r)
}

// counter reports whether the integer rd reads is a counter: the package
// adds to it (x.f.Add(1), atomic.AddInt32(&x.f, 1)). A counter is a
// statistic, not a state.
func (c *checker) counter(rd *read) bool {
	if !rd.numeric || rd.obj == nil {
		return false
	}
	if c.added == nil {
		c.added = map[types.Object]bool{}
		info := c.pass.TypesInfo
		for _, f := range c.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if a, ok := c.facts.AtomicOp(info, call); ok && a.Op == slots.OpAdd && a.Loc != nil {
						if o := locObject(info, a.Loc); o != nil {
							c.added[o] = true
						}
					}
				}
				return true
			})
		}
	}
	return c.added[lintkit.Origin(rd.obj)] || c.added[rd.obj]
}

// guarded returns the read of a pointer or interface field of x inside a
// critical section of x's mutex, or nil.
func (c *checker) guarded(sel *ast.SelectorExpr, stack []ast.Node, sections []slots.Section) *read {
	info := c.pass.TypesInfo
	s := info.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal {
		return nil
	}
	if !slots.IsBinding(s.Type()) {
		return nil
	}
	if f, ok := s.Obj().(*types.Var); ok && !c.rebound(f) {
		return nil // bound once, at construction: not a mutable slot
	}
	var parent ast.Node
	if len(stack) > 0 {
		parent = stack[len(stack)-1]
	}
	if n := lintkit.NamedOf(s.Type()); n != nil && n.Obj().Pkg() != nil && (n.Obj().Pkg().Path() == "sync" || n.Obj().Pkg().Path() == "internal/sync") {
		return nil
	}
	switch p := parent.(type) {
	case *ast.AssignStmt:
		if slices.Contains(p.Lhs, ast.Expr(sel)) {
			return nil
		}
	case *ast.UnaryExpr:
		if p.Op == token.AND {
			return nil
		}
	case *ast.SelectorExpr:
		// A pointer to an atomic (state *atomic.Pointer[T]): s.state.Load()
		// and s.state.Store(v) are reads and writes of the atomic slot,
		// classified as such; the field is only the way to it.
		if len(stack) > 1 {
			if call, ok := stack[len(stack)-2].(*ast.CallExpr); ok && call.Fun == p {
				if a, ok := c.facts.AtomicOp(info, call); ok && a.Loc == ast.Expr(sel) {
					return nil
				}
			}
		}
	}
	owner := c.k.Key(sel.X)
	if owner == "" {
		return nil
	}
	key := c.k.Key(sel)
	for _, sec := range sections {
		if lintkit.KeyCovers(key, sec.Mutex) {
			continue // the field that holds the mutex (s.gateway of s.gateway.RLock()) is not guarded by it
		}
		if sec.Owner == owner && sec.Start <= sel.Pos() && sel.End() <= sec.End {
			return &read{key: c.k.Key(sel), kind: kindGuarded, expr: sel, name: types.ExprString(sel), mutex: sec.Text, section: sec.LockPos(), guard: true}
		}
	}
	return nil
}

// finish records whether a read's result is used and the variable it is
// bound to.
func (c *checker) finish(rd *read, parent ast.Node, stack []ast.Node) {
	rd.stack = slices.Clone(stack)
	rd.used = true
	rd.write, rd.value = writeBase(rd.expr, stack)
	if rd.numeric {
		rd.state = c.stateUse(rd)
	}
	switch p := parent.(type) {
	case *ast.ExprStmt:
		rd.used = false
	case *ast.AssignStmt:
		if len(p.Lhs) == len(p.Rhs) {
			for i, r := range p.Rhs {
				if r == rd.expr {
					if id, ok := p.Lhs[i].(*ast.Ident); ok {
						if id.Name == "_" {
							rd.used = false
						} else if v, ok := c.pass.TypesInfo.ObjectOf(id).(*types.Var); ok {
							rd.bound = v
						}
					}
				}
			}
		} else if blank(p.Lhs) {
			rd.used = false
		}
	case *ast.ValueSpec:
		if len(p.Names) == len(p.Values) {
			for i, v := range p.Values {
				if v == rd.expr {
					if p.Names[i].Name == "_" {
						rd.used = false
					} else if obj, ok := c.pass.TypesInfo.Defs[p.Names[i]].(*types.Var); ok {
						rd.bound = obj
					}
				}
			}
		}
	}
}

// stateUse reports whether the result of numeric read rd is tested as a
// state: compared with a constant (possibly after a conversion or a mask
// with a constant: s.flags.Load()&closed != 0), or switched on. Arithmetic,
// comparisons with other values and any other use make it a number.
func (c *checker) stateUse(rd *read) bool {
	info := c.pass.TypesInfo
	var child ast.Node = rd.expr
	for i := len(rd.stack) - 1; i >= 0; i-- {
		switch p := rd.stack[i].(type) {
		case *ast.ParenExpr:
		case *ast.CallExpr:
			if tv, ok := info.Types[p.Fun]; !ok || !tv.IsType() {
				return false // an argument, not a conversion
			}
		case *ast.BinaryExpr:
			other := p.X
			if other == child {
				other = p.Y
			}
			constant := info.Types[other].Value != nil
			switch p.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
				return constant
			case token.AND, token.OR, token.XOR, token.AND_NOT:
				if !constant {
					return false
				}
			default:
				return false
			}
		case *ast.SwitchStmt:
			return p.Tag == child
		default:
			return false
		}
		child = rd.stack[i]
	}
	return false
}

// oneDecision reports whether two state reads take part in one decision:
// they are in one statement (one condition), in the conditions of one
// if-else chain, or in the tag and case lists of one switch. A re-check in
// a later statement, or inside a branch, is a new decision: code that
// polls a state re-reads it on purpose.
func oneDecision(a, b *read) bool {
	if sa := innermostStmt(a); sa != nil && sa == innermostStmt(b) {
		return true
	}
	da := decision(a)
	return da != nil && da == decision(b)
}

// decision returns the if-else chain (its first if statement) or the
// switch statement whose condition, tag or case list holds read r, or nil.
func decision(r *read) ast.Node {
	var child ast.Node = r.expr
	for i := len(r.stack) - 1; i >= 0; i-- {
		switch n := r.stack[i].(type) {
		case *ast.IfStmt:
			if child != n.Cond && child != n.Init {
				return nil
			}
			top := n
			for j := i - 1; j >= 0; j-- {
				p, ok := r.stack[j].(*ast.IfStmt)
				if !ok || p.Else != top {
					break
				}
				top = p
			}
			return top
		case *ast.CaseClause:
			if e, ok := child.(ast.Expr); !ok || !slices.Contains(n.List, e) {
				return nil
			}
			if i >= 2 {
				if sw, ok := r.stack[i-2].(*ast.SwitchStmt); ok {
					return sw
				}
			}
			return nil
		case *ast.SwitchStmt:
			if child == n.Tag || child == n.Init {
				return n
			}
			return nil
		case ast.Stmt, *ast.FuncLit:
			return nil
		}
		child = r.stack[i]
	}
	return nil
}

func blank(es []ast.Expr) bool {
	for _, e := range es {
		if id, ok := e.(*ast.Ident); !ok || id.Name != "_" {
			return false
		}
	}
	return true
}

// related reports whether the results of reads a and b meet, so that a
// rebind between them mixes two runs' state in one operation: they are
// read in the same statement; or b is guarded by a check on a (if
// s.Load() != nil { s.Load().ID }); or a variable bound from a (directly or
// through other variables) is used from b's statement on; or a is checked
// by an early return and b uses the value without checking it (guardUse). Two reads whose
// results never meet (each call's result used on its own, as with
// suite.Require().NoError(err) twice) are not reported.
func (fx *fnIndex) related(a, b *read) bool {
	return fx.meets(a, b) || fx.guardUse(a, b)
}

// meets is related but for a check and a use: the reads are in one
// statement, b is guarded by a check on a, they are conditions of one
// decision, or a variable carries a's result to b.
func (fx *fnIndex) meets(a, b *read) bool {
	sa, sb := innermostStmt(a), innermostStmt(b)
	if sa == nil || sb == nil {
		return false
	}
	if sa == sb {
		return true
	}
	// A check on a's result guards b; not a check on something else made
	// through it (if s.Assert().NotNil(x)).
	for _, n := range b.stack {
		if receiverOnly(a) {
			break
		}
		switch n := n.(type) {
		case *ast.IfStmt:
			if (lintkit.Contains(n.Cond, a.expr.Pos()) || (n.Init != nil && lintkit.Contains(n.Init, a.expr.Pos()))) && !lintkit.Contains(n.Cond, b.expr.Pos()) {
				return true
			}
		case *ast.ForStmt:
			if n.Cond != nil && lintkit.Contains(n.Cond, a.expr.Pos()) && lintkit.Contains(n.Body, b.expr.Pos()) {
				return true
			}
		case *ast.SwitchStmt:
			if (n.Tag != nil && lintkit.Contains(n.Tag, a.expr.Pos())) || (n.Init != nil && lintkit.Contains(n.Init, a.expr.Pos())) {
				return true
			}
		case *ast.CaseClause:
			for _, e := range n.List {
				if lintkit.Contains(e, a.expr.Pos()) && !lintkit.Contains(e, b.expr.Pos()) {
					return true // case s.Load() != nil: s.Load().ID
				}
			}
		}
	}
	if !receiverOnly(a) && oneDecision(a, b) {
		return true // the conditions of one if-else chain or switch
	}
	carried, last := fx.carried(a)
	return len(carried) > 0 && last >= sb.Pos()
}

// receiverOnly reports whether read r's result is only the receiver of a
// method call: r.M(...).
func receiverOnly(r *read) bool {
	n := len(r.stack)
	if n < 2 {
		return false
	}
	sel, ok := r.stack[n-1].(*ast.SelectorExpr)
	if !ok || sel.X != r.expr {
		return false
	}
	call, ok := r.stack[n-2].(*ast.CallExpr)
	return ok && call.Fun == sel
}

// innermostStmt returns the statement that holds read r.
func innermostStmt(r *read) ast.Stmt {
	for i := len(r.stack) - 1; i >= 0; i-- {
		if s, ok := r.stack[i].(ast.Stmt); ok {
			return s
		}
	}
	return nil
}

// nilCheck reports whether read b, or a field of it, is compared with
// nil: a re-check (is the slot still bound?) that starts a new decision, not
// a second use of the binding.
func nilCheck(info *types.Info, b *read) bool {
	var child ast.Node = b.expr
	for i := len(b.stack) - 1; i >= 0; i-- {
		switch p := b.stack[i].(type) {
		case *ast.SelectorExpr, *ast.ParenExpr:
			child = p
			continue
		case *ast.BinaryExpr:
			if p.Op != token.EQL && p.Op != token.NEQ {
				return false
			}
			other := p.X
			if other == child {
				other = p.Y
			}
			return info.Types[other].IsNil()
		}
		return false
	}
	return false
}

// writeBase reports whether read e only leads to a location that is
// assigned (s.run.x = v, s.run.n++, s.slot.Load().n = v), and returns the
// value assigned there (nil for n++, or when the assignment has several
// values on its right).
func writeBase(e ast.Expr, stack []ast.Node) (bool, ast.Expr) {
	var child ast.Node = e
	for i := len(stack) - 1; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.SelectorExpr:
			if p.X != child {
				return false, nil
			}
		case *ast.IndexExpr:
			if p.X != child {
				return false, nil
			}
		case *ast.StarExpr, *ast.ParenExpr:
		case *ast.AssignStmt:
			if child == ast.Node(e) {
				return false, nil
			}
			for j, l := range p.Lhs {
				if l == child {
					if len(p.Lhs) == len(p.Rhs) {
						return true, p.Rhs[j]
					}
					return true, nil
				}
			}
			return false, nil
		case *ast.IncDecStmt:
			return child != ast.Node(e) && p.X == child, nil
		default:
			return false, nil
		}
		child = stack[i]
	}
	return false, nil
}

// writesBack reports whether write b through the slot stores a value that
// carries the result of read a: a's binding's state written into whatever
// the slot holds at b (lag := s.mirror.lag; ...; s.mirror.lag = lag).
func (fx *fnIndex) writesBack(a, b *read) bool {
	if b.value == nil {
		return false
	}
	if lintkit.Contains(b.value, a.expr.Pos()) {
		return true
	}
	carried, _ := fx.carried(a)
	return lintkit.Any(b.value, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		return ok && carried[fx.info.Uses[id]]
	})
}

// rebound reports whether field f, of this package, is rebound outside
// construction (slots.Result.Rebound); a field of another package is
// assumed to be, unless its accessor's fact says it is bound once.
func (c *checker) rebound(f *types.Var) bool {
	return f.Pkg() != c.pass.Pkg || c.facts.Rebound(f)
}

// report reports the second reads bs of first read a as one finding, at
// the first of them.
func (c *checker) report(fx *fnIndex, a *read, bs []*read) {
	b := bs[0]
	back := slices.ContainsFunc(bs, func(b *read) bool { return b.write })
	var msg string
	switch {
	case back && b.kind == kindGuarded:
		msg = fmt.Sprintf("%s read twice in one operation, in two critical sections of %s: values read from the first binding are written back into the second, another run's after a rebind between them; keep the first in a local and write back only while the slot still holds it", b.name, b.mutex)
	case back:
		msg = fmt.Sprintf("slot %s read twice in one operation: values read from the first binding are written back into the second, another run's after a rebind between them; keep the first in a local and write back only while the slot still holds it", b.name)
	case b.kind == kindGuarded:
		msg = fmt.Sprintf("%s read twice in one operation, in two critical sections of %s: a rebind between them mixes two runs' state; read it once into a local and use it for both", b.name, b.mutex)
	case a.numeric && (a.kind == kindAccessor) != (b.kind == kindAccessor):
		acc, direct := a, b
		if b.kind == kindAccessor {
			acc, direct = b, a
		}
		msg = fmt.Sprintf("%s read twice in one operation, through %s and directly: a store between the reads gives the operation two values; read it once into a local and use it for both", direct.name, acc.name)
	case a.numeric && b.state && !oneDecision(a, b):
		msg = fmt.Sprintf("state %s loaded in a condition and again in the branch it guards: a store between the loads misclassifies it; load it once (a switch on one load, or a local) and test that", b.name)
	case a.numeric && !b.state:
		msg = fmt.Sprintf("state %s checked and loaded again for its use without the check: a store between them passes the check with one value and uses another; load it once into a local, check the local and use it", b.name)
	case a.numeric:
		msg = fmt.Sprintf("state %s loaded twice in one decision: a store between the loads misclassifies it; load it once into a local and test the local", b.name)
	case fx.guardUse(a, b) && !fx.meets(a, b):
		msg = fmt.Sprintf("slot %s checked and read again for its use without the check: a rebind between them passes the check with one binding and uses another, or nil; read it once into a local, check the local and use it", b.name)
	default:
		msg = fmt.Sprintf("slot %s read twice in one operation: a rebind between the reads mixes two runs' state; read it once into a local and use it for both", b.name)
	}
	f := finding{b: b, more: bs[1:], msg: msg, first: a.expr}
	if !back {
		// One fix for every second read: the first's edits (a hoist, if
		// any), then each other's replacement. None unless each has one.
		f.edits = c.fix(fx, a, b)
		for _, o := range bs[1:] {
			e := c.fix(fx, a, o)
			if f.edits == nil || e == nil {
				f.edits = nil
				break
			}
			f.edits = append(f.edits, e[len(e)-1])
		}
	}
	// A write back into the slot gets no fix: reusing the first binding
	// would write into a binding the slot may no longer hold; the right
	// edit compares the two first.
	c.pending = append(c.pending, f)
}

// A finding waits for the end of the package: a fix that replaces the
// last use of an import in its file, alone or with the file's other fixes,
// is dropped.
type finding struct {
	b     *read
	more  []*read // further second reads of the same first read
	first ast.Expr
	msg   string
	edits []analysis.TextEdit
}

// ranges returns the second reads that f's fix replaces.
func (f *finding) ranges() []analysis.Range {
	rs := []analysis.Range{f.b.expr}
	for _, m := range f.more {
		rs = append(rs, m.expr)
	}
	return rs
}

// flush reports the findings of the package, in order.
func (c *checker) flush() {
	replaced := map[*token.File][]analysis.Range{}
	for _, f := range c.pending {
		if f.edits != nil {
			tf := c.pass.Fset.File(f.b.expr.Pos())
			replaced[tf] = append(replaced[tf], f.ranges()...)
		}
	}
	for _, f := range c.pending {
		edits := f.edits
		if edits != nil {
			tf := c.pass.Fset.File(f.b.expr.Pos())
			if file := c.fileOf(tf); file == nil || !lintkit.ImportsKept(c.pass.TypesInfo, file, f.ranges(), replaced[tf]) {
				edits = nil
			}
		}
		opts := []lintkit.Option{lintkit.Related(f.first.Pos(), f.first.End(), "first read of the slot")}
		for _, m := range f.more {
			opts = append(opts, lintkit.Related(m.expr.Pos(), m.expr.End(), "read again here"))
		}
		opts = append(opts, lintkit.Fix("Read the slot once and use the value for both", edits...))
		c.r.Report(f.b.expr, f.msg, opts...)
	}
	c.pending = nil
}

func (c *checker) fileOf(tf *token.File) *ast.File {
	for _, f := range c.pass.Files {
		if c.pass.Fset.File(f.FileStart) == tf {
			return f
		}
	}
	return nil
}
