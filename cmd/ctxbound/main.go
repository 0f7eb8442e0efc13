// Command ctxbound finds context-propagation bugs: work that crosses a
// goroutine, pool or process boundary and silently loses the identity,
// cancellation or run binding of the operation that started it.
//
// Usage:
//
//	ctxbound [flags] packages       # standalone, like go vet
//	go vet -vettool=$(command -v ctxbound) packages
//	ctxbound help [check]           # the checks and their docs
//
// It is an x/tools multichecker over analyzers.All: -json, -fix, -diff, -c
// and the per-check flags (-spawnctx.<flag>, -config.<flag>) work as in any
// go/analysis driver. It exits 3 when it reports findings, 1 on errors.
package main

import (
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/ctxbound/ctxbound/analyzers"
)

func main() { multichecker.Main(analyzers.All()...) }
