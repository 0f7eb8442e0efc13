package slots

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// A Section is a critical section of one function body: from a Lock or
// RLock statement to the matching Unlock in the same statement list, or to
// the end of the list (a deferred Unlock, an Unlock on another path). A
// TryLock or TryRLock that an if tests holds the mutex where the test
// passed: in the body of if mu.TryLock() { ... } (its condition the call,
// or a conjunct of it), and after if !mu.TryLock() { return } (a body
// that leaves: return, break, continue, goto, panic) in the rest of the
// list.
type Section struct {
	// Owner is the key (lintkit.Keyer) of the value whose mutex is locked:
	// s for s.mu.Lock() and for s.Lock() of an embedded mutex; the mutex
	// itself for a variable mu.Lock().
	Owner string
	// Mutex is the key of the mutex, and Text how the source spells it.
	Mutex, Text string
	// Obj is the mutex's field or variable, or nil (a mutex reached
	// through a call or an index).
	Obj types.Object
	// Lock is the Lock statement (the if statement whose condition takes
	// a TryLock); Start and End bound the statements that run with the
	// mutex held.
	Lock       ast.Stmt
	Start, End token.Pos
	// Unlock is the matching Unlock statement, nil when the section runs
	// to the end of its list.
	Unlock ast.Stmt
	// Deferred is true when a defer of the matching Unlock follows the
	// Lock in the same list: the mutex is held until the function returns.
	Deferred bool
	// Read is true for an RLock: other readers may hold the mutex too.
	Read bool
}

// Contains reports whether pos lies in the section.
func (s *Section) Contains(pos token.Pos) bool { return s.Start <= pos && pos < s.End }

// LockPos returns where the mutex is taken: the Lock statement, or the
// condition of the if that takes it with a TryLock (a position in the
// function's control-flow graph either way).
func (s *Section) LockPos() token.Pos {
	if ifs, ok := s.Lock.(*ast.IfStmt); ok {
		return ifs.Cond.Pos()
	}
	return s.Lock.Pos()
}

// Sections finds the critical sections of a function body, not those of
// the function literals it contains. k names the locations; the keys of
// the sections compare with the other keys of k.
func Sections(info *types.Info, k *lintkit.Keyer, body *ast.BlockStmt) []Section {
	var out []Section
	// lockCall returns the section fields of a call of a mutex method
	// that pred accepts, or nil.
	lockCall := func(e ast.Expr, pred func(*types.Func) bool) *Section {
		call, _ := ast.Unparen(e).(*ast.CallExpr)
		if call == nil {
			return nil
		}
		fn := lintkit.Callee(info, call)
		if !pred(fn) {
			return nil
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		sec := &Section{Mutex: k.Key(sel.X), Text: types.ExprString(sel.X), Read: fn.Name() == "RLock" || fn.Name() == "TryRLock"}
		sec.Owner = sec.Mutex
		switch x := ast.Unparen(sel.X).(type) {
		case *ast.SelectorExpr:
			if s := info.Selections[x]; s != nil && s.Kind() == types.FieldVal {
				sec.Owner = k.Key(x.X)
				sec.Obj = s.Obj()
			}
		case *ast.Ident:
			sec.Obj = info.ObjectOf(x)
			if s := info.Selections[sel]; s != nil && len(s.Index()) > 1 {
				// s.Lock() of an embedded mutex: the mutex is the
				// embedded field.
				if st, ok := lintkit.Deref(s.Recv()).Underlying().(*types.Struct); ok {
					sec.Obj = st.Field(s.Index()[0])
				}
			}
		}
		if sec.Mutex == "" || sec.Owner == "" {
			return nil
		}
		return sec
	}
	// lockOf returns the section fields of a Lock/Unlock statement that
	// pred accepts, or nil.
	lockOf := func(s ast.Stmt, pred func(*types.Func) bool) *Section {
		switch s := s.(type) {
		case *ast.ExprStmt:
			return lockCall(s.X, pred)
		case *ast.DeferStmt:
			return lockCall(s.Call, pred)
		}
		return nil
	}
	// until ends sec at the first Unlock of its mutex in rest, or at end;
	// a deferred one holds it to the end.
	until := func(sec *Section, rest []ast.Stmt, end token.Pos) {
		sec.End = end
		for _, t := range rest {
			u := lockOf(t, IsUnlock)
			if u == nil || u.Mutex != sec.Mutex {
				continue
			}
			if _, ok := t.(*ast.DeferStmt); ok {
				sec.Deferred = true
				continue
			}
			sec.End, sec.Unlock = t.Pos(), t
			break
		}
	}
	list := func(stmts []ast.Stmt, end token.Pos) {
		for i, s := range stmts {
			var sec *Section
			switch s := s.(type) {
			case *ast.ExprStmt:
				sec = lockOf(s, IsLock)
			case *ast.IfStmt:
				// if !mu.TryLock() { return }: the rest holds mu.
				if u, ok := ast.Unparen(s.Cond).(*ast.UnaryExpr); ok && u.Op == token.NOT && s.Init == nil && s.Else == nil && lintkit.Leaves(s.Body) {
					sec = lockCall(u.X, IsTryLock)
				}
			}
			if sec == nil {
				continue
			}
			sec.Lock, sec.Start = s, s.End()
			until(sec, stmts[i+1:], end)
			out = append(out, *sec)
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			// if mu.TryLock() { ... }: the body holds mu.
			for _, c := range lintkit.Conjuncts(n.Cond) {
				if sec := lockCall(c, IsTryLock); sec != nil {
					sec.Lock, sec.Start = n, n.Body.Lbrace
					until(sec, n.Body.List, n.Body.Rbrace)
					out = append(out, *sec)
				}
			}
		case *ast.BlockStmt:
			list(n.List, n.Rbrace)
		case *ast.CaseClause:
			list(n.Body, n.End())
		case *ast.CommClause:
			list(n.Body, n.End())
		}
		return true
	})
	return out
}

// AllSections returns the critical sections of body and of every function
// literal in it: a literal that locks (func() { c.Lock(); ...; c.Unlock()
// }) holds its own lock, as a part of the function that holds it.
func AllSections(info *types.Info, k *lintkit.Keyer, body *ast.BlockStmt) []Section {
	sections := Sections(info, k, body)
	ast.Inspect(body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok {
			sections = append(sections, Sections(info, k, lit.Body)...)
		}
		return true
	})
	return sections
}
