// Command panicky is a driver whose one check panics on packages named
// boom, for the tests of how an internal error is reported (repro 25 of
// issue 13).
package main

import (
	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/cmd/internal/driver"
	"github.com/ctxbound/ctxbound/internal/lintkit"
)

var boom = &analysis.Analyzer{
	Name: "boom",
	Doc:  "panic on packages named boom\n\nA test analyzer.",
	Run: lintkit.Safe(func(pass *analysis.Pass) (any, error) {
		if pass.Pkg.Name() == "boom" {
			var m map[string]int
			m["injected"]++
		}
		return nil, nil
	}),
}

func main() { driver.Main(driver.Suite{Name: "panicky", Checks: []*analysis.Analyzer{boom}}) }
