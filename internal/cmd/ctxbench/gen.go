package main

// Generated targets (issue 21, item 3): code whose size is one knob, so
// that cost can be seen to be linear in it, also within one function,
// where a whole-function walk per call or a comparison of each finding
// with every other one shows first. Each shape is generated at N = 4,000
// and 16,000; the suite and the floor run on the same code, and the
// growth of the suite's cost above the floor from one to the other must
// stay at most growthTarget (4× the code; linear is 4×, and a little for
// noise and allocation).
//
//	gen-roots    one function with N calls that pass context.Background()
//	gen-slots    one function with N reads of one atomic.Pointer slot
//	gen-guarded  one function with N reads of a field, each in a critical
//	             section of its own
//	gen-funcs    one file with N functions, each with one root call
//
// gen-smallpkgs is a module of many small packages that import each other
// (smallPkgs of them), for the go vet path: the cost of starting the tool
// once per package, and of facts handed from package to package, against
// a no-op vet tool.

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

var (
	genShapes = []string{"roots", "slots", "guarded", "funcs"}
	genSizes  = []int{4000, 16000}
)

// growthTarget is the most the suite's cost above the floor may grow from
// genSizes[0] to genSizes[1].
const growthTarget = 4.5

// smallPkgs is the number of packages of gen-smallpkgs.
const smallPkgs = 300

// expandTargets replaces "gen" by every generated shape at every size.
func expandTargets(names []string) []string {
	var out []string
	for _, n := range names {
		if n != "gen" {
			out = append(out, n)
			continue
		}
		for _, s := range genShapes {
			for _, size := range genSizes {
				out = append(out, fmt.Sprintf("gen-%s-%d", s, size))
			}
		}
	}
	return out
}

// isGen reports whether a target is generated.
func isGen(name string) bool { return strings.HasPrefix(name, "gen-") }

// parseGen splits "gen-roots-4000" into its shape and size.
func parseGen(name string) (shape string, n int, ok bool) {
	rest, found := strings.CutPrefix(name, "gen-")
	if !found {
		return "", 0, false
	}
	i := strings.LastIndexByte(rest, '-')
	if i < 0 {
		return rest, 0, true
	}
	if _, err := fmt.Sscanf(rest[i+1:], "%d", &n); err != nil {
		return rest, 0, true
	}
	return rest[:i], n, true
}

// prepareGenTarget writes a generated module under tmp.
func prepareGenTarget(name, tmp string) (*target, error) {
	shape, n, ok := parseGen(name)
	if !ok {
		return nil, fmt.Errorf("not a generated target")
	}
	tg := &target{Name: name, Cache: filepath.Join(tmp, "cache-"+name), Dir: filepath.Join(tmp, name), Patterns: []string{"./..."}, Env: []string{"GOWORK=off"}}
	files := map[string]string{"go.mod": "module example.com/" + name + "\n\ngo 1.26\n"}
	switch shape {
	case "smallpkgs":
		for i := range smallPkgs {
			files[fmt.Sprintf("p%03d/p.go", i)] = smallPkg(i)
		}
	case "roots", "slots", "guarded", "funcs":
		if n <= 0 {
			return nil, fmt.Errorf("want gen-%s-N", shape)
		}
		var b strings.Builder
		genFile(&b, shape, n)
		files["gen/gen.go"] = b.String()
	default:
		return nil, fmt.Errorf("unknown generated shape %q (want %s or smallpkgs)", shape, strings.Join(genShapes, ", "))
	}
	for rel, src := range files {
		p := filepath.Join(tg.Dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			return nil, err
		}
	}
	tg.Packages = len(files) - 1
	tg.GoToolDir = strings.TrimSpace(string(must(runIn(tg.Dir, tg.Env, "go", "env", "GOTOOLDIR"))))
	if err := findLeaf(tg); err != nil {
		return nil, err
	}
	return tg, nil
}

// genFile writes the one file of a generated shape with n of its unit.
func genFile(w io.Writer, shape string, n int) {
	fmt.Fprintf(w, "// Code written by ctxbench for the %s shape, %d units: a cost target, not a program.\n\npackage gen\n\n", shape, n)
	switch shape {
	case "roots":
		fmt.Fprintf(w, "import \"context\"\n\nfunc use(ctx context.Context, i int) error { return ctx.Err() }\n\n")
		fmt.Fprintf(w, "func F(ctx context.Context) {\n")
		for i := range n {
			fmt.Fprintf(w, "\t_ = use(context.Background(), %d)\n", i)
		}
		fmt.Fprintf(w, "}\n")
	case "slots":
		fmt.Fprintf(w, "import \"sync/atomic\"\n\ntype run struct{ id int }\n\nvar slot atomic.Pointer[run]\n\n")
		sum(w, "F()", "\tn += slot.Load().id\n", n)
	case "guarded":
		fmt.Fprintf(w, "import \"sync\"\n\ntype run struct{ id int }\n\ntype S struct {\n\tmu sync.Mutex\n\tv  *run\n}\n\n")
		fmt.Fprintf(w, "func (s *S) Set(r *run) {\n\ts.mu.Lock()\n\ts.v = r\n\ts.mu.Unlock()\n}\n\n")
		sum(w, "(s *S) F()", "\ts.mu.Lock()\n\tn += s.v.id\n\ts.mu.Unlock()\n", n)
	case "funcs":
		fmt.Fprintf(w, "import \"context\"\n\nfunc use(ctx context.Context, i int) error { return ctx.Err() }\n\n")
		for i := range n {
			fmt.Fprintf(w, "func F%d(ctx context.Context) error { return use(context.Background(), %d) }\n", i, i)
		}
	}
}

// sum writes func <sig> int, whose body is n copies of unit adding to n.
func sum(w io.Writer, sig, unit string, n int) {
	fmt.Fprintf(w, "func %s int {\n\tn := 0\n%s\treturn n\n}\n", sig, strings.Repeat(unit, n))
}

// smallPkg is package i of gen-smallpkgs: it imports package (i-1)/2 (a
// tree, so the graph has width), hands its context on, and makes one root
// context in a helper that its importers call.
func smallPkg(i int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "package p%03d\n\nimport (\n\t\"context\"\n\t\"sync\"\n", i)
	if i > 0 {
		fmt.Fprintf(&b, "\n\t\"example.com/gen-smallpkgs/p%03d\"\n", (i-1)/2)
	}
	fmt.Fprintf(&b, ")\n\nvar mu sync.Mutex\n\nvar count int\n\n")
	fmt.Fprintf(&b, "// Work counts a unit of work under ctx.\nfunc Work(ctx context.Context) error {\n\tif err := ctx.Err(); err != nil {\n\t\treturn err\n\t}\n\tmu.Lock()\n\tcount++\n\tmu.Unlock()\n")
	if i > 0 {
		fmt.Fprintf(&b, "\treturn p%03d.Work(ctx)\n}\n\n", (i-1)/2)
	} else {
		fmt.Fprintf(&b, "\treturn nil\n}\n\n")
	}
	fmt.Fprintf(&b, "// Background works on a context of its own.\nfunc Background() error { return Work(context.Background()) }\n\n")
	fmt.Fprintf(&b, "// Spawn works on another goroutine.\nfunc Spawn(ctx context.Context, done chan<- error) {\n\tgo func() { done <- Work(ctx) }()\n}\n")
	return b.String()
}

// A growth is the cost of one shape at both sizes.
type growth struct {
	shape              string
	suite, floor       [2]float64 // median CPU seconds at genSizes
	ok                 bool       // both tools measured at both sizes
	failedAt, errorMsg string
}

// above is the growth of the suite's CPU above the floor's.
func (g growth) above() float64 {
	d0, d1 := g.suite[0]-g.floor[0], g.suite[1]-g.floor[1]
	if d0 <= 0 {
		return 0
	}
	return d1 / d0
}

// growths gathers the generated targets' results by shape.
func growths(all map[string]map[string]*result) []growth {
	var out []growth
	for _, shape := range genShapes {
		g := growth{shape: shape, ok: true}
		for i, size := range genSizes {
			name := fmt.Sprintf("gen-%s-%d", shape, size)
			results, measured := all[name]
			if !measured {
				g.ok = false
				continue
			}
			for _, k := range []string{"suite", "floor-export"} {
				r := results[k]
				if r == nil || len(r.Samples) == 0 {
					g.ok = false
					if r != nil && r.Err != nil && g.failedAt == "" {
						g.failedAt, g.errorMsg = name+" "+k, r.Err.Error()
					}
					continue
				}
				v := r.metric(cpuSeconds).Median
				if k == "suite" {
					g.suite[i] = v
				} else {
					g.floor[i] = v
				}
			}
		}
		if _, ok := all[fmt.Sprintf("gen-%s-%d", shape, genSizes[0])]; ok || g.failedAt != "" {
			out = append(out, g)
		}
	}
	return out
}

// writeGrowth prints the growth table of the generated targets; it returns
// false when a shape fails its target.
func writeGrowth(w io.Writer, gs []growth) bool {
	if len(gs) == 0 {
		return true
	}
	pass := true
	fmt.Fprintf(w, "\ngenerated targets: cost from N = %d to %d (CPU seconds, median), target: the suite's cost above the floor grows at most %.1fx\n", genSizes[0], genSizes[1], growthTarget)
	fmt.Fprintf(w, "  %-8s %9s %9s %9s %9s %9s %9s %13s  %s\n", "shape", "suite N1", "suite N2", "floor N1", "floor N2", "suite", "floor", "above floor", "verdict")
	for _, g := range gs {
		if !g.ok {
			pass = false
			fmt.Fprintf(w, "  %-8s FAIL: not measured at both sizes", g.shape)
			if g.failedAt != "" {
				fmt.Fprintf(w, " (%s: %s)", g.failedAt, firstLine(g.errorMsg))
			}
			fmt.Fprintln(w)
			continue
		}
		verdict := "PASS"
		if g.above() > growthTarget || g.above() == 0 {
			verdict, pass = "FAIL", false
		}
		fmt.Fprintf(w, "  %-8s %9.1f %9.1f %9.1f %9.1f %8.1fx %8.1fx %12.1fx  %s\n", g.shape, g.suite[0], g.suite[1], g.floor[0], g.floor[1],
			g.suite[1]/g.suite[0], g.floor[1]/g.floor[0], g.above(), verdict)
	}
	return pass
}

func firstLine(s string) string {
	first, _, _ := strings.Cut(s, "\n")
	return first
}
