package driver

// Dependencies that export no fact are not type-checked.
//
// A dependency is analyzed for its facts alone, and most export none. After
// parsing one, the runner asks the prefilter of every fact pass of the run
// (lintkit.Prefilter: from the syntax, the imports and the names of the
// objects the imports' facts are about); when none of them may export a
// fact, the package is neither type-checked nor analyzed: its importers
// read its types from export data, as they do for every import, and see no
// fact of it, as they would have. Its empty facts are cached like any.
//
// CTXBOUND_PREFILTER=off analyzes every dependency; =check analyzes them
// all too, and fails the run when a package that the prefilters would have
// skipped exports a fact (a prefilter that said false wrongly), without
// the cache, so that every package is checked.

import (
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"reflect"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// prefilterEnv sets the prefilter mode.
const prefilterEnv = "CTXBOUND_PREFILTER"

type prefilterMode int

const (
	prefilterOn prefilterMode = iota
	prefilterOff
	prefilterCheck
)

// prefilterSetting reads the mode from the environment.
func prefilterSetting() (prefilterMode, error) {
	switch v := os.Getenv(prefilterEnv); v {
	case "", "on":
		return prefilterOn, nil
	case "off":
		return prefilterOff, nil
	case "check":
		return prefilterCheck, nil
	default:
		return 0, fmt.Errorf("%s=%q: want on, off or check", prefilterEnv, v)
	}
}

// prefilters returns the prefilters of the fact passes of set, or nil when
// one of them has none (every dependency is then analyzed).
func prefilters(set []*analysis.Analyzer) []lintkit.Prefilter {
	var out []lintkit.Prefilter
	for _, a := range set {
		if len(a.FactTypes) == 0 {
			continue
		}
		p := lintkit.PrefilterOf(a)
		if p == nil {
			return nil
		}
		out = append(out, p)
	}
	return out
}

// mayExport reports whether a fact pass of the run may export a fact for
// dependency n, parsed as u.Files, whose transitive imports are closure.
func (r *runner) mayExport(n *node, closure map[string]*node, u *lintkit.Unit) bool {
	imports := map[string]bool{}
	for _, d := range n.imports {
		imports[d.pkg.PkgPath] = true
	}
	u.Path = n.pkg.PkgPath
	u.Imports = func(path string) bool { return imports[path] }
	u.Reaches = func(path string) bool { return closure[path] != nil }
	var names map[reflect.Type]map[string]bool
	var once sync.Once
	u.Facts = func(like analysis.Fact) (map[string]bool, bool) {
		once.Do(func() { names = r.factNames(closure) })
		if names == nil {
			return nil, true // unreadable facts: any name may have one
		}
		return names[reflect.TypeOf(like)], false
	}
	if r.configFile != nil {
		u.Configured = r.configFile(firstFile(n.pkg)) != ""
	}
	if !n.tainted {
		// An import's types, from the shared view of export data.
		resolve := func(path string) *types.Package {
			dep := n.pkg.Imports[path]
			if dep == nil {
				return nil
			}
			r.sharedMu.Lock()
			defer r.sharedMu.Unlock()
			return r.shared[dep.PkgPath]
		}
		u.Lookup = func(file *ast.File, qual, name string) types.Object {
			if pkg := lintkit.ImportNamed(file, qual, resolve); pkg != nil {
				return pkg.Scope().Lookup(name)
			}
			return nil
		}
	}
	for _, p := range r.filters {
		if p(u) {
			return true
		}
	}
	return false
}

// factNames returns, by fact type, the names of the objects of closure
// that carry a fact; nil when facts cannot be read (an importer that needs
// them reports why).
func (r *runner) factNames(closure map[string]*node) map[reflect.Type]map[string]bool {
	names := map[reflect.Type]map[string]bool{}
	for _, d := range closure {
		if d.factsHash == emptyFactsHash {
			continue
		}
		fs, err := d.decoded()
		if err != nil {
			return nil
		}
		for _, f := range fs.facts {
			t := reflect.TypeOf(f.Fact)
			if names[t] == nil {
				names[t] = map[string]bool{}
			}
			names[t][f.Name] = true
		}
	}
	return names
}

// prefilterError is the failure of a prefilter in check mode.
func prefilterError(id string, facts []gobFact) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: the prefilters said no fact pass exports a fact for %s, but it exports %d:", prefilterEnv, id, len(facts))
	for i, f := range facts {
		if i == 3 {
			b.WriteString(" ...")
			break
		}
		fmt.Fprintf(&b, " %s %s (%s);", f.Name, f.Fact, reflect.TypeOf(f.Fact))
	}
	return strings.TrimSuffix(b.String(), ";")
}
