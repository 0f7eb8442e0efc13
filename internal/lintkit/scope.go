package lintkit

import (
	"cmp"
	"go/token"
	"go/types"
	"slices"
	"sort"
)

// Scopes finds the innermost scope of a package at a position in
// logarithmic time per level. types.Scope.Innermost scans the children of
// each scope, so asking it once per statement of a function whose blocks
// make n scopes costs n² (issue 21, repro 4). The children of each scope
// are sorted by position once, on first use (the type checker does not
// make them in source order: package-level declarations are checked in
// dependency order).
type Scopes struct {
	pkg    *types.Scope
	sorted map[*types.Scope]*children
}

// children are the children of one scope by position, with their order
// of creation and the running maximum of their ends.
type children struct {
	scopes []*types.Scope
	order  []int
	maxEnd []token.Pos
}

// NewScopes returns a Scopes for the package scope pkg.
func NewScopes(pkg *types.Scope) *Scopes {
	return &Scopes{pkg: pkg, sorted: map[*types.Scope]*children{}}
}

// Innermost returns what pkg.Innermost(pos) returns: the innermost scope
// that contains pos, or nil. Of two children of a scope that contain pos
// (a type switch's case func(int): the signature's scope and the clause's),
// it descends into the one made first, as Scope.Innermost does.
func (ss *Scopes) Innermost(pos token.Pos) *types.Scope {
	s := ss.pkg
	if s == nil {
		return nil
	}
	// A package scope holds no position itself: one of its files does.
	for i := range s.NumChildren() {
		if c := s.Child(i); c.Contains(pos) {
			s = c
			break
		}
	}
	if s == ss.pkg {
		return nil
	}
	for {
		cs := ss.sorted[s]
		if cs == nil {
			cs = sortChildren(s)
			ss.sorted[s] = cs
		}
		i := sort.Search(len(cs.scopes), func(i int) bool { return cs.scopes[i].Pos() > pos })
		var in *types.Scope
		first := -1
		for j := i - 1; j >= 0 && cs.maxEnd[j] > pos; j-- {
			if c := cs.scopes[j]; c.Contains(pos) && (first < 0 || cs.order[j] < first) {
				in, first = c, cs.order[j]
			}
		}
		if in == nil {
			return s
		}
		s = in
	}
}

func sortChildren(s *types.Scope) *children {
	n := s.NumChildren()
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(s.Child(a).Pos(), s.Child(b).Pos()) })
	cs := &children{scopes: make([]*types.Scope, n), order: idx, maxEnd: make([]token.Pos, n)}
	var m token.Pos
	for j, i := range idx {
		cs.scopes[j] = s.Child(i)
		m = max(m, cs.scopes[j].End())
		cs.maxEnd[j] = m
	}
	return cs
}

// LookupAt returns the object that name denotes at pos: the one that
// LookupParent finds from the innermost scope at pos.
func (ss *Scopes) LookupAt(name string, pos token.Pos) types.Object {
	s := ss.Innermost(pos)
	if s == nil {
		return nil
	}
	_, obj := s.LookupParent(name, pos)
	return obj
}
