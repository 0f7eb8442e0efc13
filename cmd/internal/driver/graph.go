package driver

// The package graph and its bottom-up execution.
//
// go list (through go/packages) names every package of the run, its test
// variants and dependencies, with compiler export data for each: no syntax
// and no types are loaded here. Each package is then a node, run once its
// imports are done, by a pool of GOMAXPROCS workers: its keys are computed
// from its sources, configuration, the checks' flags and its imports'
// keys and facts; what the cache has is taken from it; otherwise the
// package is parsed and type-checked from source against its imports'
// export data, the analyzers run, and all but its facts and its serialized
// findings is dropped. Memory is thus bounded by the packages in flight,
// not by the size of the graph.

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
	"honnef.co/go/tools/lintcmd/cache"
)

// A node is one package of the graph: a package the patterns name (a
// root), one of its test variants, or a dependency.
type node struct {
	pkg        *packages.Package
	imports    []*node // by import path
	importPath []string
	dependents []*node
	root       bool
	pending    atomic.Int32
	// tainted is a test variant, a test main, or a package that imports
	// one: its imports' paths may name test variants, so it reads their
	// export data into a view of its own.
	tainted bool

	// Set by the worker that ran the node, before its dependents run.
	failed    bool              // not analyzed: it or a dependency failed
	srcKey    cache.ActionID    // sources and the imports' srcKeys
	factsKey  cache.ActionID    // srcKey, config, the fact passes and their flags, the imports' facts
	factsHash [32]byte          // sha256 of the encoded facts
	closure   [32]byte          // factsHash of this node and, transitively, of its imports
	content   map[string][]byte // the files' bytes as sourceKey read them, until n is run
	factsBlob []byte            // the encoded facts (computed, or read and verified from the cache)
	findings  []Finding
	factsOnce sync.Once
	facts     *factSet // decoded on first use by a dependent
	factsErr  error
}

func (n *node) String() string { return n.pkg.ID }

// A graph is every node of a run.
type graph struct {
	roots []*node
	all   []*node // in a bottom-up order
}

// loadMode is what go list reports: names, files, imports and export data;
// no syntax, no types.
const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedDeps | packages.NeedExportFile |
	packages.NeedTypesSizes | packages.NeedModule | packages.NeedEmbedFiles

// loadGraph lists the packages of patterns.
func loadGraph(patterns []string, tests bool, buildFlags []string) (*graph, error) {
	var pkgs []*packages.Package
	err := interruptible(func(ctx context.Context) error {
		cfg := &packages.Config{Context: ctx, Mode: loadMode, Tests: tests, BuildFlags: buildFlags}
		var err error
		pkgs, err = packages.Load(cfg, patterns...)
		return err
	})
	if err != nil {
		return nil, err
	}
	if len(pkgs) == 0 {
		// go/packages hides a failure of go list -export (the build it
		// entails: go cannot create its work directory, say) behind an
		// empty result. Ask go list again, and show its own error.
		if err := goListError(patterns, tests, buildFlags); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	g := &graph{}
	nodes := map[*packages.Package]*node{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		n := &node{pkg: p}
		paths := make([]string, 0, len(p.Imports))
		for path := range p.Imports {
			paths = append(paths, path)
		}
		slices.Sort(paths)
		for _, path := range paths {
			dep := nodes[p.Imports[path]]
			n.imports = append(n.imports, dep)
			n.importPath = append(n.importPath, path)
			dep.dependents = append(dep.dependents, n)
		}
		n.pending.Store(int32(len(n.imports)))
		n.tainted = strings.Contains(p.ID, " [") || strings.HasSuffix(p.ID, ".test") ||
			slices.ContainsFunc(n.imports, func(d *node) bool { return d.tainted })
		nodes[p] = n
		g.all = append(g.all, n)
	})
	for _, p := range pkgs {
		n := nodes[p]
		n.root = true
		g.roots = append(g.roots, n)
	}
	return g, nil
}

// run executes every node, bottom-up, with one worker per CPU; do is
// called for a node once all its imports are done.
func (g *graph) run(do func(*node)) {
	workers := runtime.GOMAXPROCS(0)
	ready := make(chan *node, len(g.all))
	for _, n := range g.all {
		if n.pending.Load() == 0 {
			ready <- n
		}
	}
	var left atomic.Int64
	left.Store(int64(len(g.all)))
	if len(g.all) == 0 {
		return
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for n := range ready {
				do(n)
				for _, d := range n.dependents {
					if d.pending.Add(-1) == 0 {
						ready <- d
					}
				}
				if left.Add(-1) == 0 {
					close(ready)
				}
			}
		})
	}
	wg.Wait()
}

// transitive returns the transitive imports of n, keyed by package path:
// the packages whose facts n's analysis may import.
func (n *node) transitive() map[string]*node {
	m := map[string]*node{}
	var visit func(*node)
	visit = func(x *node) {
		for _, d := range x.imports {
			if _, ok := m[d.pkg.PkgPath]; !ok {
				m[d.pkg.PkgPath] = d
				visit(d)
			}
		}
	}
	visit(n)
	return m
}

// requiredClosure returns the analyzers and everything they require, in an
// order where each comes after what it requires.
func requiredClosure(list []*analysis.Analyzer) []*analysis.Analyzer {
	var out []*analysis.Analyzer
	seen := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, r := range a.Requires {
			visit(r)
		}
		out = append(out, a)
	}
	for _, a := range list {
		visit(a)
	}
	return out
}

// factAnalyzers returns what runs on dependencies: the analyzers of list
// that declare facts, and what they require.
func factAnalyzers(list []*analysis.Analyzer) []*analysis.Analyzer {
	var withFacts []*analysis.Analyzer
	for _, a := range requiredClosure(list) {
		if len(a.FactTypes) > 0 {
			withFacts = append(withFacts, a)
		}
	}
	return requiredClosure(withFacts)
}

// goListError runs go list -export as go/packages did and returns its
// error output, or nil when it succeeds.
func goListError(patterns []string, tests bool, buildFlags []string) error {
	args := []string{"list", "-e", "-export", "-f", "{{.ImportPath}}"}
	if tests {
		args = append(args, "-test")
	}
	args = append(append(args, buildFlags...), "--")
	cmd := exec.Command("go", append(args, patterns...)...)
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = io.Discard, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return fmt.Errorf("go list failed: %s", msg)
	}
	return nil
}
