package analyzers_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxbound/ctxbound/analyzers"
)

// BenchmarkCost measures the suite on generated code whose cost must grow
// linearly (issue 13, repro 2: it was quadratic in the root calls of one
// function and in the functions of one file):
//
//	go test -run '^$' -bench Cost -benchtime 5x ./analyzers
//
// calls=4000 must cost at most 5x calls=1000 (ns/op; the ns/call metric
// should stay flat). Packages are loaded once; each iteration runs the
// whole suite on them, the dependencies (package context and below) from
// source included.
func BenchmarkCost(b *testing.B) {
	for _, tc := range []struct {
		name string
		n    int
		src  func(n int) string
	}{
		{"calls=1000", 1000, longFunc},
		{"calls=4000", 4000, longFunc},
		{"funcs=5000", 5000, manyFuncs},
		{"components=1000", 1000, components},
		{"components=4000", 4000, components},
	} {
		b.Run(tc.name, func(b *testing.B) {
			pkgs := loadGenerated(b, tc.src(tc.n))
			for b.Loop() {
				if _, err := checker.Analyze(analyzers.All(), pkgs, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(tc.n), "ns/call")
		})
	}
}

// longFunc is one function of n statements x := helper(context.TODO()).
func longFunc(n int) string {
	var s strings.Builder
	s.WriteString("package p\n\nimport \"context\"\n\nfunc helper(ctx context.Context) string { _ = ctx; return \"\" }\n\nfunc Long(ctx context.Context) {\n")
	for i := range n {
		fmt.Fprintf(&s, "\tx%d := helper(context.TODO())\n\t_ = x%d\n", i, i)
	}
	s.WriteString("}\n")
	return s.String()
}

// manyFuncs is n functions, each with a goroutine that drops ctx and a
// call that does.
func manyFuncs(n int) string {
	var s strings.Builder
	s.WriteString("package p\n\nimport \"context\"\n\nfunc helper(ctx context.Context) string { _ = ctx; return \"\" }\n\n")
	for i := range n {
		fmt.Fprintf(&s, "func F%d(ctx context.Context) string { go func() { helper(context.Background()) }(); return helper(context.TODO()) }\n", i)
	}
	return s.String()
}

// components is n component types, each with a stop method that closes a
// quit channel, a goroutine that waits on it and one per event on a root
// context (stopwork's work: its stop, its work and the fields they use;
// components=4000 must cost at most 5x components=1000).
func components(n int) string {
	var s strings.Builder
	s.WriteString("package p\n\nimport \"context\"\n\nfunc send(ctx context.Context, v int) { <-ctx.Done() }\n\n")
	for i := range n {
		fmt.Fprintf(&s, "type C%d struct{ quit chan struct{}; n int }\n", i)
		fmt.Fprintf(&s, "func (c *C%d) Start() { go func() { <-c.quit; send(context.Background(), c.n) }() }\n", i)
		fmt.Fprintf(&s, "func (c *C%d) Notify(v int) { go send(context.Background(), v) }\n", i)
		fmt.Fprintf(&s, "func (c *C%d) Stop() { c.n = 0; close(c.quit) }\n", i)
	}
	return s.String()
}

func loadGenerated(b *testing.B, src string) []*packages.Package {
	b.Helper()
	dir := b.TempDir()
	for name, data := range map[string]string{"go.mod": "module example.com/p\n\ngo 1.26\n", "a.go": src} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		b.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		b.Fatal("generated code does not load")
	}
	return pkgs
}
