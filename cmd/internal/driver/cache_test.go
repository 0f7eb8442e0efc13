package driver

import (
	"bytes"
	"errors"
	"flag"
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"weak"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/config"
)

// reachesFact marks a function that calls the target function (mark),
// directly or through a function of another package with the fact.
type reachesFact struct{}

func (*reachesFact) AFact()         {}
func (*reachesFact) String() string { return "reaches" }

// reaches is a check with facts and a flag: it reports calls of functions
// of other packages that reach the target.
var reaches = func() *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:      "reaches",
		Doc:       "report calls of functions of other packages that reach mark\n\nA test analyzer with facts.",
		FactTypes: []analysis.Fact{new(reachesFact)},
	}
	target := a.Flags.String("name", "mark", "the function to look for")
	a.Run = func(pass *analysis.Pass) (any, error) {
		for changed := true; changed; {
			changed = false
			for _, f := range pass.Files {
				for _, d := range f.Decls {
					fd, ok := d.(*ast.FuncDecl)
					if !ok || fd.Body == nil {
						continue
					}
					fn := pass.TypesInfo.Defs[fd.Name].(*types.Func)
					if pass.ImportObjectFact(fn, new(reachesFact)) {
						continue
					}
					ast.Inspect(fd.Body, func(n ast.Node) bool {
						call, ok := n.(*ast.CallExpr)
						if !ok {
							return true
						}
						callee := typeutil.StaticCallee(pass.TypesInfo, call)
						if callee != nil && (callee.Name() == *target || pass.ImportObjectFact(callee, new(reachesFact))) {
							if !pass.ImportObjectFact(fn, new(reachesFact)) {
								pass.ExportObjectFact(fn, new(reachesFact))
								changed = true
							}
						}
						return true
					})
				}
			}
		}
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				callee := typeutil.StaticCallee(pass.TypesInfo, call)
				if callee != nil && callee.Pkg() != pass.Pkg && pass.ImportObjectFact(callee, new(reachesFact)) {
					pass.Reportf(call.Pos(), "call of %s.%s reaches %s", callee.Pkg().Name(), callee.Name(), *target)
				}
				return true
			})
		}
		return nil, nil
	}
	return a
}()

// rooted reads the configuration: it reports each package that is not a
// configured root, with a word its flag sets.
var rooted = func() *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:     "rooted",
		Doc:      "report packages that are not configured roots\n\nA test analyzer that reads the configuration.",
		Requires: []*analysis.Analyzer{config.Analyzer},
	}
	word := a.Flags.String("word", "not", "a word of the message")
	a.Run = func(pass *analysis.Pass) (any, error) {
		cfg := pass.ResultOf[config.Analyzer].(*config.Config)
		if !cfg.IsRootPackage(pass.Pkg.Path()) && len(pass.Files) > 0 {
			pass.Reportf(pass.Files[0].Package, "package %s is %s a configured root", pass.Pkg.Name(), *word)
		}
		return nil, nil
	}
	return a
}()

func cacheSuite() Suite {
	return Suite{Name: "testlint", Checks: []*analysis.Analyzer{reaches, rooted}, Passes: []*analysis.Analyzer{config.Analyzer}}
}

// run runs the cache suite in the current directory with a cache of its
// own and returns the exit code, the outputs and what the run did.
func runCached(t *testing.T, args ...string) (code int, stdout, stderr string, st runStats) {
	t.Helper()
	statsHook = func(s runStats) { st = s }
	defer func() { statsHook = nil }()
	// The analyzers' flags are global: put them back as they were.
	defer resetFlags(cacheSuite())
	var o, e bytes.Buffer
	code = Run(cacheSuite(), args, &o, &e)
	slices.Sort(st.Analyzed)
	return code, o.String(), e.String(), st
}

func resetFlags(s Suite) {
	for _, a := range s.All() {
		a.Flags.VisitAll(func(f *flag.Flag) { f.Value.Set(f.DefValue) })
	}
}

func cacheModule(t *testing.T) string {
	t.Helper()
	src, _ := filepath.Abs("testdata/cachemod")
	dir := copyModule(t, src)
	t.Setenv(cacheEnv, filepath.Join(t.TempDir(), "cache"))
	t.Setenv("GOWORK", "off")
	return dir
}

const (
	findingUse  = "use/use.go:8:2: call of dep.Helper reaches mark"
	findingLeaf = "leaf/leaf.go:7:14: call of use.Use reaches mark"
)

func TestCacheHits(t *testing.T) {
	cacheModule(t)
	code, out1, _, st := runCached(t, "-json", "./...")
	if code != exitOK || !slices.Equal(st.Analyzed, []string{"example.com/cachemod/dep", "example.com/cachemod/leaf", "example.com/cachemod/use"}) || st.Cached != 0 {
		t.Fatalf("fresh run: exit %d, %+v", code, st)
	}
	code, out2, _, st := runCached(t, "-json", "./...")
	if code != exitOK || len(st.Analyzed) != 0 || st.Cached != 3 {
		t.Errorf("re-run: exit %d, %+v; want everything from the cache", code, st)
	}
	if out1 != out2 {
		t.Errorf("the re-run's output differs:\n%s\nthen\n%s", out1, out2)
	}
	for _, want := range []string{"call of dep.Helper reaches mark", "call of use.Use reaches mark", "package dep is not a configured root"} {
		if !strings.Contains(out2, want) {
			t.Errorf("cached output lacks %q:\n%s", want, out2)
		}
	}
}

// TestCacheChangedFile: a changed file re-analyzes its package and the
// packages that import it, and nothing else.
func TestCacheChangedFile(t *testing.T) {
	dir := cacheModule(t)
	runCached(t, "./...")
	appendFile(t, filepath.Join(dir, "leaf", "leaf.go"), "\n// A new comment.\n")
	_, out, _, st := runCached(t, "./...")
	if !slices.Equal(st.Analyzed, []string{"example.com/cachemod/leaf"}) || st.Cached != 2 {
		t.Errorf("after editing leaf: %+v, want only leaf analyzed", st)
	}
	if !strings.Contains(out, findingLeaf) {
		t.Errorf("finding lost:\n%s", out)
	}
	appendFile(t, filepath.Join(dir, "use", "use.go"), "\n// A new comment.\n")
	_, _, _, st = runCached(t, "./...")
	if !slices.Equal(st.Analyzed, []string{"example.com/cachemod/leaf", "example.com/cachemod/use"}) {
		t.Errorf("after editing use: %+v, want use and its importer leaf analyzed", st)
	}
}

// TestCacheChangedFacts: when a dependency's facts change, its importers
// are analyzed again and see the new facts.
func TestCacheChangedFacts(t *testing.T) {
	dir := cacheModule(t)
	_, out, _, _ := runCached(t, "./...")
	if !strings.Contains(out, findingUse) || !strings.Contains(out, findingLeaf) {
		t.Fatalf("before:\n%s", out)
	}
	file := filepath.Join(dir, "dep", "dep.go")
	src, _ := os.ReadFile(file)
	os.WriteFile(file, bytes.Replace(src, []byte("func Helper() { mark() }"), []byte("func Helper() {}"), 1), 0o644)
	_, out, _, st := runCached(t, "./...")
	if len(st.Analyzed) != 3 {
		t.Errorf("after dep's facts changed: %+v, want all three analyzed", st)
	}
	if strings.Contains(out, "reaches mark") {
		t.Errorf("stale facts: dep.Helper no longer reaches mark, yet:\n%s", out)
	}
}

// TestCacheChangedConfig: a new or changed .ctxbound.json re-analyzes the
// packages it applies to, and their findings follow it.
func TestCacheChangedConfig(t *testing.T) {
	dir := cacheModule(t)
	_, out, _, _ := runCached(t, "./...")
	if !strings.Contains(out, "package use is not a configured root") {
		t.Fatalf("before:\n%s", out)
	}
	cfg := filepath.Join(dir, ".ctxbound.json")
	os.WriteFile(cfg, []byte(`{"roots": ["example.com/cachemod/use"]}`), 0o644)
	_, out, _, st := runCached(t, "./...")
	if len(st.Analyzed) != 3 || strings.Contains(out, "package use is not") || !strings.Contains(out, "package dep is not") {
		t.Errorf("with a config: %+v\n%s", st, out)
	}
	os.WriteFile(cfg, []byte(`{"roots": ["example.com/cachemod/dep"]}`), 0o644)
	_, out, _, st = runCached(t, "./...")
	if len(st.Analyzed) != 3 || !strings.Contains(out, "package use is not") || strings.Contains(out, "package dep is not") {
		t.Errorf("with a changed config: %+v\n%s", st, out)
	}
	// -config.file names another file: its content is in the key too.
	other := filepath.Join(t.TempDir(), "other.json")
	os.WriteFile(other, []byte(`{"roots": ["example.com/cachemod/..."]}`), 0o644)
	_, out, _, _ = runCached(t, "-config.file="+other, "./...")
	if strings.Contains(out, "configured root") {
		t.Errorf("-config.file: %s", out)
	}
	os.WriteFile(other, []byte(`{"roots": []}`), 0o644)
	_, out, _, _ = runCached(t, "-config.file="+other, "./...")
	if !strings.Contains(out, "package use is not") {
		t.Errorf("-config.file changed: %s", out)
	}
}

// TestCacheChangedFlag: a flag of a check without facts re-analyzes only
// the packages named; a flag of a fact pass, the dependencies too.
func TestCacheChangedFlag(t *testing.T) {
	cacheModule(t)
	runCached(t, "./use")
	_, out, _, st := runCached(t, "-rooted.word=never", "./use")
	if !slices.Equal(st.Analyzed, []string{"example.com/cachemod/use"}) || !strings.Contains(out, "package use is never a configured root") {
		t.Errorf("-rooted.word: %+v\n%s", st, out)
	}
	_, out, _, st = runCached(t, "-reaches.name=nothing", "./use")
	if len(st.Analyzed) != 2 || strings.Contains(out, "reaches") {
		t.Errorf("-reaches.name: %+v\n%s", st, out)
	}
	_, _, _, st = runCached(t, "./use")
	if len(st.Analyzed) != 0 {
		t.Errorf("back to the defaults: %+v, want everything from the cache", st)
	}
}

func TestCacheOff(t *testing.T) {
	cacheModule(t)
	dir := os.Getenv(cacheEnv)
	for _, args := range [][]string{{"-cache=off", "./..."}, {"-cache=off", "./..."}} {
		_, _, _, st := runCached(t, args...)
		if len(st.Analyzed) != 3 || st.Cached != 0 {
			t.Errorf("%q: %+v, want everything analyzed", args, st)
		}
	}
	t.Setenv(cacheEnv, "off")
	_, _, _, st := runCached(t, "./...")
	if len(st.Analyzed) != 3 {
		t.Errorf("%s=off: %+v", cacheEnv, st)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Errorf("the cache was created at %s although it is off", dir)
	}
	// -cache=DIR and CTXBOUND_CACHE=DIR use that directory.
	other := filepath.Join(t.TempDir(), "elsewhere")
	runCached(t, "-cache="+other, "./...")
	_, _, _, st = runCached(t, "-cache="+other, "./...")
	if st.Cached != 3 {
		t.Errorf("-cache=DIR: %+v", st)
	}
	if _, err := os.Stat(filepath.Join(other, "README")); err != nil {
		t.Errorf("-cache=DIR: %v", err)
	}
	t.Setenv(cacheEnv, other)
	if _, _, _, st = runCached(t, "./..."); st.Cached != 3 {
		t.Errorf("%s=DIR: %+v", cacheEnv, st)
	}
	t.Setenv(cacheEnv, "relative/dir")
	if code, _, stderr, _ := runCached(t, "./..."); code != exitUsage || !strings.Contains(stderr, "want an absolute directory") {
		t.Errorf("a relative %s: exit %d\n%s", cacheEnv, code, stderr)
	}
}

// TestNothingOutlivesAPackage: the syntax, type information and types of a
// package analyzed from source are garbage once it is done; only its facts
// and findings are kept.
func TestNothingOutlivesAPackage(t *testing.T) {
	cacheModule(t)
	var files []weak.Pointer[ast.File]
	var infos []weak.Pointer[types.Info]
	var pkgs []weak.Pointer[types.Package]
	analyzedHook = func(f []*ast.File, info *types.Info, pkg *types.Package) {
		for _, x := range f {
			files = append(files, weak.Make(x))
		}
		infos = append(infos, weak.Make(info))
		pkgs = append(pkgs, weak.Make(pkg))
	}
	defer func() { analyzedHook = nil }()
	// Look while the run is alive: after it analyzed every package, before
	// it writes its report.
	checked := false
	statsHook = func(runStats) {
		checked = true
		if len(files) != 3 || len(infos) != 3 {
			t.Errorf("%d files, %d infos seen, want 3", len(files), len(infos))
		}
		runtime.GC()
		runtime.GC()
		for i := range files {
			if files[i].Value() != nil {
				t.Errorf("file %d is still reachable after its package was analyzed", i)
			}
		}
		for i := range infos {
			if infos[i].Value() != nil || pkgs[i].Value() != nil {
				t.Errorf("the types of package %d are still reachable after it was analyzed", i)
			}
		}
	}
	defer func() { statsHook = nil }()
	var o, e bytes.Buffer
	if code := Run(cacheSuite(), []string{"-cache=off", "./..."}, &o, &e); code != exitFindings || !checked {
		t.Fatalf("exit %d\n%s", code, e.String())
	}
}

func appendFile(t *testing.T, file, text string) {
	t.Helper()
	f, err := os.OpenFile(file, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(text)
	f.Close()
}

// TestCacheCorruptEntry (issue 21, repro 3): an entry whose bytes changed
// on disk (same size: a flipped byte) is a miss, recomputed and rewritten:
// never an internal error, never lost findings, on this run or the next.
func TestCacheCorruptEntry(t *testing.T) {
	dir := cacheModule(t)
	code, out, stderr, _ := runCached(t, "./...")
	if code != exitFindings || !strings.Contains(out, findingUse) || !strings.Contains(out, findingLeaf) {
		t.Fatalf("fresh run: exit %d\n%s", code, out+stderr)
	}
	// Every facts entry of the cache (the findings entries stay good, so
	// that dep and use are taken from the cache and leaf reads their
	// facts).
	var flipped int
	filepath.WalkDir(os.Getenv(cacheEnv), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, "-d") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil || !bytes.Contains(data, []byte("gobFact")) {
			return err
		}
		data[len(data)/2] ^= 0xff
		flipped++
		return os.WriteFile(path, data, 0o644)
	})
	if flipped == 0 {
		t.Fatal("no cache entry to corrupt: the test looks in the wrong place")
	}
	// leaf is analyzed again and reads its imports' facts.
	appendFile(t, filepath.Join(dir, "leaf", "leaf.go"), "\n// an edit\n")
	for i := range 2 {
		code, out, stderr, st := runCached(t, "./...")
		if code != exitFindings || strings.Contains(stderr, "internal error") || !strings.Contains(out, findingUse) || !strings.Contains(out, findingLeaf) {
			t.Errorf("run %d after %d entries were corrupted: exit %d\n%s", i+1, flipped, code, out+stderr)
		}
		if i == 0 && len(st.Analyzed) != 3 {
			t.Errorf("run 1: %+v, want every package analyzed again (their facts were bad)", st)
		}
		if i == 1 && (len(st.Analyzed) != 0 || st.Cached != 3) {
			t.Errorf("run 2: %+v, want every entry rewritten by run 1 and read from the cache", st)
		}
	}
}

// TestFactsErrorPrinted (issue 21, item 2): a failure to read facts that
// a check's own recover (lintkit.Safe) catches prints the cause, not the
// address inside a struct.
func TestFactsErrorPrinted(t *testing.T) {
	run := lintkit.Safe(func(*analysis.Pass) (any, error) {
		panic(factsError{errors.New("facts of example.com/dep: cache entry not found: bad checksum")})
	})
	_, err := run(&analysis.Pass{Analyzer: reaches, Pkg: types.NewPackage("example.com/use", "use")})
	if err == nil {
		t.Fatal("no error")
	}
	first, _, _ := strings.Cut(err.Error(), "\n") // then the stack
	if !strings.Contains(first, "facts of example.com/dep: cache entry not found: bad checksum") || strings.Contains(first, "{0x") {
		t.Errorf("error = %s", first)
	}
}
