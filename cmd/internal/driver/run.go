package driver

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"go/token"
	"io"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// Exit codes, as multichecker's: 1 when the analysis failed (a package
// that does not load or type-check, an analyzer error), 3 when findings
// were reported, 2 for a bad command line.
const (
	exitOK       = 0
	exitError    = 1
	exitUsage    = 2
	exitFindings = 3
)

type options struct {
	format        string
	json, sarif   bool
	context       int
	baseline      string
	writeBaseline bool
	tests         bool
	fix, diff     bool
	enabled       map[*analysis.Analyzer]*triState
}

// newFlags declares every flag of the command on a new FlagSet: the
// multichecker's (enable flags, analyzer flags, -json, -c, -test, -fix,
// -diff) and this package's. Analyzer flags are the analyzers' own
// flag.Values, as multichecker registers them.
func newFlags(s Suite, o *options) (*flag.FlagSet, error) {
	fs := flag.NewFlagSet(s.Name, flag.ContinueOnError)
	o.enabled = map[*analysis.Analyzer]*triState{}
	for _, a := range s.All() {
		if fs.Lookup(a.Name) != nil {
			return nil, fmt.Errorf("two analyzers are named %q", a.Name)
		}
		t := new(triState)
		o.enabled[a] = t
		fs.Var(t, a.Name, fmt.Sprintf("enable %q analysis", a.Name))
		a.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, a.Name+"."+f.Name, f.Usage) })
	}
	fs.BoolVar(&o.json, "json", false, "emit JSON output (the x/tools checker format; exit 0 with findings)")
	fs.IntVar(&o.context, "c", -1, "display offending line with this many lines of context")
	fs.BoolVar(&o.tests, "test", true, "analyze test files too")
	fs.BoolVar(&o.fix, "fix", false, "apply all suggested fixes (not with -sarif, -format or -baseline)")
	fs.BoolVar(&o.diff, "diff", false, "with -fix, don't update the files, but print a unified diff")
	fs.BoolVar(&o.sarif, "sarif", false, "emit SARIF 2.1.0 on standard output (same as -format=sarif)")
	fs.StringVar(&o.format, "format", "", "output format: text, json or sarif")
	fs.StringVar(&o.baseline, "baseline", "", "report only findings not recorded in this baseline `file`")
	fs.BoolVar(&o.writeBaseline, "write-baseline", false, "with -baseline, record the current findings in the file instead of reporting them")
	return fs, nil
}

func (o *options) outputFormat() (string, error) {
	f := o.format
	set := func(v string) error {
		if f != "" && f != v {
			return fmt.Errorf("conflicting output formats %s and %s", f, v)
		}
		f = v
		return nil
	}
	if o.json {
		if err := set("json"); err != nil {
			return "", err
		}
	}
	if o.sarif {
		if err := set("sarif"); err != nil {
			return "", err
		}
	}
	switch f {
	case "":
		return "text", nil
	case "text", "json", "sarif":
		return f, nil
	}
	return "", fmt.Errorf("unknown -format %q: use text, json or sarif", f)
}

// selected applies the enable flags as multichecker does: if any -NAME is
// true, only those run; else if any is false, all but those.
func (o *options) selected(all []*analysis.Analyzer) []*analysis.Analyzer {
	var hasTrue, hasFalse bool
	for _, a := range all {
		switch *o.enabled[a] {
		case setTrue:
			hasTrue = true
		case setFalse:
			hasFalse = true
		}
	}
	if !hasTrue && !hasFalse {
		return all
	}
	var keep []*analysis.Analyzer
	for _, a := range all {
		if t := *o.enabled[a]; (hasTrue && t == setTrue) || (!hasTrue && t != setFalse) {
			keep = append(keep, a)
		}
	}
	return keep
}

// Run is the command's own path, for -sarif, -format and -baseline. It
// loads the packages named by args, analyzes them with the checker and
// writes the report; it returns the exit code.
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
	format, err := o.outputFormat()
	if err != nil {
		return usageErr("%v", err)
	}
	if o.fix || o.diff {
		return usageErr("-fix and -diff print no report: run them without -sarif, -format and -baseline")
	}
	if o.writeBaseline && o.baseline == "" {
		return usageErr("-write-baseline needs -baseline=FILE")
	}
	if fs.NArg() == 0 {
		return usageErr("no packages named; try %s ./...", s.Name)
	}

	var base *Baseline
	if o.baseline != "" && !o.writeBaseline {
		if base, err = ReadBaseline(o.baseline); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", s.Name, err)
			return exitError
		}
	}

	analyzers := o.selected(s.All())
	res, err := analyze(analyzers, fs.Args(), o.tests)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", s.Name, err)
		return exitError
	}
	for _, e := range res.loadErrors {
		fmt.Fprintln(stderr, e)
	}

	if o.writeBaseline {
		if len(res.loadErrors) > 0 || res.analysisErrors() > 0 {
			res.graph.PrintText(stderr, -1)
			fmt.Fprintf(stderr, "%s: not writing %s: the analysis failed (above), and a baseline of a partial analysis would hide findings\n", s.Name, o.baseline)
			return exitError
		}
		b := NewBaseline(res.findings)
		if err := b.Write(o.baseline); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", s.Name, err)
			return exitError
		}
		fmt.Fprintf(stderr, "%s: wrote %d findings (%d entries) to %s\n", s.Name, len(res.findings), len(b.Findings), o.baseline)
		return exitOK
	}

	report := res.findings
	if base != nil {
		var known, stale int
		report, known, stale = base.Filter(res.findings)
		res.keepOnly(report)
		fmt.Fprintf(stderr, "%s: %d findings matched the baseline %s and were not reported; %d new\n", s.Name, known, o.baseline, len(report))
		if stale > 0 {
			fmt.Fprintf(stderr, "%s: %d baselined findings no longer occur: run with -write-baseline to drop them\n", s.Name, stale)
		}
	}

	code := exitOK
	switch format {
	case "text":
		if err := res.graph.PrintText(stderr, o.context); err != nil {
			return exitError
		}
		if len(report) > 0 {
			code = exitFindings
		}
	case "json":
		// As multichecker: with -json, findings do not change the exit code.
		if err := res.graph.PrintJSON(stdout); err != nil {
			return exitError
		}
	case "sarif":
		log := SARIF(s, analyzers, report, res.notifications())
		if err := log.Write(stdout); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", s.Name, err)
			return exitError
		}
		// Errors go to standard error too: SARIF consumers hide them.
		for act := range res.graph.All() {
			if act.Err != nil {
				fmt.Fprintf(stderr, "%s: %v\n", act.Analyzer.Name, act.Err)
			}
		}
		if len(report) > 0 {
			code = exitFindings
		}
	}
	if len(res.loadErrors) > 0 || res.analysisErrors() > 0 {
		code = exitError
	}
	return code
}

// A result is one analysis run.
type result struct {
	graph      *checker.Graph
	loadErrors []packages.Error
	findings   []*Finding
}

// analyze loads the packages and runs the analyzers over them.
func analyze(analyzers []*analysis.Analyzer, patterns []string, tests bool) (*result, error) {
	cfg := &packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Tests: tests}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	res := new(result)
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		res.loadErrors = append(res.loadErrors, p.Errors...)
		if p.Module != nil && p.Module.Error != nil {
			res.loadErrors = append(res.loadErrors, packages.Error{Msg: p.Module.Error.Err, Kind: packages.ListError})
		}
	})
	res.graph, err = checker.Analyze(analyzers, pkgs, nil)
	if err != nil {
		return nil, err
	}
	res.findings = collect(res.graph)
	return res, nil
}

func (r *result) analysisErrors() int {
	n := 0
	for act := range r.graph.All() {
		if act.Err != nil {
			n++
		}
	}
	return n
}

// A notification is an error of the run, for SARIF's tool execution
// notifications.
type notification struct {
	Message string
	Pos     token.Position // may be invalid
}

func (r *result) notifications() []notification {
	var ns []notification
	for _, e := range r.loadErrors {
		n := notification{Message: e.Msg}
		if p := parsePos(e.Pos); p.IsValid() {
			n.Pos = p
		} else if e.Pos != "" && e.Pos != "-" {
			n.Message = e.Pos + ": " + e.Msg
		}
		ns = append(ns, n)
	}
	seen := map[string]bool{}
	for act := range r.graph.All() {
		if act.Err != nil {
			msg := act.Analyzer.Name + " on " + act.Package.PkgPath + ": " + act.Err.Error()
			if !seen[msg] {
				seen[msg] = true
				ns = append(ns, notification{Message: msg})
			}
		}
	}
	return ns
}

// parsePos parses the "file:line:col" of a packages.Error.
func parsePos(s string) token.Position {
	var p token.Position
	rest, col, ok := cutLastNumber(s)
	if !ok {
		return p
	}
	file, line, ok := cutLastNumber(rest)
	if !ok {
		file, line, col = rest, col, 0
	}
	if file == "" || line <= 0 {
		return token.Position{}
	}
	return token.Position{Filename: file, Line: line, Column: col}
}

func cutLastNumber(s string) (string, int, bool) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return s, 0, false
	}
	n, err := strconv.Atoi(s[i+1:])
	if err != nil {
		return s, 0, false
	}
	return s[:i], n, true
}

// keepOnly removes from the graph's root actions every diagnostic that is
// not among keep, so that the x/tools printers print only those.
func (r *result) keepOnly(keep []*Finding) {
	want := map[findingKey]bool{}
	for _, f := range keep {
		want[f.key()] = true
	}
	for _, act := range r.graph.Roots {
		act.Diagnostics = slices.DeleteFunc(act.Diagnostics, func(d analysis.Diagnostic) bool {
			return !want[keyOf(act.Analyzer, act.Package.Fset, d)]
		})
	}
}

// A Finding is one diagnostic of a root action, once: a file that belongs
// to a package and to its test variant is analyzed twice, and reported once.
type Finding struct {
	Analyzer *analysis.Analyzer
	Package  *packages.Package
	Diag     analysis.Diagnostic
	Pos, End token.Position
	// Func is the enclosing declaration, for the baseline key.
	Func string
}

type findingKey struct {
	pos, end token.Position
	analyzer *analysis.Analyzer
	message  string
}

func (f *Finding) key() findingKey { return findingKey{f.Pos, f.End, f.Analyzer, f.Diag.Message} }

func keyOf(a *analysis.Analyzer, fset *token.FileSet, d analysis.Diagnostic) findingKey {
	return findingKey{fset.Position(d.Pos), fset.Position(d.End), a, d.Message}
}

// collect returns the findings of the graph's roots, once each, sorted by
// position.
func collect(g *checker.Graph) []*Finding {
	seen := map[findingKey]bool{}
	var out []*Finding
	for _, act := range g.Roots {
		if act.Err != nil {
			continue
		}
		for _, d := range act.Diagnostics {
			k := keyOf(act.Analyzer, act.Package.Fset, d)
			if seen[k] {
				continue
			}
			seen[k] = true
			out = append(out, &Finding{
				Analyzer: act.Analyzer, Package: act.Package, Diag: d,
				Pos: k.pos, End: k.end,
				Func: enclosingDecl(act.Package, d.Pos),
			})
		}
	}
	slices.SortFunc(out, func(a, b *Finding) int {
		return cmp.Or(
			cmp.Compare(a.Pos.Filename, b.Pos.Filename),
			cmp.Compare(a.Pos.Offset, b.Pos.Offset),
			cmp.Compare(a.End.Offset, b.End.Offset),
			cmp.Compare(a.Analyzer.Name, b.Analyzer.Name),
			cmp.Compare(a.Diag.Message, b.Diag.Message),
		)
	})
	return out
}

// A triState is a boolean flag that knows whether it was set, like
// multichecker's enable flags.
type triState int

const (
	unset triState = iota
	setTrue
	setFalse
)

func (t *triState) Get() any { return *t == setTrue }

func (t *triState) Set(v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return errors.New("want true or false")
	}
	if b {
		*t = setTrue
	} else {
		*t = setFalse
	}
	return nil
}

func (t *triState) String() string {
	if t != nil && *t == setFalse {
		return "false"
	}
	return "true"
}

func (t *triState) IsBoolFlag() bool { return true }
