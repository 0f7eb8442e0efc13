package fixtest_test

// The behavioural mode of the fix harness: a fix must keep the program
// working, not only compiling. For every package of every tree that has
// tests of its own (_test.go files beside it) and suggested fixes, the
// package's tests run before any fix; where they pass, they run again with
// each fix applied alone (every alternative) and with the fixes -fix
// applies together (the first fix of every diagnostic of the package,
// conflicting ones skipped), and must still pass.
//
// Only the package's own tests judge its fixes: a test elsewhere may assert
// the very bug a fix removes (the fixtures' behaviour tests show the
// misrouting in buggy/).

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxbound/ctxbound/analyzers"
	"github.com/ctxbound/ctxbound/internal/fixtest"
)

// behaveTimeout bounds each go test of the behavioural mode: the packages
// of the trees are small, and a test that hangs after a fix (a goroutine
// that now waits forever) must fail, not stall the harness.
const behaveTimeout = 2 * time.Minute

// A behaveCase is one set of fixes applied to one package before its tests
// run.
type behaveCase struct {
	what  string
	fixes []fixtest.Fix
}

// behaveCases returns the cases of one package's fixes: each fix alone,
// and the first fixes of every diagnostic together as -fix applies them.
func behaveCases(fixes []fixtest.Fix, where func(fixtest.Fix) string) []behaveCase {
	var cs []behaveCase
	var firsts []fixtest.Fix
	for _, f := range fixes {
		alt := ""
		if len(f.Diag.SuggestedFixes) > 1 {
			alt = fmt.Sprintf(" (alternative %d of %d)", f.Index+1, len(f.Diag.SuggestedFixes))
		}
		cs = append(cs, behaveCase{what: fmt.Sprintf("%s fix %q%s of the diagnostic at %s %q", f.Analyzer, f.Title(), alt, where(f), f.Diag.Message), fixes: []fixtest.Fix{f}})
		if f.Index == 0 {
			firsts = append(firsts, f)
		}
	}
	if len(firsts) > 1 {
		cs = append(cs, behaveCase{what: fmt.Sprintf("the %d first fixes of the package together (as -fix applies them)", len(firsts)), fixes: firsts})
	}
	return cs
}

// overlay applies the fixes of c, merging them as -fix does, and returns
// the fixed files' contents.
func (c behaveCase) overlay() (map[string][]byte, error) {
	var edits []fixtest.Edit
	for _, f := range c.fixes {
		es, err := fixtest.Resolve(f.Pkg.Fset, f.Fix)
		if err != nil {
			return nil, err
		}
		edits, _ = fixtest.Merge(edits, es)
	}
	return fixtest.ApplyAll(edits, os.ReadFile)
}

// ownTests reports whether the folder of pkg's files holds test files.
func ownTests(pkg *packages.Package) bool {
	if len(pkg.GoFiles) == 0 {
		return false
	}
	tests, _ := filepath.Glob(filepath.Join(filepath.Dir(pkg.GoFiles[0]), "*_test.go"))
	return len(tests) > 0
}

// treeEnv is the environment go test needs for a tree, as it was loaded.
func treeEnv(tr tree) []string {
	if tr.gopath {
		return append(os.Environ(), "GOPATH="+tr.dir, "GO111MODULE=off", "GOWORK=off", "GOFLAGS=")
	}
	return append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
}

// TestFixesBehave is the behavioural mode of the fix harness.
func TestFixesBehave(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test on every tree's packages with fixes")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	rel := func(name string) string {
		if r, err := filepath.Rel(root, name); err == nil && !strings.HasPrefix(r, "..") {
			return filepath.ToSlash(r)
		}
		return name
	}
	where := func(f fixtest.Fix) string {
		p := f.Pkg.Fset.Position(f.Diag.Pos)
		return fmt.Sprintf("%s:%d:%d", rel(p.Filename), p.Line, p.Column)
	}
	ran := 0
	for _, tr := range trees(t, root) {
		t.Run(strings.ReplaceAll(tr.name, "/", "_"), func(t *testing.T) {
			pkgs := load(t, tr)
			g, err := checker.Analyze(analyzers.Checks(), pkgs, nil)
			if err != nil {
				t.Fatal(err)
			}
			// The fixes of a package and of its test variants, by import
			// path; a fix reported on both is the same edit and runs once.
			byPath := map[string][]fixtest.Fix{}
			var paths []string
			for _, f := range fixtest.Collect(g) {
				if strings.HasSuffix(f.Pkg.ID, ".test") || !ownTests(f.Pkg) {
					continue
				}
				if _, ok := byPath[f.Pkg.PkgPath]; !ok {
					paths = append(paths, f.Pkg.PkgPath)
				}
				byPath[f.Pkg.PkgPath] = append(byPath[f.Pkg.PkgPath], f)
			}
			env := treeEnv(tr)
			for _, path := range paths {
				base := fixtest.Run{Dir: tr.dir, Env: env, Pkg: path, Timeout: behaveTimeout}
				if out, err := base.GoTest(); err != nil {
					// Nothing to keep: a package whose tests fail (or do not
					// build: a scenario that only type-checks) as committed.
					t.Logf("%s: tests do not pass before any fix, not judged: %v\n%s", path, err, firstLines(out, 5))
					continue
				}
				seen := map[[32]byte]bool{}
				n := 0
				for _, c := range behaveCases(dedupe(byPath[path]), where) {
					files, err := c.overlay()
					if err != nil {
						t.Errorf("%s: %v", c.what, err)
						continue
					}
					if k := overlayKey(files); seen[k] {
						continue
					} else {
						seen[k] = true
					}
					run := base
					run.Overlay = files
					ran++
					n++
					if out, err := run.GoTest(); err != nil {
						t.Errorf("%s: the tests of %s pass before the fix and fail after it: %v\n%s", c.what, path, err, firstLines(out, 30))
					}
				}
				t.Logf("%s: its tests pass with each of %d sets of fixes", path, n)
			}
		})
	}
	t.Logf("%d fixed packages tested", ran)
	// The mode cannot pass by testing nothing.
	if ran == 0 && !t.Failed() {
		t.Error("no fixed package was tested: no tree has a package with fixes whose tests pass")
	}
}

// dedupe drops a fix that repeats an earlier one's edits (the same
// diagnostic reported on a package and on its test variant).
func dedupe(fixes []fixtest.Fix) []fixtest.Fix {
	seen := map[string]bool{}
	var out []fixtest.Fix
	for _, f := range fixes {
		es, err := fixtest.Resolve(f.Pkg.Fset, f.Fix)
		k := fmt.Sprintf("%s %d %v %v", f.Analyzer, f.Index, es, err)
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, f)
	}
	return out
}

func overlayKey(files map[string][]byte) [32]byte {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names)
	h := sha256.New()
	for _, n := range names {
		fmt.Fprintf(h, "%s %d\n", n, len(files[n]))
		h.Write(files[n])
	}
	return [32]byte(h.Sum(nil))
}

func firstLines(b []byte, n int) string {
	lines := strings.SplitN(string(b), "\n", n+1)
	if len(lines) > n {
		lines = append(lines[:n], "...")
	}
	return strings.Join(lines, "\n")
}

// TestGoTestOverlay: the behavioural mode's go test sees the overlay (a
// fix that breaks the program fails), and passes the program unchanged, in
// a module and in a GOPATH tree (analysistest's layout).
func TestGoTestOverlay(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	for _, gopath := range []bool{false, true} {
		t.Run(fmt.Sprintf("gopath=%v", gopath), func(t *testing.T) {
			dir := t.TempDir()
			pkgDir, run := dir, fixtest.Run{Dir: dir, Env: treeEnv(tree{dir: dir}), Pkg: "./", Timeout: time.Minute}
			if gopath {
				pkgDir = filepath.Join(dir, "src", "behave")
				run.Pkg, run.Env = "behave", treeEnv(tree{dir: dir, gopath: true})
			}
			write := func(name, src string) string {
				p := filepath.Join(pkgDir, name)
				if err := os.MkdirAll(pkgDir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
				return p
			}
			if !gopath {
				write("go.mod", "module example.com/behave\n\ngo 1.21\n")
			}
			src := write("p.go", "package behave\n\nfunc F() func() int { return func() int { return 1 } }\n")
			write("p_test.go", "package behave\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) {\n\tif F()() != 1 {\n\t\tt.Fatal(\"F\")\n\t}\n}\n")
			if out, err := run.GoTest(); err != nil {
				t.Fatalf("unchanged: %v\n%s", err, out)
			}
			// Compiles, and panics: what a fix that resets a called func
			// field does.
			run.Overlay = map[string][]byte{src: []byte("package behave\n\nfunc F() func() int { return nil }\n")}
			out, err := run.GoTest()
			if err == nil || !strings.Contains(string(out), "nil pointer dereference") {
				t.Errorf("a fixed file that panics: err %v, output:\n%s", err, out)
			}
			// The overlay changed nothing on disk, and the cache did not
			// hide it: the unchanged package passes again.
			run.Overlay = nil
			if out, err := run.GoTest(); err != nil {
				t.Fatalf("unchanged again: %v\n%s", err, out)
			}
		})
	}
}
