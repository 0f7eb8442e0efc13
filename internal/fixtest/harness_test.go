package fixtest_test

// The fix harness: every suggested fix that the suite's checks report on
// every analyzer's and pass's testdata (analysistest GOPATH trees under
// analyzers/*/testdata and passes/*/testdata) and on the fixtures module is
// applied byte-exactly and the package type-checked:
//
//   - each fix alone, every alternative of every diagnostic;
//   - per analyzer and file, the first fix of each diagnostic together;
//   - per file, the first fixes of every analyzer together, as -fix does.
//
// Every check runs on every tree, not only its own: a check's fix on
// another check's scenario is a fix a user may get. Trees and fixes are
// discovered: a new analyzer, scenario or fixture is covered with no change
// here.

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxbound/ctxbound/analyzers"
	"github.com/ctxbound/ctxbound/internal/fixtest"
)

// A tree is one unit of loading: a GOPATH-style testdata tree or a module.
type tree struct {
	name     string // for t.Run: "analyzers/ctxdrop/testdata", "fixtures"
	dir      string
	gopath   bool
	patterns []string
	sub      string // the folder of dir that holds the tree's files, if not all of dir
}

// trees finds every testdata tree of the module's analyzers and passes,
// and the fixtures module.
func trees(t testing.TB, root string) []tree {
	t.Helper()
	var out []tree
	for _, glob := range []string{"analyzers/*/testdata", "passes/*/testdata"} {
		dirs, err := filepath.Glob(filepath.Join(root, glob))
		if err != nil {
			t.Fatal(err)
		}
		for _, dir := range dirs {
			name, _ := filepath.Rel(root, dir)
			name = filepath.ToSlash(name)
			src := filepath.Join(dir, "src")
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
				out = append(out, tree{name: name, dir: dir, patterns: []string{"./..."}})
				continue
			}
			if _, err := os.Stat(src); err != nil {
				t.Errorf("%s: neither a GOPATH tree (src/) nor a module (go.mod): the harness cannot load it", name)
				continue
			}
			var pkgs []string
			err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
				if err != nil {
					return err
				}
				if !d.IsDir() && strings.HasSuffix(path, ".go") {
					rel, _ := filepath.Rel(src, filepath.Dir(path))
					if p := filepath.ToSlash(rel); !slices.Contains(pkgs, p) {
						pkgs = append(pkgs, p)
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, tree{name: name, dir: dir, gopath: true, patterns: pkgs})
		}
	}
	// The harness's own module trees: code a fix must keep working in that
	// no analyzer's testdata can hold (a module with an old go line).
	mods, err := filepath.Glob(filepath.Join(root, "internal", "fixtest", "testdata", "trees", "*", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for _, mod := range mods {
		name, _ := filepath.Rel(root, filepath.Dir(mod))
		out = append(out, tree{name: filepath.ToSlash(name), dir: filepath.Dir(mod), patterns: []string{"./..."}})
	}
	out = append(out,
		tree{name: "fixtures", dir: filepath.Join(root, "fixtures"), patterns: []string{"./..."}},
		// runctx: real code that makes every crossing right.
		tree{name: "runctx", dir: root, sub: "runctx", patterns: []string{"./runctx/..."}})
	return out
}

// load loads a tree with syntax for every package and test variants, as
// analysistest does. The harness and the fuzz target share the loads of a
// test process. A tree holds the syntax and types of the standard library
// it imports (some hundred MiB), so only the last one loaded is kept,
// except in a fuzz worker (keepAll), which loads every tree up front.
func load(t testing.TB, tr tree) []*packages.Package {
	t.Helper()
	loadMu.Lock()
	defer loadMu.Unlock()
	if pkgs, ok := loaded[tr.name]; ok {
		return pkgs
	}
	pkgs, err := loadTree(tr)
	if err != nil {
		t.Fatal(err)
	}
	if !keepAll {
		clear(loaded)
	}
	loaded[tr.name] = pkgs
	return pkgs
}

var (
	loadMu  sync.Mutex
	loaded  = map[string][]*packages.Package{}
	keepAll bool
)

func loadTree(tr tree) ([]*packages.Package, error) {
	env := append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	if tr.gopath {
		env = append(os.Environ(), "GOPATH="+tr.dir, "GO111MODULE=off", "GOWORK=off", "GOFLAGS=")
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Dir: tr.dir, Tests: true, Env: env}
	pkgs, err := packages.Load(cfg, tr.patterns...)
	if err != nil {
		return nil, err
	}
	var bad []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			bad = append(bad, e.Error())
		}
	})
	if len(bad) > 0 {
		return nil, fmt.Errorf("%s does not load:\n%s", tr.name, strings.Join(bad, "\n"))
	}
	return pkgs, nil
}

// A fixCase is one type-check of a package with some fixes applied.
type fixCase struct {
	pkg   *packages.Package
	what  string // "ctxdrop fixes.go: fix "Pass ctx" (diagnostic at 12:9)"
	file  string // the file the case is about, for the known-failures table
	fixes []fixtest.Fix
}

// cases builds the cases of one package's fixes.
func cases(fixes []fixtest.Fix, rel func(string) string) (cs []fixCase) {
	where := func(f fixtest.Fix) string {
		p := f.Pkg.Fset.Position(f.Diag.Pos)
		return fmt.Sprintf("%s:%d:%d", rel(f.Pkg.Fset.File(f.Diag.Pos).Name()), p.Line, p.Column)
	}
	type group struct {
		file     string
		analyzer string // "" for every analyzer
	}
	firsts := map[group][]fixtest.Fix{}
	var order []group
	for _, f := range fixes {
		file := rel(f.Pkg.Fset.File(f.Diag.Pos).Name())
		alt := ""
		if len(f.Diag.SuggestedFixes) > 1 {
			alt = fmt.Sprintf(" (alternative %d of %d)", f.Index+1, len(f.Diag.SuggestedFixes))
		}
		cs = append(cs, fixCase{pkg: f.Pkg, file: file, fixes: []fixtest.Fix{f},
			what: fmt.Sprintf("%s fix %q%s of the diagnostic at %s %q", f.Analyzer, f.Title(), alt, where(f), f.Diag.Message)})
		if f.Index != 0 {
			continue
		}
		for _, g := range []group{{file, f.Analyzer}, {file, ""}} {
			if _, ok := firsts[g]; !ok {
				order = append(order, g)
			}
			firsts[g] = append(firsts[g], f)
		}
	}
	for _, g := range order {
		fs := firsts[g]
		var names []string
		for _, f := range fs {
			if !slices.Contains(names, f.Analyzer) {
				names = append(names, f.Analyzer)
			}
		}
		if g.analyzer != "" && len(fs) < 2 || g.analyzer == "" && len(names) < 2 {
			continue // the same as a case already built
		}
		var titles []string
		for _, f := range fs {
			titles = append(titles, fmt.Sprintf("%s %q at %s", f.Analyzer, f.Title(), where(f)))
		}
		label := g.analyzer
		if label == "" {
			label = "every analyzer's"
		}
		cs = append(cs, fixCase{pkg: fs[0].Pkg, file: g.file, fixes: fs,
			what: fmt.Sprintf("%s first fixes together in %s: %s", label, g.file, strings.Join(titles, "; "))})
	}
	return cs
}

// run applies the fixes of c, merging them as -fix does, and type-checks
// the result. It returns the errors, and the fixes skipped as conflicting.
func (c fixCase) run(imp fixtest.Importer) (errs []string, skipped []string) {
	var edits []fixtest.Edit
	for _, f := range c.fixes {
		es, err := fixtest.Resolve(f.Pkg.Fset, f.Fix)
		if err != nil {
			return []string{fmt.Sprintf("bad edits: %v", err)}, nil
		}
		var ok bool
		if edits, ok = fixtest.Merge(edits, es); !ok {
			skipped = append(skipped, fmt.Sprintf("%s %q", f.Analyzer, f.Title()))
		}
	}
	files, err := fixtest.ApplyAll(edits, os.ReadFile)
	if err != nil {
		return []string{err.Error()}, skipped
	}
	for _, e := range fixtest.TypeCheck(c.pkg, files, imp) {
		errs = append(errs, e.Error())
	}
	return errs, skipped
}

// A failure is one broken promise: a fix that does not compile (the
// harness and the fuzz target), an analysis error, a position outside its
// file or a finding in a generated file (the fuzz target).
type failure struct {
	kind     string // "fix", "error", "position", "generated"
	analyzer string // the check: of the first fix for fixes together
	file     string // module-relative: the file of the case, or the fuzz seed
	together bool   // several fixes applied together
	msg      string
}

// A knownFailure is a class of failures found in checks this branch does
// not own (see the table below). The harness and the fuzz target log a
// failure of the class instead of failing. The class cannot go stale: the
// harness fails on a harness entry it no longer finds, and
// TestKnownFuzzFailures on a fuzz entry whose corpus input no longer fails.
type knownFailure struct {
	kind     string
	analyzer string
	file     string // "" for any file
	together string // "alone", "together", or "" for both
	errText  string // a regular expression the message matches: the compiler's error
	harness  bool   // the harness finds it on the testdata as committed
	corpus   string // else: the input under testdata/fuzz/FuzzMutations that shows it
	owner    string // who fixes it, and the repro it belongs to
}

// knownFailures are the broken fixes found in checks another branch is
// fixing. Remove an entry when its fix lands. Empty: the fuzz inputs that
// showed repros 12 and 15 (testdata/fuzz/FuzzMutations/repro12-slotreread,
// repro15-spawnctx, repro15-ctxdrop) stay in the seed corpus as regression
// inputs, and pass.
var knownFailures = []knownFailure{}

// known returns the index of the known failure f belongs to, or -1.
func known(f failure) int {
	return slices.IndexFunc(knownFailures, func(k knownFailure) bool {
		return k.kind == f.kind && k.analyzer == f.analyzer &&
			(k.together == "" || (k.together == "together") == f.together) &&
			(k.file == "" || k.file == f.file) && regexp.MustCompile(k.errText).MatchString(f.msg)
	})
}

// TestFixesCompile is the fix harness.
func TestFixesCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("loads every testdata tree and the fixtures")
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
	used := make([]bool, len(knownFailures))
	total := 0
	checked := map[string]bool{} // analyzers whose fixes were checked
	for _, tr := range trees(t, root) {
		t.Run(strings.ReplaceAll(tr.name, "/", "_"), func(t *testing.T) {
			pkgs := load(t, tr)
			g, err := checker.Analyze(analyzers.Checks(), pkgs, nil)
			if err != nil {
				t.Fatal(err)
			}
			for act := range g.All() {
				if act.Err != nil {
					t.Errorf("%s on %s: %v", act.Analyzer.Name, act.Package.ID, act.Err)
				}
			}
			fixes := fixtest.Collect(g)
			diags := 0
			for _, act := range g.Roots {
				diags += len(act.Diagnostics)
			}
			t.Logf("%d packages, %d diagnostics, %d fixes", len(pkgs), diags, len(fixes))
			byPkg := map[*packages.Package][]fixtest.Fix{}
			var order []*packages.Package
			for _, f := range fixes {
				if _, ok := byPkg[f.Pkg]; !ok {
					order = append(order, f.Pkg)
				}
				byPkg[f.Pkg] = append(byPkg[f.Pkg], f)
			}
			reported := map[string]bool{}
			for _, pkg := range order {
				imp := fixtest.GraphImporter(pkg, pkgs)
				// The control: the package as loaded type-checks here, so
				// that an error below is the fix's, not the harness's.
				if errs := fixtest.TypeCheck(pkg, nil, imp); len(errs) > 0 {
					t.Errorf("%s does not type-check in the harness before any fix: %v", pkg.ID, errs)
					continue
				}
				cs := cases(byPkg[pkg], rel)
				for _, c := range cs {
					total++
					for _, f := range c.fixes {
						checked[f.Analyzer] = true
					}
					errs, skipped := c.run(imp)
					if err := c.endings(); err != nil {
						errs = append(errs, err.Error())
					}
					if len(skipped) > 0 {
						t.Logf("%s: %s: skipped as conflicting (as -fix does): %s", pkg.ID, c.what, strings.Join(skipped, ", "))
					}
					if len(errs) == 0 {
						continue
					}
					msg := fmt.Sprintf("%s does not compile:\n\t%s", c.what, strings.Join(errs, "\n\t"))
					if reported[msg] {
						continue // the same fix on a test variant of the package
					}
					reported[msg] = true
					fl := failure{kind: "fix", analyzer: c.fixes[0].Analyzer, file: c.file, together: len(c.fixes) > 1, msg: msg}
					if i := known(fl); i >= 0 {
						used[i] = true
						t.Logf("KNOWN FAILURE (%s): %s", knownFailures[i].owner, msg)
						continue
					}
					t.Error(msg)
				}
			}
		})
	}
	t.Logf("%d fix cases type-checked", total)
	// The harness cannot pass by finding nothing: every check with a
	// golden file in its testdata has fixes, and they were checked.
	goldens, _ := filepath.Glob(filepath.Join(root, "analyzers", "*", "testdata", "src", "*", "*.golden"))
	for _, g := range goldens {
		name := filepath.Base(filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(g)))))
		if !checked[name] {
			t.Errorf("%s has fix goldens but the harness checked no fix of %s", rel(g), name)
		}
	}
	if len(goldens) == 0 {
		t.Error("no golden files found: the harness looks in the wrong place")
	}
	for i, k := range knownFailures {
		if k.harness && !used[i] && !t.Failed() {
			t.Errorf("known failure %+v no longer fails: remove it from knownFailures", k)
		}
	}
}
