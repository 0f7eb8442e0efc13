package directive

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/directives"
)

//go:embed doc.go
var doc string

// Analyzer reports the directives that passes/directives could not accept.
var Analyzer = &analysis.Analyzer{
	Name:     "directive",
	Doc:      lintkit.MustExtractDoc(doc, "directive"),
	URL:      "https://github.com/ctxbound/ctxbound/blob/main/docs/checks.md#directive",
	Requires: []*analysis.Analyzer{directives.Analyzer},
	Run:      lintkit.Safe(run),
}

func run(pass *analysis.Pass) (any, error) {
	dirs := pass.ResultOf[directives.Analyzer].(*directives.Result)
	r := lintkit.NewReporter(pass, nil) // a broken directive cannot silence its own report
	for _, p := range dirs.Problems {
		r.Report(lintkit.Span(p.Pos, p.End), p.Message)
	}
	return nil, nil
}
