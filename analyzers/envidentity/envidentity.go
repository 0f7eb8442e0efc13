package envidentity

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
	Name:     "envidentity",
	Doc:      lintkit.MustExtractDoc(doc, "envidentity"),
	URL:      "https://github.com/ctxbound/ctxbound/blob/main/docs/checks.md#envidentity",
	Requires: []*analysis.Analyzer{directives.Analyzer, config.Analyzer},
	Run:      lintkit.Safe(run),
}

func run(pass *analysis.Pass) (any, error) {
	r := lintkit.NewReporter(pass, pass.ResultOf[directives.Analyzer].(*directives.Result))
	r.Finish()
	return nil, nil
}
