package driver

// A go vet unit run for facts alone (VetxOnly: a dependency of the
// packages named) does only what its importers read: the facts.
//
// The x/tools unitchecker runs every analyzer that declares facts or
// depends on one that does, so every check of the suite runs on every
// dependency and its findings are thrown away. Here, in a facts-only run:
//
//   - an analyzer that declares no fact and that no analyzer with facts
//     requires (every reporting check) returns at once;
//   - a fact pass that no other fact pass requires (ctxscope, identity,
//     spawners, slots) returns at once when its prefilter says that it
//     exports no fact for the package, as the standalone driver skips such
//     a dependency; CTXBOUND_PREFILTER=off runs it anyway, and =check runs
//     it and fails the unit if it exports a fact all the same.
//
// A unit run for the packages named (not VetxOnly) runs everything.

import (
	"encoding/json"
	"fmt"
	"go/types"
	"os"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/config"
)

// vetxOnly reports whether args name a go vet unit file of a facts-only
// run. A file that cannot be read is left to the unitchecker to report.
func vetxOnly(args []string) bool {
	if len(args) == 0 || !strings.HasSuffix(args[len(args)-1], ".cfg") {
		return false
	}
	data, err := os.ReadFile(args[len(args)-1])
	if err != nil {
		return false
	}
	var cfg struct{ VetxOnly bool }
	if json.Unmarshal(data, &cfg) != nil {
		return false
	}
	return cfg.VetxOnly
}

// factsOnlyRun is what a facts-only unit run does with analyzer a: runs
// it (run), returns at once (skip), or asks its prefilter first (filter).
type factsOnlyRun int

const (
	runIt factsOnlyRun = iota
	skipIt
	filterIt
)

// factsOnlyPlan decides, for each analyzer of the closure all, what a
// facts-only run does with it.
func factsOnlyPlan(all []*analysis.Analyzer) map[*analysis.Analyzer]factsOnlyRun {
	// needed: what an analyzer with facts requires, transitively.
	needed := map[*analysis.Analyzer]bool{}
	var need func(a *analysis.Analyzer)
	need = func(a *analysis.Analyzer) {
		for _, r := range a.Requires {
			if !needed[r] {
				needed[r] = true
				need(r)
			}
		}
	}
	for _, a := range all {
		if len(a.FactTypes) > 0 {
			need(a)
		}
	}
	plan := map[*analysis.Analyzer]factsOnlyRun{}
	for _, a := range all {
		switch {
		case needed[a]:
			plan[a] = runIt
		case len(a.FactTypes) == 0:
			plan[a] = skipIt
		case lintkit.PrefilterOf(a) != nil:
			plan[a] = filterIt
		default:
			plan[a] = runIt
		}
	}
	return plan
}

// vetUnits holds, per package, the first prefilter Unit built for it in
// this process: the fact passes of a unit run concurrently, and each
// builds a Unit of its own (each sees the facts of its own analyzers), but
// they share the one walk of the files that their prefilters read
// (identifiers, type declarations, ...) and the configuration lookup. go
// vet runs one unit per process, so this holds one.
var vetUnits sync.Map // *types.Package → *lintkit.Unit

// vetUnit returns the prefilter Unit of pass, sharing the syntax walk and
// the configuration lookup (a search of the package's directory and its
// parents) of the first one built for its package.
func vetUnit(pass *analysis.Pass) *lintkit.Unit {
	if v, ok := vetUnits.Load(pass.Pkg); ok {
		first := v.(*lintkit.Unit)
		u := lintkit.UnitOf(pass, first.Configured)
		u.ShareSyntax(first)
		return u
	}
	u := lintkit.UnitOf(pass, config.Applies(config.Analyzer, pass))
	if v, loaded := vetUnits.LoadOrStore(pass.Pkg, u); loaded {
		u.ShareSyntax(v.(*lintkit.Unit)) // built at once by another pass
	}
	return u
}

// factsOnly wraps run, a's Run, for a facts-only unit run as plan says.
func factsOnly(a *analysis.Analyzer, how factsOnlyRun, mode prefilterMode, run func(*analysis.Pass) (any, error)) func(*analysis.Pass) (any, error) {
	switch {
	case how == skipIt:
		return func(*analysis.Pass) (any, error) { return nil, nil }
	case how != filterIt || mode == prefilterOff:
		return run
	}
	p := lintkit.PrefilterOf(a)
	return func(pass *analysis.Pass) (any, error) {
		if p(vetUnit(pass)) {
			return run(pass)
		}
		if mode == prefilterOn {
			return nil, nil // no fact: nothing of this run is read
		}
		exported := ""
		inner := *pass
		inner.ExportObjectFact = func(obj types.Object, f analysis.Fact) {
			if exported == "" {
				exported = fmt.Sprintf("%s: %v", obj.Name(), f)
			}
			pass.ExportObjectFact(obj, f)
		}
		inner.ExportPackageFact = func(f analysis.Fact) {
			if exported == "" {
				exported = fmt.Sprint(f)
			}
			pass.ExportPackageFact(f)
		}
		res, err := run(&inner)
		if err == nil && exported != "" {
			err = fmt.Errorf("%s=check: the prefilter of %s says no fact for %s, but it exports %s", prefilterEnv, a.Name, pass.Pkg.Path(), exported)
		}
		return res, err
	}
}
