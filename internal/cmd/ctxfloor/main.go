// Command ctxfloor is the physical floor of the ctxbound suite: the x/tools
// multichecker driver with one analyzer, floor, that requires nothing,
// inspects nothing and reports nothing. Running it pays only for listing,
// loading, parsing and type-checking the packages, which is what every
// go/analysis tool pays before its first check runs. make bench
// (internal/cmd/ctxbench) divides the suite's CPU time and peak RSS by this
// command's to get the ratios DESIGN.md and issue 11 set targets for.
//
// Usage, like ctxbound:
//
//	CTXFLOOR_FACTS=0 ctxfloor [flags] packages   # the floor the targets are marked against
//	ctxfloor [flags] packages                    # every dependency from source
//	go vet -vettool=$(command -v ctxfloor) packages
//
// With CTXFLOOR_FACTS=0 the floor declares no fact type, and the x/tools
// driver reads every dependency from compiler export data and type-checks
// only the packages named: the cheapest any go/analysis tool can be, and
// the mark of the targets. Without it the floor declares one fact type (and
// never exports a fact), which makes the x/tools driver load and
// type-check every dependency from source and keep it, as it did for the
// suite before ctxbound had a driver of its own: a measure of what loading
// all of the program from source costs, not of what users feel.
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
