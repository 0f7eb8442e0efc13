package lintkit

import (
	"go/types"
	"slices"
	"strings"
)

// Implemented returns a named interface type that requires the method fn
// and that fn's receiver type implements (as a value or a pointer),
// declared in pkg or in a package pkg imports directly, and exported: the
// interface that fixes fn's signature for other packages
// (graph.QuadStore's NameOf, io.Closer's Close). An unexported interface
// of the package (a seam for its tests) is the package's own to change
// with the method.
// It returns nil for a function, an interface method, or a method no such
// interface requires. Of several, the first by package path and name.
func Implemented(pkg *types.Package, fn *types.Func) *types.TypeName {
	recv := fn.Signature().Recv()
	if recv == nil || types.IsInterface(recv.Type()) {
		return nil
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); !ok || n.TypeParams().Len() > 0 {
		return nil // a generic type's method: its instances are checked where they are used
	}
	pkgs := append([]*types.Package{pkg}, pkg.Imports()...)
	slices.SortFunc(pkgs, func(a, b *types.Package) int { return strings.Compare(a.Path(), b.Path()) })
	for _, p := range pkgs {
		scope := p.Scope()
		for _, name := range scope.Names() { // sorted
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || !tn.Exported() || tn.IsAlias() {
				continue
			}
			iface, ok := tn.Type().Underlying().(*types.Interface)
			if !ok || iface.NumMethods() == 0 {
				continue
			}
			m, _, _ := types.LookupFieldOrMethod(iface, false, fn.Pkg(), fn.Name())
			if m == nil {
				continue
			}
			if types.Implements(t, iface) || types.Implements(types.NewPointer(t), iface) {
				return tn
			}
		}
	}
	return nil
}
