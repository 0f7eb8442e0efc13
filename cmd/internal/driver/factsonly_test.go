package driver

import (
	"go/token"
	"go/types"
	"os"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/analyzers"
	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/config"
	"github.com/ctxbound/ctxbound/passes/ctxscope"
	"github.com/ctxbound/ctxbound/passes/directives"
	"github.com/ctxbound/ctxbound/passes/identity"
	"github.com/ctxbound/ctxbound/passes/slots"
	"github.com/ctxbound/ctxbound/passes/spawners"
)

// TestFactsOnlyPlan: in a facts-only go vet unit run, the reporting checks
// return at once, what a fact pass requires runs, and a fact pass no other
// one requires asks its prefilter first.
func TestFactsOnlyPlan(t *testing.T) {
	plan := factsOnlyPlan(requiredClosure(analyzers.All()))
	for _, a := range analyzers.Checks() {
		if plan[a] != skipIt {
			t.Errorf("%s: plan %d, want skip", a.Name, plan[a])
		}
	}
	for a, want := range map[*analysis.Analyzer]factsOnlyRun{
		config.Analyzer:     runIt,
		directives.Analyzer: runIt, // identity, slots and spawners read it
		ctxscope.Analyzer:   filterIt,
		identity.Analyzer:   filterIt,
		slots.Analyzer:      filterIt,
		// ctxscope reads its repeaters wherever it runs: a MakesRoot fact
		// leaves out the loops they run.
		spawners.Analyzer: runIt,
	} {
		if plan[a] != want {
			t.Errorf("%s: plan %d, want %d", a.Name, plan[a], want)
		}
	}
}

// noFact is a fact pass whose prefilter always says no and whose run
// exports a fact all the same: a wrong prefilter.
var noFact = &analysis.Analyzer{
	Name:      "nofact",
	Doc:       "nofact: a fact pass with a wrong prefilter (a test)",
	FactTypes: []analysis.Fact{new(reachesFact)},
	Run: func(pass *analysis.Pass) (any, error) {
		pass.ExportObjectFact(pass.Pkg.Scope().Lookup("F"), new(reachesFact))
		return "ran", nil
	},
}

func init() { lintkit.SetPrefilter(noFact, func(*lintkit.Unit) bool { return false }) }

// TestFactsOnlyFilter: a filtered fact pass is not run when its prefilter
// says no; off runs it; check runs it and fails when it exports a fact.
func TestFactsOnlyFilter(t *testing.T) {
	pkg := types.NewPackage("example.com/p", "p")
	pkg.Scope().Insert(types.NewFunc(token.NoPos, pkg, "F", types.NewSignatureType(nil, nil, nil, nil, nil, false)))
	newPass := func() (*analysis.Pass, *int) {
		exported := 0
		return &analysis.Pass{
			Analyzer:          noFact,
			Fset:              token.NewFileSet(),
			Pkg:               pkg,
			TypesInfo:         &types.Info{},
			AllObjectFacts:    func() []analysis.ObjectFact { return nil },
			ExportObjectFact:  func(types.Object, analysis.Fact) { exported++ },
			ExportPackageFact: func(analysis.Fact) { exported++ },
		}, &exported
	}
	for _, tc := range []struct {
		mode     prefilterMode
		res      any
		exported int
		err      string
	}{
		{prefilterOn, nil, 0, ""},
		{prefilterOff, "ran", 1, ""},
		{prefilterCheck, "ran", 1, "the prefilter of nofact says no fact for example.com/p, but it exports F: reaches"},
	} {
		pass, exported := newPass()
		res, err := factsOnly(noFact, filterIt, tc.mode, noFact.Run)(pass)
		if res != tc.res || *exported != tc.exported {
			t.Errorf("mode %d: result %v, %d facts exported; want %v, %d", tc.mode, res, *exported, tc.res, tc.exported)
		}
		if (err == nil) != (tc.err == "") || (err != nil && !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("mode %d: error %v, want %q", tc.mode, err, tc.err)
		}
	}
	// A skipped analyzer returns at once.
	pass, exported := newPass()
	if res, err := factsOnly(noFact, skipIt, prefilterOn, noFact.Run)(pass); res != nil || err != nil || *exported != 0 {
		t.Errorf("skip: %v, %v, %d facts", res, err, *exported)
	}
}

// TestVetxOnly reads the VetxOnly field of a unit file.
func TestVetxOnly(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := dir + "/" + name
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	if !vetxOnly([]string{"-json", write("a.cfg", `{"ID":"a","VetxOnly":true}`)}) {
		t.Error("VetxOnly unit: vetxOnly = false")
	}
	if vetxOnly([]string{write("b.cfg", `{"ID":"b","VetxOnly":false}`)}) || vetxOnly([]string{write("c.cfg", `not json`)}) || vetxOnly([]string{"-flags"}) {
		t.Error("vetxOnly = true for a root unit, a bad file or a handshake")
	}
}
