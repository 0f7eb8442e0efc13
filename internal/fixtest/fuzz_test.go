package fixtest_test

// FuzzMutations mutates the sources of real packages (every package of the
// analyzers' and passes' testdata, of the fixtures and runctx) in the ways the
// checks care about, runs the whole suite on the result, and asserts:
//
//   - no analysis error: a check that panics reports "internal error";
//   - no finding in a generated file;
//   - every position (of a finding, its end, related information and fix
//     edits) inside one file of the package, end not before start;
//   - every suggested fix, alone and together as in the harness, applied
//     byte-exactly, type-checks and keeps the byte order mark, CRLF line
//     endings and the CR bytes of the file.
//
// The input is a seed file (the module-relative path of a Go file; another
// string picks a file by hash) and a byte string of mutations (see
// mutations). The seed corpus, which make test runs, is one input per seed
// file and mutation, and the inputs under testdata/fuzz. A longer run:
//
//	nice go test ./internal/fixtest -run '^$' -fuzz FuzzMutations -fuzztime 30m
//
// (docs/reliability.md).

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"hash/fnv"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxbound/ctxbound/analyzers"
	"github.com/ctxbound/ctxbound/internal/fixtest"
)

// A seed is one Go file of a tree: the fuzz input that names it is its
// module-relative path.
type seed struct {
	rel  string
	file string // absolute path
	tree tree
}

var (
	seedsOnce sync.Once
	seedList  []seed
)

// seeds lists the Go files of every tree, without loading them: the fuzz
// coordinator only names them, and a worker loads a tree when an input
// needs it.
func seeds(t testing.TB) []seed {
	seedsOnce.Do(func() {
		root, err := filepath.Abs(filepath.Join("..", ".."))
		if err != nil {
			t.Fatal(err)
		}
		for _, tr := range trees(t, root) {
			top := filepath.Join(tr.dir, tr.sub)
			err := filepath.WalkDir(top, func(path string, d os.DirEntry, err error) error {
				if err != nil {
					return err
				}
				if d.IsDir() && path != top && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" && !tr.gopath) {
					return filepath.SkipDir
				}
				if !d.IsDir() && strings.HasSuffix(path, ".go") {
					rel, _ := filepath.Rel(root, path)
					seedList = append(seedList, seed{rel: filepath.ToSlash(rel), file: path, tree: tr})
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	})
	if len(seedList) == 0 {
		t.Fatal("no seed files")
	}
	return seedList
}

// pkg loads the seed's tree (once per process) and returns the package
// the file belongs to, a test variant only for a test file, and the load.
func (s seed) pkg(t testing.TB) (*packages.Package, []*packages.Package) {
	pkgs := load(t, s.tree)
	var found *packages.Package
	for _, p := range pkgs {
		if strings.HasSuffix(p.ID, ".test") {
			continue
		}
		for _, f := range p.Syntax {
			if p.Fset.File(f.FileStart).Name() == s.file && (found == nil || !strings.Contains(p.ID, " [")) {
				found = p
			}
		}
	}
	if found == nil {
		t.Skipf("%s is in no package of the load (build constraints)", s.rel)
	}
	return found, pkgs
}

func findSeed(list []seed, name string) seed {
	for _, s := range list {
		if s.rel == name {
			return s
		}
	}
	h := fnv.New32a()
	h.Write([]byte(name))
	return list[int(h.Sum32()%uint32(len(list)))]
}

func FuzzMutations(f *testing.F) {
	if testing.Short() {
		f.Skip("loads every testdata tree and the fixtures")
	}
	list := seeds(f)
	// One input per seed file with no mutation; three per file of the
	// packages with fixes and of the fixtures, of two mutations each, in
	// turn, so that the corpus runs every mutation on many files.
	n := 0
	for i, s := range list {
		f.Add(s.rel, []byte{})
		if !strings.Contains(s.rel, "/fixes/") && !strings.Contains(s.rel, "/basic/") && !strings.HasPrefix(s.rel, "fixtures/") && !strings.HasPrefix(s.rel, "runctx/") {
			continue
		}
		for range 3 {
			a, b := byte(n%len(mutations)), byte((n*5+3)%len(mutations))
			f.Add(s.rel, []byte{a, byte(i), byte(n), byte(n * 7), b, byte(n * 3), byte(i), byte(n)})
			n++
		}
	}
	// A fuzz worker panics on a call that takes over 10 seconds, which the
	// first load of a tree can: a worker loads every tree first. The
	// coordinator and a plain go test load a tree when an input needs it.
	if fl := flag.Lookup("test.fuzzworker"); fl != nil && fl.Value.String() == "true" {
		keepAll = true
		for _, s := range list {
			load(f, s.tree)
		}
	}
	f.Fuzz(func(t *testing.T, name string, ops []byte) {
		if len(ops) > 64 {
			ops = ops[:64] // long programs say no more and cost more
		}
		for _, fl := range mutate(t, findSeed(list, name), ops) {
			if i := known(fl); i >= 0 {
				t.Logf("KNOWN FAILURE (%s): %s", knownFailures[i].owner, fl.msg)
				continue
			}
			t.Error(fl.msg)
		}
	})
}

// mutate mutates the seed file by ops, runs the suite on its package and
// returns what broke.
func mutate(t *testing.T, s seed, ops []byte) []failure {
	pkg, roots := s.pkg(t)
	imp := fixtest.GraphImporter(pkg, roots)
	m, ok := newMutator(pkg, s.file, imp)
	if !ok {
		t.Skipf("%s does not type-check on its own", s.rel)
	}
	done := m.mutate(ops)
	label := fmt.Sprintf("%s after %q", s.rel, done)

	// The mutated package, on disk (ReadFile, fixes and configuration look
	// there), parsed into the file set of the load so that positions in
	// facts of its dependencies stay meaningful.
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module fuzz\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if cfg, err := os.ReadFile(filepath.Join(filepath.Dir(s.file), ".ctxbound.json")); err == nil {
		if err := os.WriteFile(filepath.Join(dir, ".ctxbound.json"), cfg, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var names []string
	for _, f := range pkg.Syntax {
		name := pkg.Fset.File(f.FileStart).Name()
		src := m.others[name]
		if name == s.file {
			src = m.src
		}
		// Files of a test variant may share a base name with a
		// generated one elsewhere: keep them apart by index.
		out := filepath.Join(dir, fmt.Sprintf("%02d_%s", len(names), filepath.Base(name)))
		if err := os.WriteFile(out, src, 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, out)
	}
	mp, err := typeCheck(pkg, names, imp)
	if err != nil {
		t.Fatalf("%s: the mutated package type-checked in the mutator but not here: %v", label, err)
	}
	g, err := checker.Analyze(analyzers.Checks(), []*packages.Package{mp}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var fails []failure
	fail := func(kind, analyzer string, together bool, format string, args ...any) {
		fails = append(fails, failure{kind: kind, analyzer: analyzer, file: s.rel, together: together, msg: label + ": " + fmt.Sprintf(format, args...)})
	}
	for act := range g.All() {
		if act.Err != nil {
			fail("error", act.Analyzer.Name, false, "%s on %s: %v", act.Analyzer.Name, act.Package.ID, act.Err)
		}
	}
	own := map[*token.File]*ast.File{}
	for _, f := range mp.Syntax {
		own[mp.Fset.File(f.FileStart)] = f
	}
	inFile := func(pos, end token.Pos) error {
		tf := mp.Fset.File(pos)
		switch {
		case !pos.IsValid() || tf == nil:
			return fmt.Errorf("invalid position %d", pos)
		case own[tf] == nil:
			return fmt.Errorf("position in %s, not a file of the package", tf.Name())
		case end.IsValid() && (end < pos || int(end) > tf.Base()+tf.Size()):
			return fmt.Errorf("end %d outside %s [%d, %d] or before the start %d", end, tf.Name(), tf.Base(), tf.Base()+tf.Size(), pos)
		}
		return nil
	}
	for _, act := range g.Roots {
		for _, d := range act.Diagnostics {
			at := fmt.Sprintf("%s finding %q", act.Analyzer.Name, d.Message)
			if err := inFile(d.Pos, d.End); err != nil {
				fail("position", act.Analyzer.Name, false, "%s: %v", at, err)
				continue
			}
			if f := own[mp.Fset.File(d.Pos)]; ast.IsGenerated(f) {
				fail("generated", act.Analyzer.Name, false, "%s in generated file %s", at, filepath.Base(mp.Fset.File(d.Pos).Name()))
			}
			for _, r := range d.Related {
				if r.Pos.IsValid() && mp.Fset.File(r.Pos) != nil && own[mp.Fset.File(r.Pos)] == nil {
					continue // a related position in a dependency
				}
				if err := inFile(r.Pos, r.End); err != nil {
					fail("position", act.Analyzer.Name, false, "%s, related %q: %v", at, r.Message, err)
				}
			}
			for _, sf := range d.SuggestedFixes {
				for _, e := range sf.TextEdits {
					if err := inFile(e.Pos, e.End); err != nil {
						fail("position", act.Analyzer.Name, false, "%s, fix %q: %v", at, sf.Message, err)
					}
				}
			}
		}
	}
	if len(fails) > 0 {
		return fails
	}
	cs := cases(fixtest.Collect(g), func(name string) string { return filepath.Base(name) })
	for _, c := range cs {
		errs, _ := c.run(imp)
		if len(errs) > 0 {
			fail("fix", c.fixes[0].Analyzer, len(c.fixes) > 1, "%s does not compile:\n\t%s", c.what, strings.Join(errs, "\n\t"))
		}
		if err := c.endings(); err != nil {
			fail("fix", c.fixes[0].Analyzer, len(c.fixes) > 1, "%s: %v", c.what, err)
		}
	}
	return fails
}

// typeCheck builds a packages.Package of the files, type-checked against
// the dependencies of pkg.
func typeCheck(pkg *packages.Package, names []string, imp fixtest.Importer) (*packages.Package, error) {
	mp := &packages.Package{
		ID: pkg.ID + " (mutated)", Name: pkg.Name, PkgPath: pkg.PkgPath,
		GoFiles: names, CompiledGoFiles: names,
		Fset: pkg.Fset, Imports: pkg.Imports, Module: pkg.Module, TypesSizes: pkg.TypesSizes,
	}
	m := &mutator{pkg: pkg, imp: imp}
	var files []*ast.File
	for _, name := range names {
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		f, err := parseInto(pkg.Fset, name, src)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	info := newInfo()
	var errs []error
	conf := m.conf(func(err error) { errs = append(errs, err) })
	tpkg, _ := conf.Check(pkg.PkgPath, pkg.Fset, files, info)
	if len(errs) > 0 {
		return nil, errs[0]
	}
	mp.Syntax, mp.Types, mp.TypesInfo = files, tpkg, info
	return mp, nil
}

// endings checks the line endings and byte order mark of every file the
// case's fixes edit.
func (c fixCase) endings() error {
	var edits []fixtest.Edit
	for _, f := range c.fixes {
		es, err := fixtest.Resolve(f.Pkg.Fset, f.Fix)
		if err != nil {
			return err
		}
		edits, _ = fixtest.Merge(edits, es)
	}
	files, err := fixtest.ApplyAll(edits, os.ReadFile)
	if err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		orig, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		if err := fixtest.Endings(orig, files[name]); err != nil {
			return fmt.Errorf("%s: %v", filepath.Base(name), err)
		}
	}
	return nil
}

// readCorpus reads an input of the fuzz corpus: the seed file's name and
// the mutations.
func readCorpus(t *testing.T, name string) (string, []byte) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "fuzz", "FuzzMutations", name))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 3 || lines[0] != "go test fuzz v1" {
		t.Fatalf("%s: not a go test fuzz v1 input of two values", name)
	}
	var vals []string
	for _, l := range lines[1:] {
		e, err := parser.ParseExpr(l)
		call, ok := e.(*ast.CallExpr)
		if err != nil || !ok || len(call.Args) != 1 {
			t.Fatalf("%s: bad value %s", name, l)
		}
		lit, ok := call.Args[0].(*ast.BasicLit)
		if !ok {
			t.Fatalf("%s: bad value %s", name, l)
		}
		v, err := strconv.Unquote(lit.Value)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		vals = append(vals, v)
	}
	return vals[0], []byte(vals[1])
}

// TestKnownFuzzFailures: every known failure the fuzz target found still
// fails on its corpus input, so that the table cannot hide a class that
// is fixed (remove the entry and its input then) or that moved.
func TestKnownFuzzFailures(t *testing.T) {
	if testing.Short() {
		t.Skip("loads testdata trees")
	}
	list := seeds(t)
	for _, k := range knownFailures {
		if k.corpus == "" {
			continue
		}
		t.Run(k.corpus, func(t *testing.T) {
			name, ops := readCorpus(t, k.corpus)
			s := findSeed(list, name)
			if s.rel != name {
				t.Fatalf("%s names %s, which is no seed file", k.corpus, name)
			}
			for _, f := range mutate(t, s, ops) {
				if i := known(f); i >= 0 && knownFailures[i].corpus == k.corpus {
					t.Logf("still fails, as known (%s): %s", k.owner, f.msg)
					return
				}
			}
			t.Errorf("known failure %q (%s) no longer fails on its input: remove the entry and testdata/fuzz/FuzzMutations/%s", k.corpus, k.owner, k.corpus)
		})
	}
}
