package slotreread_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxbound/ctxbound/analyzers/slotreread"
)

// BenchmarkCost measures slotreread on one function with n slot reads
// (issue 21, repro 4: the cost grew with the cube of the reads of one
// slot in one function):
//
//	go test -run '^$' -bench Cost -benchtime 3x ./analyzers/slotreread
//
// The ns/read metric must stay flat from n=1000 to n=4000: reads=4000
// costs at most 4.5x reads=1000 (ns/op). "reads" is one read per
// statement (no finding); "guarded" is a read in an if's condition and one
// in its body (one finding each); "bound" binds each read to a local used
// at the end of the function (every read's value meets every later one).
func BenchmarkCost(b *testing.B) {
	for _, shape := range []struct {
		name string
		line func(i int) string
	}{
		{"reads", func(int) string { return "\t_ = g.slot.Load().ID\n" }},
		{"guarded", func(int) string { return "\tif g.slot.Load().ID != \"\" {\n\t\tg.slot.Load().C <- \"x\"\n\t}\n" }},
		{"bound", func(i int) string { return fmt.Sprintf("\tr%d := g.slot.Load()\n\tdefer use(r%d)\n", i, i) }},
	} {
		for _, n := range []int{1000, 4000, 16000} {
			b.Run(fmt.Sprintf("%s=%d", shape.name, n), func(b *testing.B) {
				var s strings.Builder
				s.WriteString("package p\n\nimport \"sync/atomic\"\n\ntype Run struct {\n\tID string\n\tC  chan string\n}\n\ntype Gate struct{ slot atomic.Pointer[Run] }\n\nfunc use(*Run) {}\n\nfunc (g *Gate) Long() {\n")
				for i := range n {
					s.WriteString(shape.line(i))
				}
				s.WriteString("}\n")
				pkgs := loadGenerated(b, s.String())
				for b.Loop() {
					if _, err := checker.Analyze([]*analysis.Analyzer{slotreread.Analyzer}, pkgs, nil); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/read")
			})
		}
	}
}

func loadGenerated(b *testing.B, src string) []*packages.Package {
	b.Helper()
	dir := b.TempDir()
	for name, data := range map[string]string{"go.mod": "module example.com/p\n\ngo 1.26\n", "a.go": src} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Dir: dir}, "./...")
	if err != nil {
		b.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		b.Fatal("generated code does not load")
	}
	return pkgs
}
