package ctxscope_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/ctxscope"
)

// TestLogCall reports, for every context argument of a call, whether
// LogCall takes it for a log line: printf-style loggers (also one that
// reads the context's values), log/slog, and a function of the package
// that only logs with its context are; a call that sends, a logger method
// that is not printf-style, and a derivation are not.
func TestLogCall(t *testing.T) {
	a := &analysis.Analyzer{
		Name:     "logcall",
		Doc:      "report LogCall for each context argument",
		Requires: []*analysis.Analyzer{ctxscope.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			r := pass.ResultOf[ctxscope.Analyzer].(*ctxscope.Result)
			for _, f := range pass.Files {
				ast.Inspect(f, func(n ast.Node) bool {
					call, ok := n.(*ast.CallExpr)
					if !ok {
						return true
					}
					for i, arg := range call.Args {
						if !lintkit.ImplementsContext(pass.TypesInfo.TypeOf(arg)) {
							continue
						}
						// Only the calls of F, which hold the cases.
						if d := r.Decl(r.Enclosing(call)); d == nil || d.Name.Name != "F" {
							continue
						}
						msg := "other call"
						if r.LogCall(call, i) {
							msg = "log call"
						}
						pass.Reportf(call.Pos(), "%s", msg)
					}
					return true
				})
			}
			return nil, nil
		},
	}
	analysistest.Run(t, analysistest.TestData(), a, "logcall")
}
