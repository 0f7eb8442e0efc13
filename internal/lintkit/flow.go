package lintkit

import (
	"go/ast"
	"go/token"
	"slices"

	"golang.org/x/tools/go/cfg"
)

// Flow answers "can control go from a to b in one iteration" questions on
// the control-flow graph of one function body (go/cfg: syntax only, no SSA).
// Function literals in the body are not part of its graph.
type Flow struct {
	g     *cfg.CFG
	nodes []located // by position (stable: block order among equals)
	// maxEnd[i] is the largest End of nodes[:i+1]: locate stops scanning
	// back once no earlier node can contain the position.
	maxEnd []token.Pos
}

// located is a CFG node with its block and index in that block.
type located struct {
	n   ast.Node
	b   *cfg.Block
	idx int
}

// NewFlow builds the control-flow graph of body. A call spelled panic(...)
// ends the path through it (syntax only: a local func named panic counts
// too).
func NewFlow(body *ast.BlockStmt) *Flow {
	g := cfg.New(body, MayReturn)
	f := &Flow{g: g}
	for _, b := range g.Blocks {
		for i, n := range b.Nodes {
			f.nodes = append(f.nodes, located{n, b, i})
		}
	}
	f.index()
	return f
}

// MayReturn is false for calls spelled panic(...), meant for the panic
// builtin: a path through one ends there (cfg.New's mayReturn).
func MayReturn(call *ast.CallExpr) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	return !ok || id.Name != "panic"
}

// Leaves reports whether block b ends by leaving the code that follows
// it: a return, a branch statement (break, continue, goto), or a call
// spelled panic (MayReturn).
func Leaves(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	switch s := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt, *ast.BranchStmt:
		return true
	case *ast.ExprStmt:
		call, ok := ast.Unparen(s.X).(*ast.CallExpr)
		return ok && !MayReturn(call)
	}
	return false
}

// locate returns the block and node index of the CFG node that contains
// pos, the smallest one if several do (the first in block order among
// nodes of one size); false when there is none or its block is
// unreachable. It costs a binary search and a scan of the nodes that
// begin before pos and may still contain it (flowindex.go).
func (f *Flow) locate(pos token.Pos) (located, bool) {
	best, found := f.containing(pos)
	return best, found && best.b.Live
}

// Reaches reports whether control can go from the node at from to the node
// at to without passing a node for which cut is true (cut may be nil),
// within one iteration of every loop that contains from: the edge back to
// the head of such a loop leads only out of the loop, never into its body
// again. from == token.NoPos means the function's entry. A position stands
// for the smallest CFG node that contains it: one inside a function literal
// for the statement that holds the literal, and two in one node reach in
// source order (from < to). Positions in no live node (outside the body, in
// dead code) reach nothing and are reached by nothing.
func (f *Flow) Reaches(from, to token.Pos, cut func(ast.Node) bool) bool {
	a, ok1 := f.locate(from)
	if from == token.NoPos {
		a, ok1 = located{b: f.g.Blocks[0], idx: -1}, true
	}
	b, ok2 := f.locate(to)
	if !ok1 || !ok2 {
		return false
	}
	if a.b == b.b && a.idx == b.idx {
		return from < to
	}
	seen := map[*cfg.Block]bool{}
	var visit func(blk *cfg.Block, start int) bool
	visit = func(blk *cfg.Block, start int) bool {
		for i := start; i < len(blk.Nodes); i++ {
			if blk == b.b && i == b.idx {
				return true
			}
			if cut != nil && cut(blk.Nodes[i]) {
				return false
			}
		}
		for _, s := range blk.Succs {
			if isLoopHead(s) && inLoop(s.Stmt, from) {
				// Back edge: the next iteration. Only the loop's exit
				// is the same operation.
				for _, out := range s.Succs {
					if !isLoopBody(out, s.Stmt) && !seen[out] {
						seen[out] = true
						if visit(out, 0) {
							return true
						}
					}
				}
				continue
			}
			if !seen[s] {
				seen[s] = true
				if visit(s, 0) {
					return true
				}
			}
		}
		return false
	}
	return visit(a.b, a.idx+1)
}

// ReachesLater reports whether control can go from the node at from to
// the node at to, in this iteration or a later one of the loops that
// contain both: what from starts may still be running when to runs. Same
// positions as Reaches.
func (f *Flow) ReachesLater(from, to token.Pos) bool {
	a, ok1 := f.locate(from)
	b, ok2 := f.locate(to)
	if !ok1 || !ok2 {
		return false
	}
	if a.b == b.b && a.idx < b.idx || a.b == b.b && a.idx == b.idx && from < to {
		return true
	}
	seen := map[*cfg.Block]bool{}
	work := slices.Clone(a.b.Succs)
	for len(work) > 0 {
		blk := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[blk] {
			continue
		}
		seen[blk] = true
		if blk == b.b {
			return true
		}
		work = append(work, blk.Succs...)
	}
	return false
}

func isLoopHead(b *cfg.Block) bool {
	return b.Kind == cfg.KindForLoop || b.Kind == cfg.KindRangeLoop
}

// inLoop reports whether pos is in the part of loop that runs on each
// iteration: the body, and a for loop's condition and post statement (not
// its init, nor a range loop's operand and variables).
func inLoop(loop ast.Stmt, pos token.Pos) bool {
	switch l := loop.(type) {
	case *ast.ForStmt:
		return Contains(l.Body, pos) || (l.Cond != nil && Contains(l.Cond, pos)) || (l.Post != nil && Contains(l.Post, pos))
	case *ast.RangeStmt:
		return Contains(l.Body, pos)
	}
	return false
}

func isLoopBody(b *cfg.Block, loop ast.Stmt) bool {
	return (b.Kind == cfg.KindForBody || b.Kind == cfg.KindRangeBody) && b.Stmt == loop
}

// Contains reports whether pos lies in n: n.Pos() <= pos < n.End(). A nil
// interface n contains nothing (a typed nil pointer is the caller's to
// check).
func Contains(n ast.Node, pos token.Pos) bool {
	return n != nil && n.Pos() <= pos && pos < n.End()
}
