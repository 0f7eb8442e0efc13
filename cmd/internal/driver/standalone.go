package driver

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"runtime/trace"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
	"honnef.co/go/tools/lintcmd/cache"

	"github.com/ctxbound/ctxbound/passes/config"
)

// statsHook, when set (by tests), receives what each Run did.
var statsHook func(runStats)

// gcPercent is the garbage collector's target of a run, unless $GOGC sets
// one.
const gcPercent = 150

// Run is the standalone command: it parses args, lists the packages they
// name, analyzes them bottom-up with the cache, and writes the report in
// the chosen format (text, -json, -sarif), or applies the fixes (-fix,
// -diff), or writes or applies a baseline. It returns the exit code.
func Run(s Suite, args []string, stdout, stderr io.Writer) int {
	o := new(options)
	fs, err := newFlags(s, o)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", s.Name, err)
		return exitUsage
	}
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintf(stderr, "run '%s -h' for the flags\n", s.Name) }
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	usageErr := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "%s: %s\n", s.Name, fmt.Sprintf(format, args...))
		return exitUsage
	}
	// The heap of a run is mostly syntax and types that die with their
	// package: collecting it less often costs 6% less CPU for 14% more
	// peak memory (docs/performance.md). $GOGC still rules.
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(gcPercent))
	}
	format, err := o.outputFormat()
	if err != nil {
		return usageErr("%v", err)
	}
	explicitFormat := o.format != "" || o.json || o.sarif
	if o.diff && !o.fix {
		return usageErr("-diff shows the changes -fix would make: use -fix -diff")
	}
	if o.fix && (explicitFormat || o.baseline != "") {
		return usageErr("-fix and -diff print no report: run them without -json, -sarif, -format and -baseline")
	}
	if o.writeBaseline && o.baseline == "" {
		return usageErr("-write-baseline needs -baseline=FILE")
	}
	if fs.NArg() == 0 {
		return usageErr("no packages named; try %s ./...", s.Name)
	}
	cwd, _ := os.Getwd() // findings under it are shown relative to it
	dir, err := cacheDir(o.cache)
	if err != nil {
		return usageErr("%v", err)
	}
	filter, err := prefilterSetting()
	if err != nil {
		return usageErr("%v", err)
	}
	if filter == prefilterCheck {
		dir = "" // every package analyzed, none read from the cache
	}

	if stop, err := startProfiles(o); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", s.Name, err)
		return exitError
	} else {
		defer stop()
	}

	var base *Baseline
	if o.baseline != "" && !o.writeBaseline {
		if base, err = ReadBaseline(o.baseline); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", s.Name, err)
			return exitError
		}
	}

	var buildFlags []string
	if o.tags != "" {
		buildFlags = append(buildFlags, "-tags="+o.tags)
	}
	g, err := loadGraph(fs.Args(), o.tests, buildFlags)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", s.Name, err)
		return exitError
	}

	analyzers := o.selected(s.All())
	if !slices.ContainsFunc(analyzers, func(a *analysis.Analyzer) bool { return slices.Contains(s.Checks, a) }) {
		return usageErr("every check is turned off: nothing would be reported; name the checks to run (-spawnctx), or turn fewer off")
	}
	var c *cache.DiskCache
	if dir != "" {
		if c, err = openCache(dir); err != nil {
			fmt.Fprintf(stderr, "%s: not using the cache: %v\n", s.Name, err)
			c = nil
		} else {
			defer c.Close()
		}
	}
	tool, err := toolID()
	if err != nil {
		fmt.Fprintf(stderr, "%s: not using the cache: cannot identify this build: %v\n", s.Name, err)
		c = nil
	}
	r := newRunner(analyzers, c, tool)
	if filter != prefilterOff {
		r.filters = prefilters(r.depSet)
	}
	r.checking = filter == prefilterCheck
	if slices.Contains(requiredClosure(analyzers), config.Analyzer) {
		r.configFile = func(first string) string { return config.FileFor(config.Analyzer, first) }
		// A bad configuration is one error per file, before any package
		// is analyzed: not one per package, with every check that needs
		// it failing after it.
		if errs := checkConfigs(g); len(errs) > 0 {
			for _, e := range errs {
				fmt.Fprintln(stderr, e) // "ctxbound config <file>: ...", the one prefix of config errors
			}
			return exitError
		}
	}
	g.run(r.do)
	r.stats.Packages = len(g.all)
	if statsHook != nil {
		statsHook(r.stats)
	}
	if o.verbose {
		fmt.Fprintf(stderr, "%s: %d packages: %d analyzed, %d parsed only (no fact to export), %d from the cache, %d not analyzed (a dependency failed)\n",
			s.Name, r.stats.Packages, len(r.stats.Analyzed), len(r.stats.Filtered), r.stats.Cached, r.stats.Skipped)
	}

	var all []*Finding
	for _, n := range g.roots {
		for i := range n.findings {
			all = append(all, &n.findings[i])
		}
	}
	findings := dedupe(all)
	res := &report{findings: findings, loadErrors: sortedCopy(r.loadErrors), errs: r.sortedErrors()}
	failed := res.failed()
	printErrors := func() {
		for _, e := range res.loadErrors {
			fmt.Fprintln(stderr, e)
		}
		for _, e := range res.errs {
			if e.Analyzer == config.Analyzer.Name && strings.HasPrefix(e.Err, "ctxbound config ") {
				fmt.Fprintln(stderr, e.Err) // config errors have one prefix
				continue
			}
			fmt.Fprintf(stderr, "%s: %s\n", e.Analyzer, e.Err)
		}
		if r.stats.Skipped > 0 && failed {
			fmt.Fprintf(stderr, "%s: %d packages were not analyzed: a package they import failed (above)\n", s.Name, r.stats.Skipped)
		}
	}

	if o.fix {
		printErrors()
		remaining, code := applyFixes(findings, o.diff, stdout, stderr, s.Name)
		// What -fix could not fix is reported, as a run without -fix
		// would: on standard output, or with -diff (whose output is the
		// patch) on standard error; and it exits 3.
		out := stdout
		if o.diff {
			out = stderr
		}
		if err := writeText(out, remaining, o.context, cwd); err != nil {
			return exitError
		}
		if len(remaining) > 0 && code == exitOK {
			code = exitFindings
		}
		if failed {
			code = exitError
		}
		return code
	}

	if o.writeBaseline {
		if failed {
			printErrors()
			fmt.Fprintf(stderr, "%s: not writing %s: the analysis failed (above), and a baseline of a partial analysis would hide findings\n", s.Name, o.baseline)
			return exitError
		}
		b := NewBaseline(findings)
		if err := b.Write(o.baseline); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", s.Name, err)
			return exitError
		}
		fmt.Fprintf(stderr, "%s: wrote %s (%s) to %s\n", s.Name, plural(len(findings), "finding", "findings"), plural(len(b.Findings), "entry", "entries"), o.baseline)
		return exitOK
	}

	if base != nil {
		var known, stale int
		res.findings, known, stale = base.Filter(findings)
		fmt.Fprintf(stderr, "%s: %s the baseline %s and were not reported; %d new\n", s.Name, plural(known, "finding matched", "findings matched"), o.baseline, len(res.findings))
		if stale > 0 {
			fmt.Fprintf(stderr, "%s: %s: run with -write-baseline to drop them\n", s.Name, plural(stale, "baselined finding no longer occurs", "baselined findings no longer occur"))
		}
	}

	code := exitOK
	switch format {
	case "text":
		printErrors()
		if err := writeText(stdout, res.findings, o.context, cwd); err != nil {
			return exitError
		}
		if len(res.findings) > 0 {
			code = exitFindings
		}
	case "json":
		printErrors()
		// As multichecker: with -json, findings do not change the exit
		// code; errors do (below).
		if err := writeJSON(stdout, res); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", s.Name, err)
			return exitError
		}
	case "sarif":
		log := SARIF(s, analyzers, res.findings, res.notifications())
		if err := log.Write(stdout); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", s.Name, err)
			return exitError
		}
		// Errors go to standard error too: SARIF consumers hide them.
		printErrors()
		if len(res.findings) > 0 {
			code = exitFindings
		}
	}
	if failed {
		code = exitError
	}
	return code
}

// A report is what a run found: findings, sorted and each once, and
// errors, sorted.
type report struct {
	findings   []*Finding
	loadErrors []string
	errs       []analysisError
}

func (r *report) failed() bool { return len(r.loadErrors) > 0 || len(r.errs) > 0 }

func sortedCopy(list []string) []string {
	out := slices.Clone(list)
	slices.Sort(out)
	return out
}

func (r *runner) sortedErrors() []analysisError {
	out := slices.Clone(r.errs)
	slices.SortFunc(out, func(a, b analysisError) int {
		return strings.Compare(a.PkgID+"\x00"+a.Analyzer+"\x00"+a.Err, b.PkgID+"\x00"+b.Analyzer+"\x00"+b.Err)
	})
	return out
}

// checkConfigs loads every configuration file that applies to a package
// of g, once each, and returns their errors: what the config pass would
// report for each package, once per file. A file found beside a module's
// packages (not named by -config.file) must hold roots of that module.
func checkConfigs(g *graph) []error {
	module := map[string]string{} // file -> the module of the first package it configures
	var files []string
	named := config.FlagFile(config.Analyzer) // one file for every package, wherever it is
	for _, n := range g.all {
		if len(n.pkg.CompiledGoFiles) == 0 {
			continue
		}
		f := config.FileFor(config.Analyzer, firstFile(n.pkg))
		if f == "" {
			continue
		}
		if _, seen := module[f]; !seen {
			files = append(files, f)
			module[f] = ""
			if n.pkg.Module != nil && f != named {
				module[f] = n.pkg.Module.Path
			}
		}
	}
	slices.Sort(files)
	var errs []error
	for _, f := range files {
		c, err := config.Load(f)
		if err == nil && module[f] != "" {
			err = config.CheckRootsInModule(f, c, module[f])
		}
		if err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

// startProfiles starts the profiles -cpuprofile, -memprofile and -trace
// ask for; stop writes them.
func startProfiles(o *options) (stop func(), err error) {
	var stops []func()
	stop = func() {
		for _, f := range slices.Backward(stops) {
			f()
		}
	}
	if o.cpuProfile != "" {
		f, err := os.Create(o.cpuProfile)
		if err != nil {
			return stop, err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			return stop, err
		}
		stops = append(stops, func() { pprof.StopCPUProfile(); f.Close() })
	}
	if o.trace != "" {
		f, err := os.Create(o.trace)
		if err != nil {
			stop()
			return func() {}, err
		}
		if err := trace.Start(f); err != nil {
			stop()
			return func() {}, err
		}
		stops = append(stops, func() { trace.Stop(); f.Close() })
	}
	if o.memProfile != "" {
		f, err := os.Create(o.memProfile)
		if err != nil {
			stop()
			return func() {}, err
		}
		stops = append(stops, func() {
			runtime.GC()
			pprof.WriteHeapProfile(f)
			f.Close()
		})
	}
	return stop, nil
}

// firstFile is the package's first source file as the user wrote it: in a
// package that imports "C", GoFiles are the user's and CompiledGoFiles are
// cmd/cgo's output in the build cache. The configuration is looked up from
// the user's directory, as the config pass does.
func firstFile(p *packages.Package) string {
	if len(p.GoFiles) > 0 {
		return p.GoFiles[0]
	}
	return p.CompiledGoFiles[0]
}
