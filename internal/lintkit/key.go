package lintkit

import (
	"go/ast"
	"go/types"
	"strconv"
	"strings"
)

// A Keyer names storage locations: a variable and a path of fields below
// it ("g.slot", "c.cfg.run"). Two expressions with the same key denote the
// same location as long as neither the variable nor a field on the path is
// assigned in between, which the caller checks on the control-flow graph
// (Flow): the same value SSA would give, for these shapes, without building
// SSA. A key is "v<n>" for the n-th variable the Keyer has seen, followed
// by ".<field>" for each field on the path; keys of one Keyer compare, keys
// of two do not.
type Keyer struct {
	info *types.Info
	ids  map[types.Object]int
}

// NewKeyer returns a Keyer that resolves identifiers and selections with
// info.
func NewKeyer(info *types.Info) *Keyer {
	return &Keyer{info: info, ids: map[types.Object]int{}}
}

// Key returns the key of e, or "" when e is not a variable or a chain of
// field selections on one (calls, index expressions, map reads). Parentheses
// and pointer indirections are looked through: p, *p and (p) share a key.
func (k *Keyer) Key(e ast.Expr) string {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := k.info.ObjectOf(x).(*types.Var)
		if !ok || v.IsField() {
			return ""
		}
		return k.VarKey(v)
	case *ast.StarExpr:
		return k.Key(x.X)
	case *ast.SelectorExpr:
		s := k.info.Selections[x]
		if s == nil || s.Kind() != types.FieldVal {
			return ""
		}
		base := k.Key(x.X)
		if base == "" {
			return ""
		}
		return base + "." + strings.Join(fieldPath(s), ".")
	}
	return ""
}

// VarKey returns the key of variable v: the key Key gives an identifier
// that denotes v.
func (k *Keyer) VarKey(v *types.Var) string {
	id, ok := k.ids[v]
	if !ok {
		id = len(k.ids) + 1
		k.ids[v] = id
	}
	return "v" + strconv.Itoa(id)
}

// fieldPath returns the names of the fields a field selection walks,
// embedded ones included, so that g.slot and g.Embedded.slot agree.
func fieldPath(s *types.Selection) []string {
	var names []string
	t := s.Recv()
	for _, i := range s.Index() {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return append(names, "?")
		}
		f := st.Field(i)
		names = append(names, f.Name())
		t = f.Type()
	}
	return names
}

// KeyCovers reports whether location p is location k or contains it: p is
// k, or k is a field path below p ("v1.cfg" covers "v1.cfg.run", not
// "v1.cfgx").
func KeyCovers(p, k string) bool {
	return p == k || strings.HasPrefix(k, p+".")
}
