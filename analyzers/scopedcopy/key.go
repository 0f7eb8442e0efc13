package scopedcopy

import (
	"go/ast"
	"go/types"
	"strconv"
	"strings"
)

// A keyer names storage locations: a variable and a path of fields below
// it ("g.slot", "c.cfg.run"). Two expressions with the same key denote the
// same location as long as neither the variable nor a field on the path is
// assigned in between, which the caller checks on the control-flow graph:
// the same value SSA would give, for these shapes, without building SSA.
type keyer struct {
	info *types.Info
	ids  map[types.Object]int
}

func newKeyer(info *types.Info) *keyer { return &keyer{info: info, ids: map[types.Object]int{}} }

// key returns the key of e, or "" when e is not a variable or a chain of
// field selections on one (calls, index expressions, map reads).
func (k *keyer) key(e ast.Expr) string {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := k.info.ObjectOf(x).(*types.Var)
		if !ok || v.IsField() {
			return ""
		}
		return k.varKey(v)
	case *ast.StarExpr:
		return k.key(x.X)
	case *ast.SelectorExpr:
		s := k.info.Selections[x]
		if s == nil || s.Kind() != types.FieldVal {
			return ""
		}
		base := k.key(x.X)
		if base == "" {
			return ""
		}
		return base + "." + strings.Join(fieldPath(s), ".")
	}
	return ""
}

// varKey returns the key of variable v.
func (k *keyer) varKey(v *types.Var) string {
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
