package main

import (
	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/ctxbound/ctxbound/passes/identity"
)

func main() { singlechecker.Main(identity.Analyzer) }
