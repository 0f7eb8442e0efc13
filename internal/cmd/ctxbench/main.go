// Command ctxbench is make bench: it measures, side by side in one run, the
// ctxbound suite against its physical floor (internal/cmd/ctxfloor with
// CTXFLOOR_FACTS=0: a no-op analyzer in the x/tools driver, dependencies
// read from compiler export data), fresh go vet, the suite and the floor as
// go vet -vettool, and staticcheck v0.8.2 where available, on the Go
// standard library, golang.org/x/tools v0.52.0 and go.etcd.io/etcd/server/v3
// v3.7.3 (both from the module proxy).
//
// ctxbound is measured three ways: a fresh run (an empty CTXBOUND_CACHE),
// a re-run on unchanged code (the cache filled by an unmeasured run), and a
// re-run after editing one file of a leaf package (a package no other
// package of the target imports; a new comment line before each run).
//
// For each tool it reports CPU seconds (user+sys of the process and every
// descendant it waited for: go vet's tool processes, go list), wall time and
// peak RSS (of the largest single process: for go vet that is one vet tool
// process, not the sum), as the median of -count runs with the spread
// (max-min)/median, then the ratios of medians DESIGN.md and issue 11 set
// targets for. Runs are sequential and round-robin over the tools, so
// drift on a shared machine spreads over all of them. go vet's per-package
// result cache is defeated on every run (see toolexec.go); staticcheck gets
// an empty cache directory on every run. -out writes every run in the Go
// benchmark format for benchstat. See docs/performance.md.
//
// Usage:
//
//	go run ./internal/cmd/ctxbench [-count 3] [-targets std,xtools,etcd] [-quick] [-tools ...] [-once ...] [-before BIN] [-out bin/bench.txt]
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

const (
	staticcheckPkg    = "honnef.co/go/tools/cmd/staticcheck"
	staticcheckModule = "honnef.co/go/tools"
	staticcheckVer    = "v0.8.2"
)

// A module target is a module from the module proxy, measured as its own
// main module in a writable copy.
type moduleTarget struct {
	Path, Version string
	Quick         string // the -quick pattern
}

var moduleTargets = map[string]moduleTarget{
	"xtools": {"golang.org/x/tools", "v0.52.0", "./go/analysis/..."},
	// etcd's server with its dependencies is 1.55 million lines (805k
	// outside the standard library), 605 packages.
	"etcd": {"go.etcd.io/etcd/server/v3", "v3.7.3", "./etcdserver/..."},
}

// The tools in table order. floor-export is the floor the targets are
// marked against; floor (every dependency from source, as the x/tools
// driver loads them for fact-using analyzers) is measured on request.
var toolOrder = []string{"floor-export", "suite", "suite-warm", "suite-touch", "before", "floor", "vet", "vet-suite", "vet-before", "vet-floor", "staticcheck"}

// defaultTools are measured without -tools: all but floor, and before
// only with -before.
var defaultTools = []string{"floor-export", "suite", "suite-warm", "suite-touch", "before", "vet", "vet-suite", "vet-before", "vet-floor", "staticcheck"}

func main() {
	if len(os.Args) > 1 && os.Args[1] == toolexecFlag {
		os.Exit(toolexecMain(os.Args[2:]))
	}
	os.Exit(benchMain())
}

type options struct {
	count       int
	targets     []string
	tools       []string
	once        []string
	quick       bool
	out         string
	suite       string
	before      string
	staticcheck string
	timeout     time.Duration
	genTimeout  time.Duration
}

func benchMain() int {
	log := func(format string, args ...any) { fmt.Fprintf(os.Stderr, "ctxbench: "+format+"\n", args...) }

	modRoot, err := moduleRoot()
	if err != nil {
		log("%v", err)
		return 2
	}
	var o options
	var targets, tools, once string
	flag.IntVar(&o.count, "count", 3, "measured runs of each tool on each target")
	flag.StringVar(&targets, "targets", "std,xtools,etcd,gen,gen-smallpkgs", "comma-separated targets: std (the standard library), xtools ("+moduleTargets["xtools"].Path+"@"+moduleTargets["xtools"].Version+" ./...), etcd ("+moduleTargets["etcd"].Path+"@"+moduleTargets["etcd"].Version+" ./...), gen (generated: "+strings.Join(genShapes, ", ")+" at N = 4,000 and 16,000; or one, gen-roots-4000), gen-smallpkgs (many small packages)")
	flag.StringVar(&tools, "tools", strings.Join(defaultTools, ","), "comma-separated tools to measure, of "+strings.Join(toolOrder, ","))
	flag.StringVar(&once, "once", "", "comma-separated tools to measure in the first round only (to fit a time budget: floor-export,staticcheck)")
	flag.BoolVar(&o.quick, "quick", false, "measure smaller package sets (std: net/..., xtools: ./go/analysis/..., etcd: ./etcdserver/...)")
	flag.StringVar(&o.out, "out", filepath.Join(modRoot, "bin", "bench.txt"), "write every run in the Go benchmark format to this file, for benchstat (empty: do not)")
	flag.StringVar(&o.suite, "suite", filepath.Join(modRoot, "bin", "ctxbound"), "the ctxbound binary (make build)")
	flag.StringVar(&o.before, "before", "", "another ctxbound binary, measured fresh as the row 'before' (today's driver, for before/after figures)")
	flag.StringVar(&o.staticcheck, "staticcheck", "auto", "staticcheck binary, or auto (PATH, GOBIN, else built from the module cache), or off")
	flag.DurationVar(&o.timeout, "timeout", 20*time.Minute, "limit for one run")
	flag.DurationVar(&o.genTimeout, "gentimeout", 5*time.Minute, "limit for one run on a generated target (a cost that is not linear shows as a run past it)")
	flag.Parse()
	o.targets = expandTargets(splitList(targets))
	o.tools = splitList(tools)
	o.once = splitList(once)
	for _, t := range append(o.tools, o.once...) {
		if !slices.Contains(toolOrder, t) {
			log("unknown tool %q (want some of %s)", t, strings.Join(toolOrder, ","))
			return 2
		}
	}
	if o.count < 1 {
		log("-count must be at least 1")
		return 2
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	tmp, err := os.MkdirTemp("", "ctxbench-")
	if err != nil {
		log("%v", err)
		return 1
	}
	defer os.RemoveAll(tmp)

	self, err := os.Executable()
	if err != nil {
		log("%v", err)
		return 1
	}
	goVersion := strings.TrimSpace(goEnv("GOVERSION"))

	// The tools.
	if _, err := os.Stat(o.suite); err != nil {
		log("the suite binary: %v (run make build, or pass -suite)", err)
		return 2
	}
	// Measure a copy: a make build during a long run must not swap the
	// binary between two runs.
	suiteNote := describeSuite(o.suite, modRoot)
	suite := filepath.Join(tmp, "bin", "ctxbound")
	if err := copyFile(o.suite, suite, 0o755); err != nil {
		log("copying the suite binary: %v", err)
		return 1
	}
	floor := filepath.Join(tmp, "bin", "ctxfloor")
	log("building %s", floor)
	if out, err := runIn(modRoot, nil, "go", "build", "-o", floor, "./internal/cmd/ctxfloor"); err != nil {
		log("building ctxfloor: %v\n%s", err, out)
		return 1
	}
	var staticcheck, staticcheckNote string
	if slices.Contains(o.tools, "staticcheck") {
		staticcheck, staticcheckNote = findStaticcheck(o.staticcheck, filepath.Join(tmp, "bin"), log)
	}
	var before string
	if o.before != "" {
		before = filepath.Join(tmp, "bin", "ctxbound-before")
		if err := copyFile(o.before, before, 0o755); err != nil {
			log("copying the -before binary: %v", err)
			return 1
		}
	}
	standalone := func(bin string) func(p []string) []string {
		return func(p []string) []string { return append([]string{bin, "-test=true"}, p...) }
	}
	// emptyCache gives one run an empty ctxbound cache.
	emptyCache := func(*target) ([]string, func(), error) {
		dir, err := os.MkdirTemp(tmp, "ctxbound-cache-")
		return []string{"CTXBOUND_CACHE=" + dir}, func() { os.RemoveAll(dir) }, err
	}
	targetCache := func(tg *target) ([]string, func(), error) {
		return []string{"CTXBOUND_CACHE=" + tg.Cache}, func() {}, nil
	}
	touchCache := func(tg *target) ([]string, func(), error) {
		if tg.TouchEnv == nil {
			return targetCache(tg)
		}
		return append([]string{"CTXBOUND_CACHE=" + tg.TouchCache}, tg.TouchEnv...), func() {}, nil
	}
	// fill runs the suite once, unmeasured, on the target's cache.
	fill := func(tg *target, _ int) error {
		if tg.warmed {
			return nil
		}
		if err := runUnmeasured(ctx, tg, []string{"CTXBOUND_CACHE=" + tg.Cache}, standalone(suite)(tg.Patterns), checkStandalone); err != nil {
			return fmt.Errorf("filling the cache: %v", err)
		}
		tg.warmed = true
		return nil
	}
	// fillTouch fills the touch row's cache, and for std its build cache.
	fillTouch := func(tg *target, run int) error {
		if tg.TouchEnv == nil {
			return fill(tg, run)
		}
		if tg.touchWarmed {
			return nil
		}
		env, _, _ := touchCache(tg)
		if err := runUnmeasured(ctx, tg, env, standalone(suite)(tg.Patterns), checkStandalone); err != nil {
			return fmt.Errorf("filling the cache of the touch row: %v", err)
		}
		tg.touchWarmed = true
		return nil
	}
	all := map[string]*tool{
		"floor-export": {Key: "floor-export", Label: "floor (export data)", Bench: "FloorExport",
			Argv:  standalone(floor),
			Env:   func(*target) ([]string, func(), error) { return []string{"CTXFLOOR_FACTS=0"}, func() {}, nil },
			Check: checkStandalone},
		"suite": {Key: "suite", Label: "ctxbound, fresh (empty cache)", Bench: "Suite",
			Argv: standalone(suite), Env: emptyCache, Check: checkStandalone},
		"suite-warm": {Key: "suite-warm", Label: "ctxbound, re-run on unchanged code", Bench: "SuiteRerun",
			Argv: standalone(suite), Env: targetCache, Before: fill, Check: checkStandalone},
		"suite-touch": {Key: "suite-touch", Label: "ctxbound, re-run after touching a leaf file", Bench: "SuiteTouch",
			Argv: standalone(suite), Env: touchCache, Check: checkStandalone,
			Before: func(tg *target, run int) error {
				if err := fillTouch(tg, run); err != nil {
					return err
				}
				return touch(tg.LeafFile, fmt.Sprintf("%d.%d", os.Getpid(), time.Now().UnixNano()))
			}},
		"before": {Key: "before", Label: "ctxbound before (-before), fresh", Bench: "SuiteBefore",
			Argv: standalone(before), Env: emptyCache, Check: checkStandalone},
		"floor": {Key: "floor", Label: "floor, facts (dependencies from source)", Bench: "Floor",
			Argv: standalone(floor), Check: checkStandalone},
		"vet": {Key: "vet", Label: "go vet", Bench: "GoVet",
			Argv:    func(p []string) []string { return append([]string{"go", "vet"}, p...) },
			VetTool: func(tg *target) string { return filepath.Join(tg.GoToolDir, "vet") },
			Check:   checkVetPlain},
		"vet-suite": {Key: "vet-suite", Label: "go vet -vettool=ctxbound", Bench: "VetSuite",
			Argv:    func(p []string) []string { return append([]string{"go", "vet", "-json", "-vettool=" + suite}, p...) },
			VetTool: func(*target) string { return suite },
			Check:   checkVetJSON},
		"vet-before": {Key: "vet-before", Label: "go vet -vettool=before (-before)", Bench: "VetBefore",
			Argv:    func(p []string) []string { return append([]string{"go", "vet", "-json", "-vettool=" + before}, p...) },
			VetTool: func(*target) string { return before },
			Check:   checkVetJSON},
		"vet-floor": {Key: "vet-floor", Label: "go vet -vettool=ctxfloor", Bench: "VetFloor",
			Argv:    func(p []string) []string { return append([]string{"go", "vet", "-json", "-vettool=" + floor}, p...) },
			VetTool: func(*target) string { return floor },
			Check:   checkVetJSON},
		"staticcheck": {Key: "staticcheck", Label: "staticcheck " + staticcheckVer, Bench: "Staticcheck",
			Argv: func(p []string) []string { return append([]string{staticcheck, "-f", "json", "-tests=true"}, p...) },
			Env: func(*target) ([]string, func(), error) {
				dir, err := os.MkdirTemp(tmp, "staticcheck-cache-")
				return []string{"STATICCHECK_CACHE=" + dir}, func() { os.RemoveAll(dir) }, err
			},
			Check: checkStaticcheck},
	}
	var order []string
	for _, k := range toolOrder {
		if slices.Contains(o.tools, k) && (k != "staticcheck" || staticcheck != "") && (k != "before" && k != "vet-before" || before != "") {
			order = append(order, k)
		}
	}

	// The header: the machine, honestly.
	var hdr strings.Builder
	fmt.Fprintf(&hdr, "ctxbench %s\n", time.Now().UTC().Format("2006-01-02 15:04 MST"))
	fmt.Fprintf(&hdr, "machine: %d CPUs (nproc), %s, %s/%s, %s, load average %s\n",
		runtime.NumCPU(), cpuModel(), runtime.GOOS, runtime.GOARCH, goVersion, loadAvg())
	fmt.Fprintf(&hdr, "method: -count %d, runs sequential and round-robin over the tools; median and spread (max-min)/median\n", o.count)
	if len(o.once) > 0 {
		fmt.Fprintf(&hdr, "        measured once (-once): %s\n", strings.Join(o.once, ", "))
	}
	fmt.Fprintf(&hdr, "        CPU = user+sys of the process and the descendants it waited for; peak RSS = the largest single process\n")
	fmt.Fprintf(&hdr, "        (go vet: the go command or one vet tool process); go vet results cache defeated on every run;\n")
	fmt.Fprintf(&hdr, "        staticcheck cache empty on every run\n")
	fmt.Fprintf(&hdr, "suite: %s, %s (measured from a copy)\n", o.suite, suiteNote)
	if before != "" {
		fmt.Fprintf(&hdr, "before: %s, %s (measured from a copy)\n", o.before, describeSuite(o.before, modRoot))
	}
	if staticcheckNote != "" {
		fmt.Fprintf(&hdr, "staticcheck: %s\n", staticcheckNote)
	}
	fmt.Print(hdr.String())

	rn := &runner{self: self, tmp: tmp, timeout: o.timeout, runs: map[string][]int{}}
	allResults := map[string]map[string]*result{}
	var bench strings.Builder
	fmt.Fprintf(&bench, "goos: %s\ngoarch: %s\npkg: github.com/ctxbound/ctxbound/internal/cmd/ctxbench\ncpu: %s\nnproc: %d\ngo: %s\n",
		runtime.GOOS, runtime.GOARCH, cpuModel(), runtime.NumCPU(), goVersion)
	failed := false
	for _, name := range o.targets {
		tg, err := prepareTarget(name, o.quick, tmp)
		if err != nil {
			log("target %s: %v", name, err)
			failed = true
			continue
		}
		log("target %s: %s in %s, %d packages; warming the build cache", tg.Name, strings.Join(tg.Patterns, " "), tg.Dir, tg.Packages)
		fmt.Printf("%s: the touch row edits %s (leaf package %s)\n", tg.Name, tg.LeafFile, tg.Leaf)
		if err := warm(ctx, tg); err != nil {
			log("target %s: warm-up: %v", tg.Name, err)
		}
		// A generated shape is measured by the suite, fresh, and the floor
		// (and -before).
		// One runner for every target (its run numbers name the vet tool
		// logs), with the generated targets' shorter limit for theirs.
		tgOrder := order
		rn.timeout = o.timeout
		if _, _, gen := parseGen(tg.Name); gen {
			rn.timeout = o.genTimeout
			if tg.Name != "gen-smallpkgs" {
				tgOrder = slices.DeleteFunc(slices.Clone(order), func(k string) bool { return k != "suite" && k != "floor-export" && k != "before" })
			}
		}
		results := map[string]*result{}
		for _, k := range tgOrder {
			results[k] = &result{Tool: all[k]}
		}
		allResults[tg.Name] = results
		for i := 1; i <= o.count && ctx.Err() == nil; i++ {
			for _, k := range tgOrder {
				r := results[k]
				if r.Err != nil || ctx.Err() != nil || i > 1 && slices.Contains(o.once, k) {
					continue
				}
				s, err := rn.run(ctx, r.Tool, tg)
				if err != nil {
					r.Err = err
					failed = true
					log("%s run %d/%d %s: FAILED: %v", tg.Name, i, o.count, r.Tool.Label, err)
					continue
				}
				r.Samples = append(r.Samples, s)
				units := ""
				if s.Units > 0 {
					units = fmt.Sprintf(", vet tool ran on %d packages (CPU %.1fs; the toolexec wrappers' %.1fs taken out)", s.Units, s.ToolCPU.Seconds(), s.WrapperCPU.Seconds())
				}
				log("%s run %d/%d %-30s CPU %6.1fs  wall %6.1fs  peak RSS %5.0f MiB  (load %.1f)%s",
					tg.Name, i, o.count, r.Tool.Label, s.CPU.Seconds(), s.Wall.Seconds(), float64(s.MaxRSS)/(1<<20), s.Load, units)
			}
		}
		fmt.Println()
		writeTable(os.Stdout, fmt.Sprintf("%s: %s, %d packages and their tests", tg.Name, strings.Join(tg.Patterns, " "), tg.Packages), tgOrder, results, ratios(results, ratioSpecs))
		bench.WriteString(benchLines(tg.Name, tgOrder, results))
	}
	writeGrowth(os.Stdout, growths(allResults))
	fmt.Printf("\nload average at the end: %s\n", loadAvg())
	if o.out != "" {
		err := os.MkdirAll(filepath.Dir(o.out), 0o755)
		if err == nil {
			err = os.WriteFile(o.out, []byte(bench.String()), 0o644)
		}
		if err != nil {
			log("%v", err)
			return 1
		}
		fmt.Printf("benchmark lines: %s (compare two runs: go run golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da old.txt new.txt)\n", o.out)
	}
	if ctx.Err() != nil {
		return 130
	}
	if failed {
		return 1
	}
	return 0
}

// describeSuite says when the suite binary was built and what the checkout
// was at (the binary carries no VCS stamp with -buildvcs=false).
func describeSuite(path, modRoot string) string {
	var parts []string
	if fi, err := os.Stat(path); err == nil {
		parts = append(parts, "built "+fi.ModTime().UTC().Format("2006-01-02 15:04 MST"))
	}
	if out, err := runIn(modRoot, nil, "git", "log", "-1", "--format=%h %cd", "--date=format:%H:%M"); err == nil {
		parts = append(parts, "checkout at "+strings.TrimSpace(string(out)))
	}
	return strings.Join(parts, ", ")
}

func splitList(s string) []string {
	var out []string
	for f := range strings.SplitSeq(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func moduleRoot() (string, error) {
	gomod := strings.TrimSpace(goEnv("GOMOD"))
	if gomod == "" || gomod == os.DevNull {
		return "", errors.New("run ctxbench inside the ctxbound module (make bench)")
	}
	return filepath.Dir(gomod), nil
}

func goEnv(name string) string {
	out, _ := exec.Command("go", "env", name).Output()
	return string(out)
}

// runIn runs a short setup command and returns its combined output.
func runIn(dir string, env []string, name string, args ...string) ([]byte, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	return cmd.CombinedOutput()
}

// prepareTarget returns the package set of a target: std in an empty
// directory (outside any module) with a copy of GOROOT, so that the touch
// row can edit a file of the standard library without touching the
// installed one; a module target as its own main module in a writable
// copy of its module-cache source, its replace directives to local
// directories (etcd's, for its other modules) dropped.
func prepareTarget(name string, quick bool, tmp string) (*target, error) {
	if isGen(name) {
		return prepareGenTarget(name, tmp)
	}
	tg := &target{Name: name, Cache: filepath.Join(tmp, "cache-"+name)}
	if name == "std" {
		goroot := strings.TrimSpace(goEnv("GOROOT"))
		tg.Dir = filepath.Join(tmp, "std")
		tg.Patterns = []string{"std"}
		if quick {
			tg.Patterns = []string{"net/..."}
		}
		copyRoot := filepath.Join(tmp, "goroot")
		if err := copyTree(goroot, copyRoot); err != nil {
			return nil, fmt.Errorf("copying GOROOT: %v", err)
		}
		tg.Env = []string{"GOWORK=off"}
		tg.TouchEnv = []string{"GOROOT=" + copyRoot, "GOCACHE=" + filepath.Join(tmp, "gocache-std")}
		tg.TouchCache = filepath.Join(tmp, "cache-std-touch")
		if err := os.MkdirAll(tg.Dir, 0o755); err != nil {
			return nil, err
		}
	} else {
		mt, ok := moduleTargets[name]
		if !ok {
			return nil, fmt.Errorf("unknown target (want std, xtools or etcd)")
		}
		src, err := moduleDir(mt.Path+"@"+mt.Version, tmp)
		if err != nil {
			return nil, err
		}
		tg.Dir = filepath.Join(tmp, name)
		if err := copyTree(src, tg.Dir); err != nil {
			return nil, err
		}
		tg.Patterns = []string{"./..."}
		if quick {
			tg.Patterns = []string{mt.Quick}
		}
		tg.Env = []string{"GOWORK=off"}
		if err := dropLocalReplaces(tg); err != nil {
			return nil, err
		}
	}
	if quick {
		tg.Name += "-quick"
	}
	tg.GoToolDir = strings.TrimSpace(string(must(runIn(tg.Dir, tg.Env, "go", "env", "GOTOOLDIR"))))
	out, err := runIn(tg.Dir, tg.Env, "go", append([]string{"list", "-e"}, tg.Patterns...)...)
	if err != nil {
		return nil, fmt.Errorf("go list: %v\n%s", err, out)
	}
	tg.Packages = len(strings.Fields(string(out)))
	if err := findLeaf(tg); err != nil {
		return nil, err
	}
	return tg, nil
}

func must(out []byte, err error) []byte {
	if err != nil {
		return nil
	}
	return out
}

// dropLocalReplaces drops the replace directives of the target's go.mod
// that point to a local directory, and completes go.sum for what they
// replaced (the versions the module requires, from the module proxy).
func dropLocalReplaces(tg *target) error {
	out, err := runIn(tg.Dir, tg.Env, "go", "mod", "edit", "-json")
	if err != nil {
		return fmt.Errorf("go mod edit -json: %v\n%s", err, out)
	}
	var mod struct {
		Replace []struct {
			Old struct{ Path, Version string }
			New struct{ Path, Version string }
		}
	}
	if err := json.Unmarshal(out, &mod); err != nil {
		return err
	}
	var args []string
	for _, r := range mod.Replace {
		if r.New.Version == "" && (strings.HasPrefix(r.New.Path, "./") || strings.HasPrefix(r.New.Path, "../")) {
			old := r.Old.Path
			if r.Old.Version != "" {
				old += "@" + r.Old.Version
			}
			args = append(args, "-dropreplace="+old)
		}
	}
	if len(args) == 0 {
		return nil
	}
	if out, err := runIn(tg.Dir, tg.Env, "go", append([]string{"mod", "edit"}, args...)...); err != nil {
		return fmt.Errorf("go mod edit: %v\n%s", err, out)
	}
	if out, err := runIn(tg.Dir, tg.Env, "go", append([]string{"list", "-mod=mod", "-deps", "-test"}, tg.Patterns...)...); err != nil {
		return fmt.Errorf("go list -mod=mod: %v\n%s", err, tail(out))
	}
	return nil
}

// findLeaf picks the package the touch row edits: of the target's packages
// that no package of the target imports (tests included), the largest by
// bytes of non-test Go files; the file edited is its first one. A large
// leaf is the dearest to re-analyze, so the row does not flatter.
func findLeaf(tg *target) error {
	out, err := runIn(tg.Dir, append(slices.Clone(tg.Env), tg.TouchEnv...), "go", append([]string{"list", "-e", "-f",
		"{{.ImportPath}}\t{{.Dir}}\t{{join .GoFiles \" \"}}\t{{join .Imports \" \"}} {{join .TestImports \" \"}} {{join .XTestImports \" \"}}"}, tg.Patterns...)...)
	if err != nil {
		return fmt.Errorf("go list: %v\n%s", err, tail(out))
	}
	type pkg struct {
		path, dir string
		files     []string
	}
	var pkgs []pkg
	imported := map[string]bool{}
	for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			continue
		}
		pkgs = append(pkgs, pkg{f[0], f[1], strings.Fields(f[2])})
		for _, imp := range strings.Fields(f[3]) {
			if imp != f[0] {
				imported[imp] = true
			}
		}
	}
	best, bestSize := -1, int64(-1)
	for i, p := range pkgs {
		if imported[p.path] || len(p.files) == 0 {
			continue
		}
		var size int64
		for _, f := range p.files {
			if fi, err := os.Stat(filepath.Join(p.dir, f)); err == nil {
				size += fi.Size()
			}
		}
		if size > bestSize || size == bestSize && p.path < pkgs[best].path {
			best, bestSize = i, size
		}
	}
	if best < 0 {
		return errors.New("no leaf package to touch")
	}
	tg.Leaf = pkgs[best].path
	tg.LeafFile = filepath.Join(pkgs[best].dir, pkgs[best].files[0])
	return nil
}

// touch appends a comment line with a new nonce to file: a change of
// content that moves no position.
func touch(file, nonce string) error {
	f, err := os.OpenFile(file, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(f, "\n// ctxbench touch %s\n", nonce)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// runUnmeasured runs argv on the target once (filling a cache) and judges
// it with check.
func runUnmeasured(ctx context.Context, tg *target, env, argv []string, check func(int, []byte, []byte) error) error {
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = tg.Dir
	cmd.Env = append(append(os.Environ(), tg.Env...), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if _, ok := errors.AsType[*exec.ExitError](err); err != nil && !ok {
		return err
	}
	if err := check(cmd.ProcessState.ExitCode(), stdout.Bytes(), stderr.Bytes()); err != nil {
		return fmt.Errorf("exit %d: %v%s", cmd.ProcessState.ExitCode(), err, tail(stderr.Bytes()))
	}
	return nil
}

// moduleDir returns the module-cache directory of module@version,
// downloading it through the module proxy if needed.
func moduleDir(modVersion, tmp string) (string, error) {
	out, err := runIn(tmp, []string{"GOWORK=off"}, "go", "mod", "download", "-json", modVersion)
	var info struct{ Dir, Error string }
	if jerr := json.Unmarshal(out, &info); jerr != nil || err != nil || info.Error != "" || info.Dir == "" {
		return "", fmt.Errorf("go mod download %s: %v %s\n%s", modVersion, err, info.Error, out)
	}
	return info.Dir, nil
}

// copyTree copies the module-cache tree src (read-only) to dst, writable.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		to := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		return copyFile(path, to, info.Mode().Perm()|0o200)
	})
}

func copyFile(from, to string, perm fs.FileMode) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	return os.WriteFile(to, data, perm)
}

// warm fills the build cache (export data of every package and test
// variant, cgo output, downloaded modules) and go vet's cache of plain
// runs, so that the first measured run of each tool pays no compilation.
func warm(ctx context.Context, tg *target) error {
	for _, args := range [][]string{
		append([]string{"list", "-e", "-export", "-deps", "-test", "-compiled"}, tg.Patterns...),
		append([]string{"vet"}, tg.Patterns...),
	} {
		cmd := exec.CommandContext(ctx, "go", args...)
		cmd.Dir = tg.Dir
		cmd.Env = append(os.Environ(), tg.Env...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil && args[0] == "list" {
			return fmt.Errorf("go %s: %v%s", args[0], err, tail(stderr.Bytes()))
		}
	}
	return nil
}

// findStaticcheck returns the staticcheck binary to measure and a note for
// the header: flag, or staticcheck v0.8.2 on PATH or in GOBIN, or one built
// with go install (what make lint's go run builds) when the module is in
// the module cache.
func findStaticcheck(flagValue, bin string, log func(string, ...any)) (path, note string) {
	switch flagValue {
	case "off":
		return "", "not measured (-staticcheck off)"
	case "auto":
	default:
		return flagValue, flagValue + " (" + staticcheckVersion(flagValue) + ")"
	}
	var candidates []string
	if p, err := exec.LookPath("staticcheck"); err == nil {
		candidates = append(candidates, p)
	}
	gobin := strings.TrimSpace(goEnv("GOBIN"))
	if gobin == "" {
		gobin = filepath.Join(strings.TrimSpace(goEnv("GOPATH")), "bin")
	}
	candidates = append(candidates, filepath.Join(gobin, "staticcheck"))
	for _, c := range candidates {
		if v := staticcheckVersion(c); strings.Contains(v, "("+strings.TrimPrefix(staticcheckVer, "v")+")") {
			return c, c + " (" + v + ")"
		}
	}
	modcache := strings.TrimSpace(goEnv("GOMODCACHE"))
	zip := filepath.Join(modcache, "cache", "download", staticcheckModule, "@v", staticcheckVer+".zip")
	if _, err := os.Stat(zip); err != nil {
		return "", "not measured: no staticcheck " + staticcheckVer + " on PATH or in GOBIN, and " + staticcheckModule + "@" + staticcheckVer + " is not in the module cache"
	}
	log("building staticcheck %s from the module cache", staticcheckVer)
	if out, err := runIn(os.TempDir(), []string{"GOBIN=" + bin, "GOWORK=off"}, "go", "install", staticcheckPkg+"@"+staticcheckVer); err != nil {
		return "", fmt.Sprintf("not measured: go install %s@%s: %v: %s", staticcheckPkg, staticcheckVer, err, bytes.TrimSpace(out))
	}
	p := filepath.Join(bin, "staticcheck")
	return p, "built with go install " + staticcheckPkg + "@" + staticcheckVer + " (" + staticcheckVersion(p) + ")"
}

func staticcheckVersion(path string) string {
	out, err := exec.Command(path, "-version").Output()
	if err != nil {
		return "unknown version"
	}
	return strings.TrimSpace(string(out))
}

func cpuModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "cpu unknown"
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "cpu unknown"
}

// loadAvg1 returns the 1-minute load average, or -1.
func loadAvg1() float64 {
	f := strings.Fields(loadAvg())
	if len(f) == 0 {
		return -1
	}
	v, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		return -1
	}
	return v
}

func loadAvg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}
