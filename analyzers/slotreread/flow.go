package slotreread

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/cfg"
)

// flow answers "can control go from a to b in one iteration" questions on
// the control-flow graph of one function body (go/cfg: syntax only, no SSA).
type flow struct {
	g     *cfg.CFG
	nodes []located
}

type located struct {
	n   ast.Node
	b   *cfg.Block
	idx int
}

func newFlow(body *ast.BlockStmt) *flow {
	g := cfg.New(body, mayReturn)
	f := &flow{g: g}
	for _, b := range g.Blocks {
		for i, n := range b.Nodes {
			f.nodes = append(f.nodes, located{n, b, i})
		}
	}
	return f
}

// mayReturn is false for calls of the panic builtin: a path through one
// ends there.
func mayReturn(call *ast.CallExpr) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	return !ok || id.Name != "panic"
}

// locate returns the block and node index of the CFG node that contains
// pos, the smallest one if several do.
func (f *flow) locate(pos token.Pos) (located, bool) {
	var best located
	found := false
	for _, l := range f.nodes {
		if l.n.Pos() <= pos && pos < l.n.End() {
			if !found || l.n.End()-l.n.Pos() < best.n.End()-best.n.Pos() {
				best, found = l, true
			}
		}
	}
	return best, found && best.b.Live
}

// reaches reports whether control can go from the node at from to the node
// at to without passing a node for which cut is true, within one iteration
// of every loop that contains from: the edge back to the head of such a
// loop leads only out of the loop, never into its body again. Positions
// that lie in no node (inside a function literal) never reach.
func (f *flow) reaches(from, to token.Pos, cut func(ast.Node) bool) bool {
	a, ok1 := f.locate(from)
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

func isLoopHead(b *cfg.Block) bool {
	return b.Kind == cfg.KindForLoop || b.Kind == cfg.KindRangeLoop
}

// inLoop reports whether pos is in the part of loop that runs on each
// iteration: the body, and a for loop's condition and post statement (not
// its init, nor a range loop's operand and variables).
func inLoop(loop ast.Stmt, pos token.Pos) bool {
	switch l := loop.(type) {
	case *ast.ForStmt:
		return contains(l.Body, pos) || (l.Cond != nil && contains(l.Cond, pos)) || (l.Post != nil && contains(l.Post, pos))
	case *ast.RangeStmt:
		return contains(l.Body, pos)
	}
	return false
}

func isLoopBody(b *cfg.Block, loop ast.Stmt) bool {
	return (b.Kind == cfg.KindForBody || b.Kind == cfg.KindRangeBody) && b.Stmt == loop
}

func contains(n ast.Node, pos token.Pos) bool {
	return n != nil && n.Pos() <= pos && pos < n.End()
}
