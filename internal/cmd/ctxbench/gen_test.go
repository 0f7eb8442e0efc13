package main

import (
	"bytes"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestGenShapes: every generated shape is a package that type-checks, with
// n of its unit.
func TestGenShapes(t *testing.T) {
	for _, shape := range genShapes {
		var b bytes.Buffer
		genFile(&b, shape, 7)
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "gen.go", b.Bytes(), parser.ParseComments)
		if err != nil {
			t.Fatalf("%s: %v\n%s", shape, err, b.String())
		}
		// The checks are silent in generated files: the shapes must be
		// analyzed as written code.
		if ast.IsGenerated(f) {
			t.Errorf("%s: the file is marked generated, so the checks would skip it", shape)
		}
		if _, err := (&types.Config{Importer: importer.Default()}).Check("gen", fset, []*ast.File{f}, nil); err != nil {
			t.Errorf("%s: %v\n%s", shape, err, b.String())
		}
		unit := map[string]string{"roots": "context.Background()", "slots": "slot.Load()", "guarded": "n += s.v.id", "funcs": "func F"}[shape]
		if got := strings.Count(b.String(), unit); got != 7 {
			t.Errorf("%s: %d units (%q), want 7", shape, got, unit)
		}
	}
	if src := smallPkg(5); !strings.Contains(src, `"example.com/gen-smallpkgs/p002"`) {
		t.Errorf("smallPkg(5) does not import p002:\n%s", src)
	}
}

func TestExpandTargets(t *testing.T) {
	got := expandTargets([]string{"std", "gen", "gen-smallpkgs"})
	if len(got) != 2+len(genShapes)*len(genSizes) || got[0] != "std" || got[1] != "gen-roots-4000" || got[len(got)-1] != "gen-smallpkgs" {
		t.Errorf("expandTargets = %v", got)
	}
	if shape, n, ok := parseGen("gen-guarded-16000"); !ok || shape != "guarded" || n != 16000 {
		t.Errorf("parseGen = %q %d %v", shape, n, ok)
	}
}

// TestGrowth: the verdict is on the suite's cost above the floor.
func TestGrowth(t *testing.T) {
	res := func(cpu float64) *result {
		return &result{Samples: []sample{{CPU: time.Duration(cpu * float64(time.Second))}}}
	}
	all := map[string]map[string]*result{
		"gen-roots-4000":  {"suite": res(3), "floor-export": res(1)},
		"gen-roots-16000": {"suite": res(9), "floor-export": res(2)}, // above: 7/2 = 3.5x
		"gen-slots-4000":  {"suite": res(3), "floor-export": res(1)},
		"gen-slots-16000": {"suite": res(21), "floor-export": res(2)}, // 19/2 = 9.5x
	}
	gs := growths(all)
	if len(gs) != 2 || gs[0].above() != 3.5 || gs[1].above() != 9.5 {
		t.Fatalf("growths = %+v", gs)
	}
	var b bytes.Buffer
	if writeGrowth(&b, gs) {
		t.Error("a shape at 9.5x passed")
	}
	lines := strings.Split(b.String(), "\n")
	if !slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, "roots") && strings.HasSuffix(l, "PASS") }) ||
		!slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, "slots") && strings.HasSuffix(l, "FAIL") }) {
		t.Errorf("table:\n%s", b.String())
	}
}
