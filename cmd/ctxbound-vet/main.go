// Command ctxbound-vet is ctxbound plus the checks of go vet, in one pass.
//
// A vet tool replaces vet's own checks: go vet -vettool=ctxbound runs
// ctxbound's checks and not printf, copylock, lostcancel and the rest.
// ctxbound-vet runs both, so that one go vet invocation keeps them all:
//
//	go install github.com/ctxbound/ctxbound/cmd/ctxbound-vet@latest
//	go vet -vettool=$(command -v ctxbound-vet) ./...
//
// The vet checks are the analyzers cmd/vet of Go 1.26 runs
// ($GOROOT/src/cmd/vet/main.go), from golang.org/x/tools. One is renamed:
// vet's directive (misplaced //go:debug and the like) is godirective here,
// since directive is ctxbound's check of //ctxbound: comments.
//
// Everything else is as for ctxbound: the standalone mode, -json, -fix,
// -diff, -sarif, -baseline, the per-check flags and help.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/appends"
	"golang.org/x/tools/go/analysis/passes/asmdecl"
	"golang.org/x/tools/go/analysis/passes/assign"
	"golang.org/x/tools/go/analysis/passes/atomic"
	"golang.org/x/tools/go/analysis/passes/bools"
	"golang.org/x/tools/go/analysis/passes/buildtag"
	"golang.org/x/tools/go/analysis/passes/cgocall"
	"golang.org/x/tools/go/analysis/passes/composite"
	"golang.org/x/tools/go/analysis/passes/copylock"
	"golang.org/x/tools/go/analysis/passes/defers"
	"golang.org/x/tools/go/analysis/passes/directive"
	"golang.org/x/tools/go/analysis/passes/errorsas"
	"golang.org/x/tools/go/analysis/passes/framepointer"
	"golang.org/x/tools/go/analysis/passes/hostport"
	"golang.org/x/tools/go/analysis/passes/httpresponse"
	"golang.org/x/tools/go/analysis/passes/ifaceassert"
	"golang.org/x/tools/go/analysis/passes/loopclosure"
	"golang.org/x/tools/go/analysis/passes/lostcancel"
	"golang.org/x/tools/go/analysis/passes/nilfunc"
	"golang.org/x/tools/go/analysis/passes/printf"
	"golang.org/x/tools/go/analysis/passes/shift"
	"golang.org/x/tools/go/analysis/passes/sigchanyzer"
	"golang.org/x/tools/go/analysis/passes/slog"
	"golang.org/x/tools/go/analysis/passes/stdmethods"
	"golang.org/x/tools/go/analysis/passes/stdversion"
	"golang.org/x/tools/go/analysis/passes/stringintconv"
	"golang.org/x/tools/go/analysis/passes/structtag"
	"golang.org/x/tools/go/analysis/passes/testinggoroutine"
	"golang.org/x/tools/go/analysis/passes/tests"
	"golang.org/x/tools/go/analysis/passes/timeformat"
	"golang.org/x/tools/go/analysis/passes/unmarshal"
	"golang.org/x/tools/go/analysis/passes/unreachable"
	"golang.org/x/tools/go/analysis/passes/unsafeptr"
	"golang.org/x/tools/go/analysis/passes/unusedresult"
	"golang.org/x/tools/go/analysis/passes/waitgroup"

	"github.com/ctxbound/ctxbound/analyzers"
	"github.com/ctxbound/ctxbound/cmd/internal/driver"
)

func main() { driver.Main(suite()) }

// vetSuite is the list of cmd/vet in Go 1.26, in its order (a test keeps
// it equal to $GOROOT/src/cmd/vet/main.go).
func vetSuite() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		appends.Analyzer,
		asmdecl.Analyzer,
		assign.Analyzer,
		atomic.Analyzer,
		bools.Analyzer,
		buildtag.Analyzer,
		cgocall.Analyzer,
		composite.Analyzer,
		copylock.Analyzer,
		defers.Analyzer,
		directive.Analyzer,
		errorsas.Analyzer,
		framepointer.Analyzer,
		httpresponse.Analyzer,
		hostport.Analyzer,
		ifaceassert.Analyzer,
		loopclosure.Analyzer,
		lostcancel.Analyzer,
		nilfunc.Analyzer,
		printf.Analyzer,
		shift.Analyzer,
		sigchanyzer.Analyzer,
		slog.Analyzer,
		stdmethods.Analyzer,
		stdversion.Analyzer,
		stringintconv.Analyzer,
		structtag.Analyzer,
		tests.Analyzer,
		testinggoroutine.Analyzer,
		timeformat.Analyzer,
		unmarshal.Analyzer,
		unreachable.Analyzer,
		unsafeptr.Analyzer,
		unusedresult.Analyzer,
		waitgroup.Analyzer,
	}
}

// renamed are the vet checks whose names ctxbound's checks already use.
var renamed = map[string]string{"directive": "godirective"}

// suite is ctxbound's checks, then vet's, then ctxbound's config pass.
func suite() driver.Suite {
	isCheck := map[*analysis.Analyzer]bool{}
	checks := analyzers.Checks()
	for _, a := range checks {
		isCheck[a] = true
	}
	var passes []*analysis.Analyzer
	for _, a := range analyzers.All() {
		if !isCheck[a] {
			passes = append(passes, a)
		}
	}
	for _, a := range vetSuite() {
		if name, ok := renamed[a.Name]; ok {
			c := *a // nothing requires vet's directive: a copy is safe
			c.Name = name
			a = &c
		}
		checks = append(checks, a)
	}
	return driver.Suite{
		Name:           "ctxbound-vet",
		Checks:         checks,
		Passes:         passes,
		OptIn:          analyzers.OptIn(),
		InformationURI: "https://github.com/ctxbound/ctxbound",
	}
}
