package driver

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"reflect"
	"runtime"
	"slices"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
	"honnef.co/go/tools/lintcmd/cache"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// directiveMark is in every file that holds a //ctxbound: directive or a
// look-alike of one (directives.hasDirective).
var directiveMark = []byte("ctxbound:")

// analyzedHook, when set (by tests), sees what each package analyzed from
// source was loaded as.
var analyzedHook func([]*ast.File, *types.Info, *types.Package)

// A runner analyzes the nodes of a graph.
type runner struct {
	cache *cache.DiskCache // nil: no cache
	salt  string           // cacheFormat and the tool's build

	selected  map[*analysis.Analyzer]bool // the analyzers whose findings are reported
	rootSet   []*analysis.Analyzer        // what runs on a root: the selected and what they require
	depSet    []*analysis.Analyzer        // what runs on a dependency: the fact passes
	rootsDesc string                      // rootSet with its flags, for the results key
	depsDesc  string                      // depSet with its flags, for the facts key
	filters   []lintkit.Prefilter         // of depSet's fact passes; nil: every dependency is analyzed
	checking  bool                        // CTXBOUND_PREFILTER=check

	// configFile returns the configuration file the analysis of a package
	// whose first file is the argument reads, or "". nil: none is read.
	configFile func(first string) string

	// fset holds the files of the packages being analyzed (removed when
	// done) and the positions of every package read from export data.
	fset *token.FileSet
	// shared is the types of every package that is not tainted, read from
	// export data once, when the package is done and before any importer
	// runs, so that each is complete before anyone sees it (an importer
	// then never adds to a package another goroutine reads).
	sharedMu sync.Mutex
	shared   map[string]*types.Package

	hashMu sync.Mutex
	hashes map[string][32]byte // file hashes of this run (a file shared by test variants is read once)

	mu         sync.Mutex
	loadErrors []string        // load, parse and type errors, each once
	seenErr    map[string]bool // of loadErrors
	errs       []analysisError // analyzer failures
	stats      runStats
}

// An analysisError is the failure of one analyzer on one package.
type analysisError struct {
	Analyzer string
	PkgID    string
	Err      string
}

// runStats says what a run did, for -v and the tests.
type runStats struct {
	Packages int      // nodes of the graph
	Analyzed []string // IDs of the packages parsed, type-checked and analyzed
	Filtered []string // IDs of the dependencies parsed only: no fact pass exports a fact for them
	Cached   int      // packages whose facts (and findings) came from the cache
	Skipped  int      // packages not analyzed because a dependency failed
}

func newRunner(selected []*analysis.Analyzer, c *cache.DiskCache, tool string) *runner {
	r := &runner{cache: c, salt: cacheFormat + "\n" + tool + "\n" + platform(), selected: map[*analysis.Analyzer]bool{}, seenErr: map[string]bool{}, hashes: map[string][32]byte{},
		fset: token.NewFileSet(), shared: map[string]*types.Package{}}
	for _, a := range selected {
		r.selected[a] = true
	}
	r.rootSet = requiredClosure(selected)
	r.depSet = factAnalyzers(selected)
	r.rootsDesc = analyzersDesc(r.rootSet, r.selected)
	r.depsDesc = analyzersDesc(r.depSet, nil)
	registerFacts(r.rootSet)
	return r
}

func (r *runner) addLoadError(msg string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.seenErr[msg] {
		r.seenErr[msg] = true
		r.loadErrors = append(r.loadErrors, msg)
	}
}

func (r *runner) addAnalysisError(a *analysis.Analyzer, n *node, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, analysisError{a.Name, n.pkg.ID, err.Error()})
}

// do runs one node: its keys, then the cache, then the analysis; then,
// for its importers, it reads its export data into the shared view.
func (r *runner) do(n *node) {
	r.run(n)
	if n.failed || n.tainted || len(n.dependents) == 0 || n.pkg.PkgPath == "unsafe" {
		return
	}
	r.sharedMu.Lock()
	defer r.sharedMu.Unlock()
	if _, err := readExport(r.fset, r.shared, n.pkg); err != nil {
		r.addLoadError(fmt.Sprintf("%s: %v", n.pkg.ID, err))
		n.failed = true
	}
}

func (r *runner) run(n *node) {
	defer func() { n.content = nil }()
	for _, d := range n.imports {
		if d.failed {
			n.failed = true
			r.mu.Lock()
			r.stats.Skipped++
			r.mu.Unlock()
			return
		}
	}
	p := n.pkg
	if len(p.Errors) > 0 {
		for _, e := range p.Errors {
			r.addLoadError(e.Error())
		}
		n.failed = true
		return
	}
	var err error
	if n.srcKey, err = r.sourceKey(n); err != nil {
		r.addLoadError(fmt.Sprintf("%s: %v", p.ID, err))
		n.failed = true
		return
	}
	set := r.depSet
	if n.root {
		set = r.rootSet
	}
	if len(p.CompiledGoFiles) == 0 || len(set) == 0 {
		// Nothing to analyze: unsafe, a dependency when no check uses
		// facts. Its importers read its export data.
		n.factsHash = emptyFactsHash
		n.factsBlob = []byte{}
		n.closure = r.closureHash(n)
		return
	}
	if n.factsKey, err = r.factsKey(n); err != nil {
		r.addLoadError(fmt.Sprintf("%s: %v", p.ID, err))
		n.failed = true
		return
	}
	resultsKey := r.resultsKey(n)
	if r.cache != nil && r.fromCache(n, resultsKey) {
		n.closure = r.closureHash(n)
		r.mu.Lock()
		r.stats.Cached++
		r.mu.Unlock()
		return
	}
	r.analyze(n, set, resultsKey)
	if !n.failed {
		n.closure = r.closureHash(n)
	}
}

// fromCache takes n's facts and, for a root, findings from the cache.
// Every entry is verified before it is used: its bytes must hash to the
// name the cache gave them when they were written (cache.GetBytes), and
// findings must decode. An entry that fails (a bit flipped on disk, a file
// cut short) is a miss: the package is analyzed again and the entry
// rewritten, never an error of the run or of the importers that read the
// facts later.
func (r *runner) fromCache(n *node, resultsKey cache.ActionID) bool {
	facts, entry, err := cache.GetBytes(r.cache, n.factsKey)
	if err != nil {
		return false
	}
	if n.root {
		data, err := readCacheFile(r.cache, resultsKey)
		if err != nil {
			return false
		}
		fs, err := decodeFindings(data)
		if err != nil {
			return false
		}
		n.findings = fs
	}
	n.factsHash = entry.OutputID
	n.factsBlob = facts
	return true
}

// fileHash returns the SHA-256 of file's content, read once per run.
func (r *runner) fileHash(file string) ([32]byte, error) {
	sum, _, err := r.fileContent(file)
	return sum, err
}

// fileContent is fileHash, with the content when this call read it (nil
// when an earlier one did).
func (r *runner) fileContent(file string) ([32]byte, []byte, error) {
	r.hashMu.Lock()
	sum, ok := r.hashes[file]
	r.hashMu.Unlock()
	if ok {
		return sum, nil, nil
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return sum, nil, err
	}
	sum = sha256Sum(data)
	r.hashMu.Lock()
	r.hashes[file] = sum
	r.hashMu.Unlock()
	return sum, data, nil
}

// sourceKey hashes n's identity, files and its imports' source keys.
func (r *runner) sourceKey(n *node) (cache.ActionID, error) {
	p := n.pkg
	h := cache.NewHash("source " + p.ID)
	fmt.Fprintf(h, "%s\nid %q path %q name %q\n", r.salt, p.ID, p.PkgPath, p.Name)
	if m := p.Module; m != nil {
		fmt.Fprintf(h, "module %q %q %q\n", m.Path, m.Version, m.GoVersion)
	}
	if p.TypesSizes != nil {
		fmt.Fprintf(h, "sizes %d %d\n", p.TypesSizes.Sizeof(types.Typ[types.Int]), p.TypesSizes.Alignof(types.Typ[types.Int64]))
	}
	for g, group := range [][]string{p.CompiledGoFiles, p.OtherFiles, p.IgnoredFiles} {
		fmt.Fprintf(h, "files %d\n", len(group))
		for _, f := range group {
			sum, data, err := r.fileContent(f)
			if err != nil {
				return cache.ActionID{}, err
			}
			if g == 0 && data != nil {
				if n.content == nil {
					n.content = map[string][]byte{}
				}
				n.content[f] = data // read once: parsed from this if analyzed
			}
			fmt.Fprintf(h, "%q %x\n", f, sum)
		}
	}
	for i, d := range n.imports {
		fmt.Fprintf(h, "import %q %x\n", n.importPath[i], d.srcKey)
	}
	return h.Sum(), nil
}

// factsKey hashes what n's facts depend on.
func (r *runner) factsKey(n *node) (cache.ActionID, error) {
	h := cache.NewHash("facts " + n.pkg.ID)
	fmt.Fprintf(h, "%s\nsource %x\nanalyzers\n%s\n", r.salt, n.srcKey, r.depsDesc)
	if r.configFile != nil {
		file := r.configFile(firstFile(n.pkg))
		if file == "" {
			fmt.Fprintf(h, "config none\n")
		} else {
			sum, err := r.fileHash(file)
			if err != nil {
				return cache.ActionID{}, fmt.Errorf("configuration: %v", err)
			}
			fmt.Fprintf(h, "config %q %x\n", file, sum)
		}
	}
	for i, d := range n.imports {
		fmt.Fprintf(h, "import facts %q %x\n", n.importPath[i], d.closure)
	}
	return h.Sum(), nil
}

func (r *runner) resultsKey(n *node) cache.ActionID {
	h := cache.NewHash("results " + n.pkg.ID)
	fmt.Fprintf(h, "facts %x\nanalyzers\n%s\n", n.factsKey, r.rootsDesc)
	return h.Sum()
}

// closureHash hashes n's facts with those of its imports, transitively.
func (r *runner) closureHash(n *node) [32]byte {
	h := cache.NewHash("closure")
	fmt.Fprintf(h, "%x\n", n.factsHash)
	for _, d := range n.imports {
		fmt.Fprintf(h, "%x\n", d.closure)
	}
	return h.Sum()
}

// analyze loads n from source, runs set on it and records its facts and
// findings; on success it writes them to the cache.
func (r *runner) analyze(n *node, set []*analysis.Analyzer, resultsKey cache.ActionID) {
	p := n.pkg
	fset := r.fset
	files := make([]*ast.File, 0, len(p.CompiledGoFiles))
	defer func() {
		for _, f := range files {
			fset.RemoveFile(fset.File(f.FileStart))
		}
	}()
	parseFailed := false
	for _, name := range p.CompiledGoFiles {
		// A dependency's comments are read only for directives (no fact
		// pass reads another comment): a file that cannot hold one is
		// parsed without them. Every check reads a root's.
		src := n.content[name]
		if src == nil {
			var err error
			if src, err = os.ReadFile(name); err != nil {
				parseFailed = true
				r.addLoadError(err.Error())
				continue
			}
		}
		mode := parser.AllErrors | parser.SkipObjectResolution
		if n.root || bytes.Contains(src, directiveMark) {
			mode |= parser.ParseComments
		}
		f, err := parser.ParseFile(fset, name, src, mode)
		if err != nil {
			parseFailed = true
			var list scanner.ErrorList
			if errors.As(err, &list) {
				for _, e := range list {
					r.addLoadError(e.Error())
				}
			} else {
				r.addLoadError(err.Error())
			}
			continue
		}
		files = append(files, f)
	}
	if parseFailed {
		n.failed = true
		return
	}
	closure := n.transitive() // computed once: the prefilters and the facts read it
	filtered := !n.root && r.filters != nil && !r.mayExport(n, closure, &lintkit.Unit{Files: files})
	skip := filtered && !r.checking // in check mode a filtered package is analyzed, its facts checked
	r.mu.Lock()
	if skip {
		r.stats.Filtered = append(r.stats.Filtered, p.ID)
	} else {
		r.stats.Analyzed = append(r.stats.Analyzed, p.ID)
	}
	r.mu.Unlock()
	if skip {
		n.factsBlob = []byte{}
		n.factsHash = emptyFactsHash
		if r.cache != nil {
			_ = cache.PutBytes(r.cache, n.factsKey, nil)
		}
		return
	}

	// Imports come from export data: the shared view, or for a tainted
	// package a view of its own, with the shared packages that are not
	// test variants, which lives as long as its analysis.
	universe := r.shared
	if n.tainted {
		universe = map[string]*types.Package{}
		r.sharedMu.Lock()
		for path, d := range closure {
			if !d.tainted && r.shared[path] != nil {
				universe[path] = r.shared[path]
			}
		}
		r.sharedMu.Unlock()
	}
	importer := importerFunc(func(path string) (*types.Package, error) {
		if path == "unsafe" {
			return types.Unsafe, nil
		}
		dep := p.Imports[path]
		if dep == nil {
			return nil, fmt.Errorf("no metadata for %s", path)
		}
		if !n.tainted {
			r.sharedMu.Lock()
			defer r.sharedMu.Unlock()
		}
		if tp := universe[dep.PkgPath]; tp != nil && tp.Complete() {
			return tp, nil
		}
		return readExport(fset, universe, dep)
	})
	// Maps sized from the source, so that they do not grow by rehashing
	// (a tenth of the type-check otherwise): measured on etcd and its
	// dependencies, one typed expression per 15 bytes of Go, one use per
	// 26, one definition per 114, one scope per 155, one selection per 164.
	size := 0
	for _, f := range files {
		size += int(f.FileEnd - f.FileStart)
	}
	info := &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue, size/14),
		Defs:         make(map[*ast.Ident]types.Object, size/100),
		Uses:         make(map[*ast.Ident]types.Object, size/24),
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Scopes:       make(map[ast.Node]*types.Scope, size/150),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection, size/150),
		FileVersions: make(map[*ast.File]string, len(files)),
	}
	sizes := p.TypesSizes
	if sizes == nil {
		sizes = types.SizesFor("gc", runtime.GOARCH)
	}
	var typeErrs []types.Error
	tc := &types.Config{
		Importer: importer,
		Sizes:    sizes,
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				typeErrs = append(typeErrs, te)
			} else {
				typeErrs = append(typeErrs, types.Error{Fset: fset, Msg: err.Error()})
			}
		},
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		tc.GoVersion = "go" + p.Module.GoVersion
	}
	tpkg := types.NewPackage(p.PkgPath, p.Name)
	err := types.NewChecker(tc, fset, tpkg, info).Files(files)
	if len(typeErrs) > 0 || err != nil {
		for _, e := range typeErrs {
			r.addLoadError(packages.Error{Pos: fset.Position(e.Pos).String(), Msg: e.Msg, Kind: packages.TypeError}.Error())
		}
		if len(typeErrs) == 0 {
			r.addLoadError(fmt.Sprintf("%s: %v", p.ID, err))
		}
		n.failed = true
		return
	}

	if analyzedHook != nil {
		analyzedHook(files, info, tpkg)
	}
	ft := &factTable{
		objs:    map[objFactKey]analysis.Fact{},
		pkgs:    map[pkgFactKey]analysis.Fact{},
		ownObjs: map[objFactKey]analysis.Fact{},
		ownPkgs: map[pkgFactKey]analysis.Fact{},
	}
	ft.load = func() error {
		if !n.tainted {
			r.sharedMu.Lock()
			defer r.sharedMu.Unlock()
		}
		return ft.resolveClosure(closure, universe)
	}
	var module *analysis.Module
	if m := p.Module; m != nil {
		module = &analysis.Module{Path: m.Path, Version: m.Version, GoVersion: m.GoVersion}
	}
	results := map[*analysis.Analyzer]any{}
	failed := map[*analysis.Analyzer]bool{}
	var findings []Finding
	var decls *declIndex // made at the first finding
	for _, a := range set {
		if slices.ContainsFunc(a.Requires, func(x *analysis.Analyzer) bool { return failed[x] }) {
			failed[a] = true // its prerequisite's error is the one to show
			continue
		}
		pass := r.newPass(a, n, fset, files, tpkg, info, sizes, module, results, ft)
		var diags []analysis.Diagnostic
		pass.Report = func(d analysis.Diagnostic) { diags = append(diags, d) }
		res, err := runAnalyzer(a, pass)
		if err == nil && a.ResultType != nil && res != nil && reflect.TypeOf(res) != a.ResultType {
			err = fmt.Errorf("internal error: on package %s, analyzer %s returned a result of type %v, but declared ResultType %v", p.PkgPath, a.Name, reflect.TypeOf(res), a.ResultType)
		}
		if err == nil {
			err = validateDiagnostics(fset, files, diags)
		}
		if err != nil {
			failed[a] = true
			r.addAnalysisError(a, n, err)
			continue
		}
		results[a] = res
		if n.root && r.selected[a] {
			for _, d := range diags {
				if decls == nil {
					decls = newDeclIndex(fset, files)
				}
				findings = append(findings, serialize(a, p.ID, p.PkgPath, fset, decls, d))
			}
		}
	}
	n.findings = findings
	for a := range failed {
		if len(a.FactTypes) > 0 {
			n.failed = true // importers would miss its facts
		}
	}
	if n.failed {
		return
	}
	own := ft.own()
	if filtered && len(own) > 0 {
		r.addLoadError(prefilterError(p.ID, own))
		n.failed = true
		return
	}
	blob, err := encodeFacts(own)
	if err != nil {
		r.addLoadError(fmt.Sprintf("%s: %v", p.ID, err))
		n.failed = true
		return
	}
	n.factsBlob = blob
	n.factsHash = sha256Sum(blob)
	if len(failed) > 0 || r.cache == nil {
		return // a failed package is analyzed again next time, its error shown again
	}
	// Errors writing the cache only cost the next run time.
	_ = cache.PutBytes(r.cache, n.factsKey, blob)
	if n.root {
		if data, err := encodeFindings(findings); err == nil {
			_ = cache.PutBytes(r.cache, resultsKey, data)
		}
	}
}

// readExport reads the export data of dep into universe.
func readExport(fset *token.FileSet, universe map[string]*types.Package, dep *packages.Package) (*types.Package, error) {
	if dep.ExportFile == "" {
		return nil, fmt.Errorf("no export data for %s", dep.ID)
	}
	f, err := os.Open(dep.ExportFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// go list -export names compiler-produced archives with Go 1.26, which
	// Read alone cannot read; go/packages does the same.
	//lint:ignore SA1019 NewReader reads both the archives and cmd/export files.
	rd, err := gcexportdata.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %v", dep.ExportFile, err)
	}
	return gcexportdata.Read(rd, fset, universe, dep.PkgPath)
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
