package slotreread

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/config"
	"github.com/ctxbound/ctxbound/passes/directives"
)

//go:embed doc.go
var doc string

// Analyzer reports ... (being built).
var Analyzer = &analysis.Analyzer{
	Name:     "slotreread",
	Doc:      lintkit.MustExtractDoc(doc, "slotreread"),
	URL:      "https://github.com/ctxbound/ctxbound/blob/main/docs/checks.md#slotreread",
	Requires: []*analysis.Analyzer{directives.Analyzer, config.Analyzer},
	Run:      lintkit.Safe(run),
}

func run(pass *analysis.Pass) (any, error) {
	r := lintkit.NewReporter(pass, pass.ResultOf[directives.Analyzer].(*directives.Result))
	r.Finish()
	return nil, nil
}
