package driver

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// The analysis.Pass of one analyzer on one package, as the x/tools drivers
// build it: ReadFile limited to the package's files, facts of the package's
// closure through its factTable, fixes validated.

// runAnalyzer runs a on pass; a panic is an error of the analyzer.
func runAnalyzer(a *analysis.Analyzer, pass *analysis.Pass) (res any, err error) {
	defer func() {
		if v := recover(); v != nil {
			if fe, ok := v.(factsError); ok {
				err = fe.err
				return
			}
			err = fmt.Errorf("internal error: panic in %s on package %s: %v", a.Name, pass.Pkg.Path(), v)
		}
	}()
	return a.Run(pass)
}

// newPass builds the pass of a on n. Facts of other packages are read
// through ft; those a exports are kept there for the encoding.
func (r *runner) newPass(a *analysis.Analyzer, n *node, fset *token.FileSet, files []*ast.File, tpkg *types.Package,
	info *types.Info, sizes types.Sizes, module *analysis.Module, results map[*analysis.Analyzer]any, ft *factTable) *analysis.Pass {
	p := n.pkg
	declared := map[reflect.Type]bool{}
	for _, f := range a.FactTypes {
		declared[reflect.TypeOf(f)] = true
	}
	checkType := func(op string, fact analysis.Fact) reflect.Type {
		t := reflect.TypeOf(fact)
		if !declared[t] {
			panic(fmt.Sprintf("internal error: %s.%s(%T): fact type not declared by the analyzer", a.Name, op, fact))
		}
		return t
	}
	copyFact := func(dst, src analysis.Fact) { reflect.ValueOf(dst).Elem().Set(reflect.ValueOf(src).Elem()) }
	resultOf := map[*analysis.Analyzer]any{}
	for _, req := range a.Requires {
		resultOf[req] = results[req]
	}
	readable := map[string]bool{}
	for _, list := range [][]string{p.OtherFiles, p.IgnoredFiles} {
		for _, f := range list {
			readable[f] = true
		}
	}
	for _, f := range files {
		readable[fset.File(f.FileStart).Name()] = true
	}
	return &analysis.Pass{
		Analyzer:     a,
		Fset:         fset,
		Files:        files,
		OtherFiles:   p.OtherFiles,
		IgnoredFiles: p.IgnoredFiles,
		Pkg:          tpkg,
		TypesInfo:    info,
		TypesSizes:   sizes,
		Module:       module,
		ResultOf:     resultOf,
		ReadFile: func(name string) ([]byte, error) {
			if !readable[name] {
				return nil, fmt.Errorf("Pass.ReadFile: %s is not among OtherFiles, IgnoredFiles, or names of Files", name)
			}
			return os.ReadFile(name)
		},
		ImportObjectFact: func(obj types.Object, fact analysis.Fact) bool {
			if obj == nil {
				panic(fmt.Sprintf("internal error: %s: nil object in ImportObjectFact", a.Name))
			}
			k := objFactKey{obj, checkType("ImportObjectFact", fact)}
			if obj.Pkg() == tpkg {
				if f, ok := ft.ownObjs[k]; ok {
					copyFact(fact, f)
					return true
				}
				return false
			}
			ft.deps()
			if f, ok := ft.objs[k]; ok {
				copyFact(fact, f)
				return true
			}
			return false
		},
		ExportObjectFact: func(obj types.Object, fact analysis.Fact) {
			if obj == nil || obj.Pkg() != tpkg {
				panic(fmt.Sprintf("internal error: %s: ExportObjectFact(%v, %T) on an object of another package", a.Name, obj, fact))
			}
			ft.ownObjs[objFactKey{obj, checkType("ExportObjectFact", fact)}] = fact
		},
		ImportPackageFact: func(pkg *types.Package, fact analysis.Fact) bool {
			k := pkgFactKey{pkg, checkType("ImportPackageFact", fact)}
			if pkg == tpkg {
				if f, ok := ft.ownPkgs[k]; ok {
					copyFact(fact, f)
					return true
				}
				return false
			}
			ft.deps()
			if f, ok := ft.pkgs[k]; ok {
				copyFact(fact, f)
				return true
			}
			return false
		},
		ExportPackageFact: func(fact analysis.Fact) {
			ft.ownPkgs[pkgFactKey{tpkg, checkType("ExportPackageFact", fact)}] = fact
		},
		AllObjectFacts: func() []analysis.ObjectFact {
			ft.deps()
			var out []analysis.ObjectFact
			for _, f := range a.FactTypes {
				out = append(out, ft.byType()[reflect.TypeOf(f)]...)
			}
			for k, f := range ft.ownObjs {
				if declared[k.typ] {
					out = append(out, analysis.ObjectFact{Object: k.obj, Fact: f})
				}
			}
			return out
		},
		AllPackageFacts: func() []analysis.PackageFact {
			ft.deps()
			var out []analysis.PackageFact
			for _, m := range []map[pkgFactKey]analysis.Fact{ft.pkgs, ft.ownPkgs} {
				for k, f := range m {
					if declared[k.typ] {
						out = append(out, analysis.PackageFact{Package: k.pkg, Fact: f})
					}
				}
			}
			return out
		},
	}
}

// validateDiagnostics checks the suggested fixes of diags as the x/tools
// checker does: every edit inside one file of the package, its end not
// before its start, the edits of one fix not overlapping.
func validateDiagnostics(fset *token.FileSet, files []*ast.File, diags []analysis.Diagnostic) error {
	for _, d := range diags {
		for _, fix := range d.SuggestedFixes {
			type span struct {
				file       *token.File
				start, end int
			}
			var spans []span
			for _, e := range fix.TextEdits {
				end := e.End
				if !end.IsValid() {
					end = e.Pos
				}
				if !e.Pos.IsValid() {
					return fmt.Errorf("suggested fix %q has an edit without a position", fix.Message)
				}
				file := fset.File(e.Pos)
				if file == nil || fset.File(end) != file || end < e.Pos {
					return fmt.Errorf("suggested fix %q has an edit with an invalid range", fix.Message)
				}
				spans = append(spans, span{file, file.Offset(e.Pos), file.Offset(end)})
			}
			slices.SortFunc(spans, func(x, y span) int {
				if x.file != y.file {
					return x.file.Base() - y.file.Base()
				}
				return x.start - y.start
			})
			for i := 1; i < len(spans); i++ {
				if spans[i].file == spans[i-1].file && spans[i].start < spans[i-1].end {
					return fmt.Errorf("suggested fix %q has overlapping edits", fix.Message)
				}
			}
		}
	}
	return nil
}
