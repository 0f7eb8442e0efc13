package ctxscope

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
)

// Roots made behind a condition on the helper's own parameters.
//
// A ctx-less accessor may make a root only on one path: if name == "" {
// return lookup(context.Background(), defaultName) }. A caller that passes
// a name it has checked, or a non-empty constant, never reaches that root,
// and blaming it for dropping its context is wrong. The MakesRoot fact
// says which parameters must be their zero value for the root to be made
// (ZeroParams, a conjunction); a caller is blamed only where it can meet them:
// it passes the zero value, or a value it has not tested.

// guardsAt returns the guards on the parameters of decl under which the
// code at pos runs (conditionsAt): p == zero in an if's then branch, p !=
// zero in its else branch or before an early return. A condition of
// another form adds nothing: pos is taken to run.
func (r *Result) guardsAt(decl *ast.FuncDecl, pos token.Pos) []int {
	params := map[*types.Var]int{}
	if fn, ok := r.pass.TypesInfo.Defs[decl.Name].(*types.Func); ok {
		ps := fn.Signature().Params()
		for i := range ps.Len() {
			params[ps.At(i)] = i
		}
	}
	if len(params) == 0 {
		return nil
	}
	var out []int
	add := func(cond ast.Expr, holds bool) {
		for _, v := range r.zeroTests(cond, holds) {
			if i, ok := params[v]; ok && !slices.Contains(out, i) {
				out = append(out, i)
			}
		}
	}
	conditionsAt(decl.Body, pos, add)
	slices.Sort(out)
	return out
}

// conditionsAt calls add with the conditions that hold (holds) or do not
// (!holds) where the code at pos in body runs: those of the if statements
// around it, and of the early returns before it in each enclosing block
// (if c { return }: c does not hold after it).
func conditionsAt(body *ast.BlockStmt, pos token.Pos, add func(cond ast.Expr, holds bool)) {
	var block func(list []ast.Stmt)
	block = func(list []ast.Stmt) {
		for _, st := range list {
			if st.End() <= pos {
				if s, ok := st.(*ast.IfStmt); ok && s.Else == nil && terminates(s.Body.List) {
					add(s.Cond, false)
				}
				continue
			}
			if st.Pos() > pos {
				return
			}
			enclosing(st, pos, add, block)
			return
		}
	}
	block(body.List)
}

// enclosing descends into the statement st that contains pos, noting the
// conditions that hold there.
func enclosing(st ast.Stmt, pos token.Pos, add func(cond ast.Expr, holds bool), block func([]ast.Stmt)) {
	switch s := st.(type) {
	case *ast.BlockStmt:
		block(s.List)
	case *ast.LabeledStmt:
		enclosing(s.Stmt, pos, add, block)
	case *ast.IfStmt:
		switch {
		case s.Init != nil && s.Init.Pos() <= pos && pos < s.Init.End():
		case s.Body.Pos() <= pos && pos < s.Body.End():
			add(s.Cond, true)
			block(s.Body.List)
		case s.Else != nil && s.Else.Pos() <= pos && pos < s.Else.End():
			add(s.Cond, false)
			enclosing(s.Else, pos, add, block)
		}
	case *ast.ForStmt:
		if s.Body.Pos() <= pos && pos < s.Body.End() {
			block(s.Body.List)
		}
	case *ast.RangeStmt:
		if s.Body.Pos() <= pos && pos < s.Body.End() {
			block(s.Body.List)
		}
	case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
		var body *ast.BlockStmt
		switch s := s.(type) {
		case *ast.SwitchStmt:
			body = s.Body
		case *ast.TypeSwitchStmt:
			body = s.Body
		case *ast.SelectStmt:
			body = s.Body
		}
		for _, c := range body.List {
			if c.Pos() <= pos && pos < c.End() {
				switch c := c.(type) {
				case *ast.CaseClause:
					block(c.Body)
				case *ast.CommClause:
					block(c.Body)
				}
			}
		}
	case *ast.ExprStmt, *ast.AssignStmt, *ast.GoStmt, *ast.DeferStmt, *ast.ReturnStmt, *ast.DeclStmt, *ast.SendStmt:
		// pos is in an expression: a goroutine or literal made here runs
		// under the conditions around it.
		var lit *ast.FuncLit
		ast.Inspect(s, func(n ast.Node) bool {
			if l, ok := n.(*ast.FuncLit); ok && l.Pos() <= pos && pos < l.End() {
				lit = l
			}
			return lit == nil
		})
		if lit != nil {
			block(lit.Body.List)
		}
	}
}

// zeroTests returns the variables that cond says are their zero value
// when its truth value is holds: v == "", v == nil, v == 0, len(v) == 0,
// !v, and conjunctions of those (disjunctions when it does not hold).
func (r *Result) zeroTests(cond ast.Expr, holds bool) []*types.Var {
	return r.zeroFacts(cond, holds, true)
}

// nonZeroTests is zeroTests for the variables cond says are not zero: v
// != "", len(v) > 0, v (a bool), ...
func (r *Result) nonZeroTests(cond ast.Expr, holds bool) []*types.Var {
	return r.zeroFacts(cond, holds, false)
}

// zeroFacts returns the variables that cond, with truth value holds, says
// are (zero) or are not (!zero) their zero value.
func (r *Result) zeroFacts(cond ast.Expr, holds, zero bool) []*types.Var {
	switch e := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch {
		case e.Op == token.LAND && holds, e.Op == token.LOR && !holds:
			return append(r.zeroFacts(e.X, holds, zero), r.zeroFacts(e.Y, holds, zero)...)
		case (e.Op == token.EQL) == (holds == zero) && (e.Op == token.EQL || e.Op == token.NEQ):
			// v == zero holds, or v != zero does not: v is zero; the
			// other way round, it is not.
			if v := r.comparedWithZero(e); v != nil {
				return []*types.Var{v}
			}
		case e.Op == token.GTR && holds && !zero:
			if v := r.lenOf(e.X); v != nil && r.isZeroValue(e.Y) {
				return []*types.Var{v} // len(v) > 0
			}
		}
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return r.zeroFacts(e.X, !holds, zero)
		}
	case *ast.Ident:
		if v := r.varOf(e); v != nil && isBool(v.Type()) && holds != zero {
			return []*types.Var{v} // v holds: not false; !v holds: false
		}
	}
	return nil
}

// lenOf returns v of len(v), or nil.
func (r *Result) lenOf(e ast.Expr) *types.Var {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := r.pass.TypesInfo.Uses[id].(*types.Builtin); ok && b.Name() == "len" {
			return r.varOf(call.Args[0])
		}
	}
	return nil
}

// comparedWithZero returns v of v == zero or zero == v (also len(v) ==
// 0), or nil.
func (r *Result) comparedWithZero(b *ast.BinaryExpr) *types.Var {
	for _, side := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		x, z := side[0], side[1]
		if !r.isZeroValue(z) {
			continue
		}
		if v := r.lenOf(x); v != nil {
			return v
		}
		if v := r.varOf(x); v != nil {
			return v
		}
	}
	return nil
}

// isZeroValue reports whether e is nil or a constant zero value: "", 0,
// false.
func (r *Result) isZeroValue(e ast.Expr) bool {
	tv, ok := r.pass.TypesInfo.Types[e]
	if !ok {
		return false
	}
	if tv.IsNil() {
		return true
	}
	return tv.Value != nil && isZeroConst(tv.Value)
}

func isZeroConst(v constant.Value) bool {
	switch v.Kind() {
	case constant.String:
		return constant.StringVal(v) == ""
	case constant.Bool:
		return !constant.BoolVal(v)
	case constant.Int, constant.Float, constant.Complex:
		return constant.Sign(v) == 0
	}
	return false
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

// varOf returns the local variable or parameter e names, or nil.
func (r *Result) varOf(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := r.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.IsField() || isPkgVar(v) {
		return nil
	}
	return v
}

// meets evaluates the guards of a callee at call: reachable is false when
// the caller cannot meet them (an argument is a non-zero constant, a value
// that cannot be zero, or a variable tested not zero on the way to the
// call); residual are the guards left on the parameters of the enclosing
// declaration decl (an argument that is one of its parameters, untested),
// for a fact of its own. decl may be nil.
func (r *Result) meets(call *ast.CallExpr, guards []int, decl *ast.FuncDecl) (reachable bool, residual []int) {
	if len(guards) == 0 {
		return true, nil
	}
	var params map[*types.Var]int
	if decl != nil {
		if fn, ok := r.pass.TypesInfo.Defs[decl.Name].(*types.Func); ok {
			params = map[*types.Var]int{}
			ps := fn.Signature().Params()
			for i := range ps.Len() {
				params[ps.At(i)] = i
			}
		}
	}
	var tested map[*types.Var]bool
	for _, g := range guards {
		if g >= len(call.Args) {
			continue // a variadic argument not passed: may be zero
		}
		a := ast.Unparen(call.Args[g])
		if tv, ok := r.pass.TypesInfo.Types[a]; ok && tv.Value != nil {
			if isZeroConst(tv.Value) {
				continue // the caller passes the zero value: met
			}
			return false, nil
		}
		if nonZero(a) {
			return false, nil
		}
		v := r.varOf(a)
		if v == nil {
			continue // a value the caller has not tested: it may be zero
		}
		if tested == nil {
			tested = r.testedNonZero(call)
		}
		if tested[v] {
			return false, nil
		}
		if i, ok := params[v]; ok && !slices.Contains(residual, i) {
			residual = append(residual, i)
		}
	}
	slices.Sort(residual)
	return true, residual
}

// nonZero reports whether e cannot be its type's zero value: the address
// of a composite literal, a func literal, a composite literal of a map or
// slice type with elements.
func nonZero(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.UnaryExpr:
		_, lit := ast.Unparen(e.X).(*ast.CompositeLit)
		return e.Op == token.AND && lit
	case *ast.FuncLit:
		return true
	}
	return false
}

// testedNonZero returns the variables the code around call has tested not
// to be their zero value on the way to it: it is in the then branch of if v
// != "" (or the else branch of if v == ""), or after if v == "" { return }.
func (r *Result) testedNonZero(call *ast.CallExpr) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	body := bodyOf(r.Enclosing(call))
	if body == nil {
		return out
	}
	type errTest struct {
		v  *types.Var
		at token.Pos
	}
	var errs []errTest
	add := func(cond ast.Expr, holds bool) {
		for _, v := range r.nonZeroTests(cond, holds) {
			out[v] = true
		}
		for _, v := range r.zeroTests(cond, holds) {
			if types.Identical(v.Type(), types.Universe.Lookup("error").Type()) {
				errs = append(errs, errTest{v, cond.Pos()})
			}
		}
	}
	conditionsAt(body, call.Pos(), add)
	for _, e := range errs {
		for _, v := range r.errPaired(body, e.v, e.at) {
			out[v] = true
		}
	}
	return out
}

// errPaired returns the results assigned with err by the last assignment
// of it before at (conn, err := dial(...)) that are pointers, interfaces,
// channels or functions: where err was found nil at at, they are not, by
// the convention of Go's APIs that a nil error comes with valid results.
func (r *Result) errPaired(body *ast.BlockStmt, err *types.Var, at token.Pos) []*types.Var {
	info := r.pass.TypesInfo
	var last *ast.AssignStmt
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil || n.Pos() >= at {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.End() > at || len(as.Rhs) != 1 || len(as.Lhs) < 2 {
			return true
		}
		if _, call := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); !call {
			return true
		}
		if id, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident); ok && info.ObjectOf(id) == err {
			last = as
		}
		return true
	})
	if last == nil {
		return nil
	}
	var out []*types.Var
	for _, l := range last.Lhs[:len(last.Lhs)-1] {
		id, ok := l.(*ast.Ident)
		if !ok {
			continue
		}
		v, _ := info.ObjectOf(id).(*types.Var)
		if v == nil {
			continue
		}
		switch v.Type().Underlying().(type) {
		case *types.Pointer, *types.Interface, *types.Chan, *types.Signature:
			out = append(out, v)
		}
	}
	return out
}

// bodyOf returns the body of a function declaration or literal, or nil.
func bodyOf(n ast.Node) *ast.BlockStmt {
	switch n := n.(type) {
	case *ast.FuncDecl:
		return n.Body
	case *ast.FuncLit:
		return n.Body
	}
	return nil
}

// Reaches reports whether a call of a function with fact f can make its
// root: call (nil when the function is run as a value, with arguments the
// code does not show) can meet f's guards.
func (r *Result) Reaches(call *ast.CallExpr, f *MakesRoot) bool {
	if call == nil || f == nil {
		return true
	}
	ok, _ := r.meets(call, f.ZeroParams, nil)
	return ok
}
