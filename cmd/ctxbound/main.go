// Command ctxbound finds context-propagation bugs: work that crosses a
// goroutine, pool or process boundary and silently loses the identity,
// cancellation or run binding of the operation that started it.
//
// Usage:
//
//	ctxbound [flags] packages                  # standalone, like go vet
//	ctxbound -fix [-diff] packages             # apply (or show) the suggested fixes
//	ctxbound -sarif packages > ctxbound.sarif  # SARIF 2.1.0 for code scanning
//	ctxbound -baseline=FILE -write-baseline packages
//	ctxbound -baseline=FILE packages           # only findings not in FILE
//	go vet -vettool=$(command -v ctxbound) packages
//	ctxbound help [check]                      # the checks and their docs
//	ctxbound help directives                   # the //ctxbound: directives
//
// The default path is an x/tools multichecker over analyzers.All: -json
// (the x/tools checker format), -fix, -diff, -c and the per-check flags
// (-spawnctx.<flag>, -config.<flag>) work as in any go/analysis driver,
// and so does go vet -vettool. It exits 3 when it reports findings, 1 on
// errors (a package that does not type-check, a bad option), 0 otherwise;
// with -json, findings do not change the exit code.
//
// See docs/integrations.md for go vet, SARIF upload, baselines, nogo and
// golangci-lint.
package main

import (
	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/analyzers"
	"github.com/ctxbound/ctxbound/cmd/internal/driver"
	"github.com/ctxbound/ctxbound/passes/directives"
)

func main() { driver.Main(suite()) }

func suite() driver.Suite {
	var checks, passes []*analysis.Analyzer
	isCheck := map[*analysis.Analyzer]bool{}
	for _, a := range analyzers.Checks() {
		isCheck[a] = true
	}
	for _, a := range analyzers.All() {
		if isCheck[a] {
			checks = append(checks, a)
		} else {
			passes = append(passes, a)
		}
	}
	return driver.Suite{
		Name:           "ctxbound",
		Checks:         checks,
		Passes:         passes,
		InformationURI: "https://github.com/ctxbound/ctxbound",
		Topics:         map[string]string{"directives": directives.Help},
	}
}
