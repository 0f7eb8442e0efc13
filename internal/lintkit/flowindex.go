package lintkit

import (
	"cmp"
	"go/token"
	"slices"
)

// index sorts the nodes of f by position and records the running maximum
// of their ends, so that a position is located in logarithmic time on a
// function of any length: a linear scan per question made every check that
// asks a question per statement quadratic in the length of one function
// (issue 21, repro 4).
func (f *Flow) index() {
	slices.SortStableFunc(f.nodes, func(a, b located) int { return cmp.Compare(a.n.Pos(), b.n.Pos()) })
	f.maxEnd = make([]token.Pos, len(f.nodes))
	var m token.Pos
	for i, l := range f.nodes {
		m = max(m, l.n.End())
		f.maxEnd[i] = m
	}
}

// containing returns the smallest node that contains pos (of equal ones,
// the first in block order), live or not.
func (f *Flow) containing(pos token.Pos) (located, bool) {
	// The nodes that begin at or before pos: nodes[:i].
	i, _ := slices.BinarySearchFunc(f.nodes, pos, func(l located, p token.Pos) int {
		if l.n.Pos() <= p {
			return -1
		}
		return 1
	})
	var best located
	found := false
	for j := i - 1; j >= 0 && f.maxEnd[j] > pos; j-- {
		l := f.nodes[j]
		if pos >= l.n.End() {
			continue
		}
		size := l.n.End() - l.n.Pos()
		if !found || size < best.n.End()-best.n.Pos() || size == best.n.End()-best.n.Pos() && f.before(l, best) {
			best, found = l, true
		}
	}
	return best, found
}

// before reports whether node a comes before b in the order of the graph's
// blocks and their nodes (the order locate used to scan them in).
func (f *Flow) before(a, b located) bool {
	if a.b != b.b {
		return a.b.Index < b.b.Index
	}
	return a.idx < b.idx
}
