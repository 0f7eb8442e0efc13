package ctxscope

import (
	"go/types"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/config"
)

// contextTypes says which types are contexts: context.Context (and
// golang.org/x/net/context's, an alias of it), the types configured with
// context_types (a workflow engine's workflow.Context), and, for values,
// any type that implements context.Context (a framework's request context).
type contextTypes struct {
	cfg *config.Config // nil: none configured
}

// is reports whether t is context.Context or a configured context type:
// the type of a context parameter.
func (c contextTypes) is(t types.Type) bool {
	if lintkit.IsContextType(t) {
		return true
	}
	return c.configured(t)
}

// configured reports whether t is a configured context type.
func (c contextTypes) configured(t types.Type) bool {
	if c.cfg == nil || len(c.cfg.ContextTypes) == 0 {
		return false
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	return c.cfg.IsContextType(n.Obj().Pkg().Path(), n.Obj().Name())
}

// like reports whether a value of type t is a context: is, or a type that
// implements context.Context.
func (c contextTypes) like(t types.Type) bool { return c.is(t) || lintkit.ImplementsContext(t) }

// root reports whether fn makes a root context: context.Background or
// context.TODO (of package context or golang.org/x/net/context), or a
// configured context root.
func (c contextTypes) root(fn *types.Func) bool {
	for _, pkg := range []string{"context", "golang.org/x/net/context"} {
		if lintkit.IsFunc(fn, pkg, "Background") || lintkit.IsFunc(fn, pkg, "TODO") {
			return true
		}
	}
	return c.cfg != nil && len(c.cfg.ContextRoots) > 0 && c.cfg.IsContextRoot(lintkit.FuncName(fn))
}

// fields returns the context fields of the struct t (or *t).
func (c contextTypes) fields(t types.Type) []*types.Var {
	t = lintkit.Deref(t)
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var fs []*types.Var
	for i := range st.NumFields() {
		if f := st.Field(i); c.is(f.Type()) {
			fs = append(fs, f)
		}
	}
	return fs
}
