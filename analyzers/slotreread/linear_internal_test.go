package slotreread

import (
	"fmt"
	"go/ast"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// TestLinearPairs: the reads of one slot in one function are paired with
// the first reads they can meet only (issue 21, repro 4: every read was
// paired with every earlier one, and each pair walked the body). The
// number of pairs tried is counted, not timed: it must stay within a
// constant of the reads, in each shape of the generated benchmarks
// (BenchmarkCost), where pairing every read with every earlier one tries
// n²/2.
func TestLinearPairs(t *testing.T) {
	const n = 2000
	for _, shape := range []struct {
		name string
		line func(i int) string
	}{
		{"reads", func(int) string { return "\t_ = g.slot.Load().ID\n" }},
		{"guarded", func(int) string {
			return "\tif g.slot.Load().ID != \"\" {\n\t\tg.slot.Load().C <- \"x\" // want `slot g.slot read twice`\n\t}\n"
		}},
		{"bound", func(i int) string { return fmt.Sprintf("\tr%d := g.slot.Load()\n\tdefer use(r%d)\n", i, i) }},
		{"guards", func(int) string {
			return "\tif g.slot.Load() == nil {\n\t\treturn\n\t}\n"
		}},
	} {
		t.Run(shape.name, func(t *testing.T) {
			var s strings.Builder
			s.WriteString("package p\n\nimport \"sync/atomic\"\n\ntype Run struct {\n\tID string\n\tC  chan string\n}\n\ntype Gate struct{ slot atomic.Pointer[Run] }\n\nfunc use(*Run) {}\n\nfunc (g *Gate) Long() {\n")
			for i := range n {
				s.WriteString(shape.line(i))
			}
			s.WriteString("}\n")
			dir := t.TempDir()
			if err := os.MkdirAll(filepath.Join(dir, "src", "p"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "src", "p", "p.go"), []byte(s.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			res := analysistest.Run(t, dir, Analyzer, "p")
			// Check the function again with a checker of the same pass, to
			// count.
			c := newChecker(res[0].Pass)
			for _, d := range res[0].Pass.Files[0].Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "Long" {
					c.function(fd, fd.Body)
				}
			}
			reads, tried := c.reads, c.tried
			if reads < n || tried > 2*reads {
				t.Errorf("%d reads, %d pairs tried: want at most %d", reads, tried, 2*reads)
			}
		})
	}
}
