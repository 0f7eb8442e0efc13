package driver

import (
	"errors"
	"flag"
	"fmt"
	"slices"
	"strconv"

	"golang.org/x/tools/go/analysis"
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
	cache         string
	tags          string
	verbose       bool
	cpuProfile    string
	memProfile    string
	trace         string
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
	fs.BoolVar(&o.fix, "fix", false, "apply the first suggested fix of each finding (not with -json, -sarif, -format or -baseline)")
	fs.BoolVar(&o.diff, "diff", false, "with -fix, don't update the files, but print a unified diff")
	fs.BoolVar(&o.sarif, "sarif", false, "emit SARIF 2.1.0 on standard output (same as -format=sarif)")
	fs.StringVar(&o.format, "format", "", "output format: text, json or sarif")
	fs.StringVar(&o.baseline, "baseline", "", "report only findings not recorded in this baseline `file`")
	fs.BoolVar(&o.writeBaseline, "write-baseline", false, "with -baseline, record the current findings in the file instead of reporting them")
	fs.StringVar(&o.cache, "cache", "", "the cache `directory`, or off (default $"+cacheEnv+", else ctxbound in the user cache directory)")
	fs.StringVar(&o.tags, "tags", "", "a comma-separated list of build `tags`, passed to the build as go build -tags does")
	fs.BoolVar(&o.verbose, "v", false, "say on standard error how many packages were analyzed and how many came from the cache")
	fs.StringVar(&o.cpuProfile, "cpuprofile", "", "write a CPU profile to this `file`")
	fs.StringVar(&o.memProfile, "memprofile", "", "write a heap profile to this `file` at the end")
	fs.StringVar(&o.trace, "trace", "", "write an execution trace to this `file`")
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
// true, only those run; else if any is false, all but those. An opt-in
// check runs only when its -NAME is true.
func (o *options) selected(all, optIn []*analysis.Analyzer) []*analysis.Analyzer {
	var hasTrue bool
	for _, a := range all {
		hasTrue = hasTrue || *o.enabled[a] == setTrue
	}
	var keep []*analysis.Analyzer
	for _, a := range all {
		t := *o.enabled[a]
		if hasTrue && t == setTrue || !hasTrue && t != setFalse && !slices.Contains(optIn, a) {
			keep = append(keep, a)
		}
	}
	return keep
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
