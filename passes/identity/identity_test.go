package identity_test

import (
	"fmt"
	"go/ast"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/identity"
)

func TestFacts(t *testing.T) {
	for _, res := range analysistest.Run(t, analysistest.TestData(), identity.Analyzer, "facts") {
		// The prefilter lets through every package the pass exports a fact for.
		lintkit.CheckPrefilter(t, identity.Analyzer, res.Pass, res.Facts)
	}
}

// readsIn reports what spawnctx will ask the Result: the reads inside each
// goroutine literal (ReadsIn) and of each named goroutine function
// (EnvRead); and, per function body, every read ReadsIn finds there.
var readsIn = &analysis.Analyzer{
	Name:     "readsin",
	Doc:      "test: report identity.Result.ReadsIn and EnvRead",
	Requires: []*analysis.Analyzer{identity.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		id := pass.ResultOf[identity.Analyzer].(*identity.Result)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncDecl:
					if n.Name.Name != "spawn" {
						for _, r := range id.ReadsIn(n.Body) {
							pass.Reportf(r.Pos, "read %s", r.Key)
						}
					}
				case *ast.GoStmt:
					if lit, ok := n.Call.Fun.(*ast.FuncLit); ok {
						for _, r := range id.ReadsIn(lit) {
							where := "in another package"
							switch {
							case r.Finding == r.Pos:
								where = "here"
							case r.Finding.IsValid():
								p := pass.Fset.Position(r.Finding)
								where = fmt.Sprintf("at %s:%d", filepath.Base(p.Filename), p.Line)
							}
							pass.Reportf(r.Pos, "read %s: %s, finding %s", r.Key, r.Desc, where)
						}
						return true
					}
					if fn := lintkit.Callee(pass.TypesInfo, n.Call); fn != nil {
						if e, ok := id.EnvRead(fn); ok {
							where := "in another package"
							if pos, _ := id.EnvReadFinding(fn); pos.IsValid() {
								where = fmt.Sprintf("at line %d", pass.Fset.Position(pos).Line)
							}
							pass.Reportf(n.Pos(), "named %s reads %s, finding %s", lintkit.ShortName(fn, pass.Pkg), e.Key, where)
						}
					}
				}
				return true
			})
		}
		return nil, nil
	},
}

func TestReadsIn(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), readsIn, "reads")
}

// TestElide: keys in messages and facts are at most identity.MaxKey bytes,
// keep their head and their identity words, and are cut at rune starts.
func TestElide(t *testing.T) {
	long := strings.Repeat("X_", 1<<20) + "SESSION_ID"
	for _, tc := range []struct{ key, want string }{
		{"SESSION_ID", "SESSION_ID"},
		{strings.Repeat("A", identity.MaxKey), strings.Repeat("A", identity.MaxKey)},
		{long, strings.Repeat("X_", 19) + "..." + strings.Repeat("_X", 14) + "_SESSION_ID"},
	} {
		if got := identity.Elide(tc.key); got != tc.want {
			t.Errorf("Elide(%.20q...) = %q, want %q", tc.key, got, tc.want)
		}
	}
	// Multi-byte runes are never split.
	for n := identity.MaxKey; n < identity.MaxKey+8; n++ {
		key := strings.Repeat("é", n) + "_SESSION_ID"
		got := identity.Elide(key)
		if len(got) > identity.MaxKey || !utf8.ValidString(got) || !strings.HasSuffix(got, "_SESSION_ID") {
			t.Errorf("Elide of %d runes = %q (%d bytes)", n, got, len(got))
		}
	}
}
