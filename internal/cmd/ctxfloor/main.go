// Command ctxfloor is the physical floor of the ctxbound suite: the same
// x/tools multichecker driver as cmd/ctxbound with one analyzer, floor, that
// requires nothing, inspects nothing and reports nothing. Running it pays only
// for loading, parsing and type-checking the packages, which is what every
// go/analysis tool pays before its first check runs. make bench
// (internal/cmd/ctxbench) divides the suite's CPU time and peak RSS by this
// command's to get the ratios DESIGN.md sets targets for.
//
// Usage, exactly like ctxbound:
//
//	ctxfloor [flags] packages
//	go vet -vettool=$(command -v ctxfloor) packages
//
// The floor analyzer declares one fact type and never exports a fact. That
// matters: the suite declares facts, and a driver whose analyzers use facts
// loads and type-checks every dependency from source (standalone) or runs on
// every dependency for its facts (go vet), while a fact-less one reads
// dependencies from compiler export data. Declaring a fact makes the floor
// load exactly what the suite loads, so the ratio measures the checks and
// nothing else. CTXFLOOR_FACTS=0 in the environment drops the fact type, for
// the cheaper export-data floor (it shows what the fact architecture costs).
package main

import (
	"os"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"
)

func main() { multichecker.Main(Analyzer(os.Getenv("CTXFLOOR_FACTS") != "0")) }

// Analyzer returns the no-op floor analyzer; with facts, it declares
// (and never exports) the fact type marker.
func Analyzer(facts bool) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name: "floor",
		Doc:  "floor: report nothing; the cost of loading and type-checking the packages (a benchmark baseline)",
		URL:  "https://github.com/ctxbound/ctxbound/blob/main/docs/performance.md",
		Run:  func(*analysis.Pass) (any, error) { return nil, nil },
	}
	if facts {
		a.FactTypes = []analysis.Fact{new(marker)}
	}
	return a
}

// marker is the fact type the floor declares so that the driver loads every
// package as it does for the suite. No fact of this type is ever exported.
type marker struct{}

func (*marker) AFact()         {}
func (*marker) String() string { return "floor" }
