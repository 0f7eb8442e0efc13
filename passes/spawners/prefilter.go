package spawners

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/directives"
)

func init() { lintkit.SetPrefilter(Analyzer, prefilter) }

// prefilter says whether the pass may export a fact for a package. Both
// facts are about functions with a func parameter (hasFuncParam). A
// Spawner fact needs work run on another goroutine in one of them: a go
// statement, a spawner of the built-in table, or an annotated, configured
// or inferred one named; or, for a queue spawner, a send or an append in
// one of them and a worker started by one of those anywhere in the
// package. A Sharer fact needs singleflight imported and Do or DoChan
// named in one of them, or a function with a Sharer fact named. A
// Repeater fact needs a loop in one of them, or a function with a
// Repeater fact named.
func prefilter(u *lintkit.Unit) bool {
	if u.Configured {
		return true
	}
	// names are those whose mention may start work: the built-in table's,
	// and the functions with a fact.
	names := map[string]bool{}
	for _, name := range builtinNames {
		names[name] = true
	}
	if u.Imports("golang.org/x/sync/singleflight") {
		for _, name := range sharerNames {
			names[name] = true
		}
	}
	if !u.FactNames(names, new(Spawner), new(Sharer), new(Repeater), new(directives.Annotations)) {
		return true
	}
	spawns := func(n ast.Node) bool {
		return lintkit.Any(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GoStmt:
				return true
			case *ast.Ident:
				return names[n.Name]
			}
			return false
		})
	}
	queues := func(n ast.Node) bool {
		return lintkit.Any(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SendStmt:
				return true
			case *ast.Ident:
				return n.Name == "append"
			}
			return false
		})
	}
	// loops: a loop that waits on a channel calls a parameter of fd
	// (repeats.go; a loop on a goroutine fd starts is a spawn already).
	loops := func(fd *ast.FuncDecl) bool {
		params := map[string]bool{}
		for _, f := range fd.Type.Params.List {
			for _, id := range f.Names {
				params[id.Name] = true
			}
		}
		isParam := func(call *ast.CallExpr) bool {
			id, ok := ast.Unparen(call.Fun).(*ast.Ident)
			return ok && params[id.Name]
		}
		callsParam := func(body ast.Node) bool {
			return lintkit.Any(body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				return ok && isParam(call)
			})
		}
		return lintkit.Any(fd.Body, func(n ast.Node) bool {
			f, ok := n.(*ast.ForStmt)
			return ok && lintkit.WaitsOnChannel(f.Body) && callsParam(f.Body)
		})
	}
	notFunc := notFuncTypes(u)
	queue := false
	for _, f := range u.Files {
		unsafeName := ""
		for _, im := range f.Imports {
			if im.Path.Value == `"unsafe"` {
				unsafeName = "unsafe"
				if im.Name != nil {
					unsafeName = im.Name.Name
				}
			}
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !mayHaveFuncParam(fd, notFunc, unsafeName) {
				continue
			}
			if spawns(fd.Body) || loops(fd) {
				return true
			}
			queue = queue || queues(fd.Body)
		}
	}
	if !queue {
		return false
	}
	// A worker: started anywhere in the package (declared names are no
	// calls).
	for _, f := range u.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if fd.Body != nil && spawns(fd.Body) {
					return true
				}
			} else if spawns(d) {
				return true
			}
		}
	}
	return false
}

// mayHaveFuncParam reports whether a parameter of fd that hasFuncParam
// counts may have a func type: a func type, a qualified name but
// unsafe.Pointer (unsafeName is what the file calls unsafe), or a name
// that is not a predeclared type or a type of the package declared as
// anything but a func type.
func mayHaveFuncParam(fd *ast.FuncDecl, notFunc map[string]bool, unsafeName string) bool {
	for _, f := range fd.Type.Params.List {
		switch t := f.Type.(type) {
		case *ast.FuncType:
			return true
		case *ast.SelectorExpr:
			if x, ok := t.X.(*ast.Ident); !ok || x.Name != unsafeName || t.Sel.Name != "Pointer" {
				return true
			}
		case *ast.Ident:
			if declared, ok := notFunc[t.Name]; ok && declared {
				continue
			} else if !ok && types.Universe.Lookup(t.Name) != nil {
				continue // a predeclared type, not redeclared
			}
			return true
		}
	}
	return false
}

// notFuncTypes returns the names of the types declared anywhere in the
// unit, true for those declared (not as aliases, and every time the name
// is declared) with a type that is not a func type nor a name that may be
// one.
func notFuncTypes(u *lintkit.Unit) map[string]bool {
	out := map[string]bool{}
	for name, specs := range u.TypeSpecs() {
		not := true
		for _, at := range specs {
			switch at.Spec.Type.(type) {
			case *ast.StructType, *ast.InterfaceType, *ast.MapType, *ast.ArrayType, *ast.ChanType, *ast.StarExpr:
				not = not && !at.Spec.Assign.IsValid()
			default:
				not = false
			}
		}
		out[name] = not
	}
	return out
}

// builtinNames and sharerNames are the names of the functions and methods
// of the built-in tables.
var builtinNames, sharerNames = tableNames(builtins), tableNames(sharers)

func tableNames[V any](table map[string]V) []string {
	seen := map[string]bool{}
	var names []string
	for key := range table {
		name := key[strings.LastIndexAny(key, ".)")+1:]
		if !seen[name] {
			seen[name] = true
			names = append(names, name)
		}
	}
	return names
}
