package ctxscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// flowResult is the provenance of the context variables declared in one
// function, at each use, computed over its control-flow graph.
type flowResult struct {
	vars  []*types.Var
	index map[*types.Var]int
	// uses is the class of each use of a variable of vars.
	uses map[*ast.Ident]Class
	// lits is the state where each literal of the function is made: what a
	// closure sees of the variables it captures.
	lits map[*ast.FuncLit][]Class
	// defs are the assignments of each variable, with the class assigned,
	// for closures made before them.
	defs map[*types.Var][]def
}

type def struct {
	pos   token.Pos
	class Class
}

// ensureFlow computes the flows of fi's outermost function and of every
// literal in it, parents first. r.mu must be held.
func (r *Result) ensureFlow(fi *funcInfo) {
	root := fi.root
	if _, ok := r.flows[root]; ok {
		return
	}
	var visit func(u *funcInfo)
	visit = func(u *funcInfo) {
		r.flows[u] = r.computeFlow(u)
		for _, c := range u.children {
			visit(c)
		}
	}
	visit(root)
}

// computeFlow runs the provenance analysis of one function over its
// control-flow graph: a forward analysis whose state is the class of each
// context variable declared in the function, joined where paths meet.
func (r *Result) computeFlow(u *funcInfo) *flowResult {
	fr := &flowResult{index: map[*types.Var]int{}}
	for _, v := range r.declared[u] {
		if r.shared[v] {
			continue
		}
		fr.index[v] = len(fr.vars)
		fr.vars = append(fr.vars, v)
	}
	if len(fr.vars) == 0 || u.body == nil {
		return fr
	}
	fr.uses = map[*ast.Ident]Class{}
	fr.lits = map[*ast.FuncLit][]Class{}
	fr.defs = map[*types.Var][]def{}

	g := cfg.New(u.body, lintkit.MayReturn)
	entry := make([]Class, len(fr.vars))
	for i, v := range fr.vars {
		entry[i] = Class{Kind: none}
		switch {
		case r.notCaller[v]:
			entry[i] = Class{Kind: Lifetime, What: v.Name()} // every call hands it a root or a lifetime context
		case r.params[v]:
			entry[i] = Class{Kind: Caller, Param: v}
		}
	}
	preds := make([][]*cfg.Block, len(g.Blocks))
	for _, b := range g.Blocks {
		for _, s := range b.Succs {
			preds[s.Index] = append(preds[s.Index], b)
		}
	}
	in := make([][]Class, len(g.Blocks))
	out := make([][]Class, len(g.Blocks))
	lookup := func(state []Class) func(*ast.Ident) Class {
		return func(id *ast.Ident) Class { return r.lookupIn(u, fr, state, id) }
	}
	// Iterate to a fixed point: the lattice is finite (none, one class per
	// origin, unknown), so this terminates; blocks are revisited only when
	// a predecessor changed.
	work := make([]bool, len(g.Blocks))
	queue := []*cfg.Block{g.Blocks[0]}
	work[0] = true
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		work[b.Index] = false
		var state []Class
		if b.Index == 0 {
			state = append([]Class(nil), entry...)
		} else {
			state = make([]Class, len(fr.vars))
			for i := range state {
				state[i] = Class{Kind: none}
			}
			for _, p := range preds[b.Index] {
				if out[p.Index] == nil {
					continue
				}
				for i := range state {
					state[i] = join(state[i], out[p.Index][i])
				}
			}
		}
		in[b.Index] = state
		cur := append([]Class(nil), state...)
		for _, n := range b.Nodes {
			r.transfer(fr, cur, n, lookup(cur), nil)
		}
		if prev := out[b.Index]; prev != nil {
			// Outputs only grow: the iteration terminates even where a
			// derivation's class is not monotone in its arguments'.
			for i := range cur {
				cur[i] = join(prev[i], cur[i])
			}
			if equalStates(prev, cur) {
				continue
			}
		}
		out[b.Index] = cur
		for _, s := range b.Succs {
			if !work[s.Index] {
				work[s.Index] = true
				queue = append(queue, s)
			}
		}
	}
	// Record the class of every use, and what each literal sees.
	for _, b := range g.Blocks {
		if in[b.Index] == nil {
			continue // unreachable
		}
		cur := append([]Class(nil), in[b.Index]...)
		look := lookup(cur)
		for _, n := range b.Nodes {
			r.recordUses(fr, cur, n)
			r.transfer(fr, cur, n, look, fr.defs)
		}
	}
	return fr
}

// transfer applies the assignments of one CFG node to state. defs, if not
// nil, collects them.
func (r *Result) transfer(fr *flowResult, state []Class, n ast.Node, look func(*ast.Ident) Class, defs map[*types.Var][]def) {
	var lhs, rhs []ast.Expr
	switch n := n.(type) {
	case *ast.AssignStmt:
		if n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
			return
		}
		lhs, rhs = n.Lhs, n.Rhs
	case *ast.ValueSpec:
		lhs = make([]ast.Expr, len(n.Names))
		for i, id := range n.Names {
			lhs[i] = id
		}
		rhs = n.Values
	case *ast.Ident: // a range or select-receive variable
		if r.rangeDef[n] {
			if v, ok := r.pass.TypesInfo.ObjectOf(n).(*types.Var); ok {
				if i, ok := fr.index[v]; ok {
					state[i] = Class{Kind: Unknown}
				}
			}
		}
		return
	default:
		return
	}
	// Evaluate every right-hand side before assigning.
	type assignment struct {
		i int
		c Class
	}
	var as []assignment
	for k, l := range lhs {
		id, ok := ast.Unparen(l).(*ast.Ident)
		if !ok {
			continue
		}
		v, ok := r.pass.TypesInfo.ObjectOf(id).(*types.Var)
		if !ok {
			continue
		}
		i, ok := fr.index[v]
		if !ok {
			continue
		}
		c := Class{Kind: none} // var ctx context.Context: the zero value
		switch {
		case len(rhs) == len(lhs):
			c = r.classifyExpr(rhs[k], -1, look)
		case len(rhs) == 1:
			c = r.classifyExpr(rhs[0], k, look)
			if r.returnedVars[v] && r.pass.TypesInfo.Defs[id] == v && c.Kind == Unknown && !r.returnsRootCall(ast.Unparen(rhs[0]).(*ast.CallExpr)) {
				c = Class{Kind: Caller} // the work's context, handed back with it
			}
		}
		as = append(as, assignment{i, c})
		if defs != nil {
			defs[v] = append(defs[v], def{n.Pos(), c})
		}
	}
	for _, a := range as {
		state[a.i] = a.c
	}
}

// recordUses records the class of the uses of the function's variables in
// one CFG node, and the state where each literal in it is made.
func (r *Result) recordUses(fr *flowResult, state []Class, n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			fr.lits[n] = append([]Class(nil), state...)
			return false
		case *ast.Ident:
			if r.lhsDefs[n] {
				return true
			}
			if v, ok := r.pass.TypesInfo.Uses[n].(*types.Var); ok {
				if i, ok := fr.index[v]; ok {
					fr.uses[n] = state[i]
				}
			}
		}
		return true
	})
}

// lookupIn classifies the use id, in function u whose flow fr is being
// computed with state.
func (r *Result) lookupIn(u *funcInfo, fr *flowResult, state []Class, id *ast.Ident) Class {
	v, ok := r.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return Class{Kind: Unknown}
	}
	if i, ok := fr.index[v]; ok {
		return state[i]
	}
	return r.varClass(u, v)
}

// lookup classifies the use id, wherever it is. r.mu must be held.
func (r *Result) lookup(id *ast.Ident) Class {
	v, ok := r.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		if _, isNil := r.pass.TypesInfo.Uses[id].(*types.Nil); isNil {
			return Class{Kind: none}
		}
		return Class{Kind: Unknown}
	}
	n := r.Enclosing(id)
	u := r.fn(n)
	if u == nil {
		return r.varClass(nil, v)
	}
	if d := r.declUnit[v]; d == u && !r.shared[v] {
		r.ensureFlow(u)
		if c, ok := r.flows[u].uses[id]; ok {
			return c
		}
		return Class{Kind: Unknown} // dead code
	}
	return r.varClass(u, v)
}

// varClass classifies a variable used in u but not declared there: a
// package variable, or a variable captured from an enclosing function. A
// closure sees a captured variable as it is where the closure is made,
// joined with every later assignment (the closure may run after them).
func (r *Result) varClass(u *funcInfo, v *types.Var) Class {
	if isPkgVar(v) {
		return r.pkgClass(v)
	}
	if r.shared[v] || !r.ctx.like(v.Type()) {
		return Class{Kind: Unknown}
	}
	d := r.declUnit[v]
	if d == nil || u == nil {
		return Class{Kind: Unknown}
	}
	// The literal directly inside d that contains u.
	lit := u
	for lit != nil && lit.parent != d {
		lit = lit.parent
	}
	if lit == nil {
		return Class{Kind: Unknown}
	}
	r.ensureFlow(d)
	fr := r.flows[d]
	i, ok := fr.index[v]
	state, made := fr.lits[lit.node.(*ast.FuncLit)]
	if !ok || !made {
		return Class{Kind: Unknown}
	}
	c := state[i]
	for _, d := range fr.defs[v] {
		if d.pos > lit.node.Pos() {
			c = join(c, d.class)
		}
	}
	return c
}

// join is the class of a value that is a on one path and b on another.
func join(a, b Class) Class {
	switch {
	case a.Kind == none:
		return b
	case b.Kind == none:
		return a
	case a.Kind == b.Kind:
		switch a.Kind {
		case Root, Lifetime:
			if a.Origin != b.Origin && b.Origin != nil && (a.Origin == nil || b.Origin.Pos() < a.Origin.Pos()) {
				a, b = b, a
			}
			a.Deadline = a.Deadline && b.Deadline
		case Caller, Detached:
			if a.Param != b.Param && b.Param != nil && (a.Param == nil || b.Param.Pos() < a.Param.Pos()) {
				a = b
			}
		}
		return a
	case a.Kind == Caller && b.Kind == Detached:
		return b
	case a.Kind == Detached && b.Kind == Caller:
		return a
	}
	return Class{Kind: Unknown}
}

func equalStates(a, b []Class) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
