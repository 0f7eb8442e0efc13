// Package driver is the command line of ctxbound and ctxbound-vet.
//
// Standalone (ctxbound [flags] packages), it runs its own driver (Run):
// go list names the packages, which are analyzed bottom-up, one at a time
// per CPU, each parsed and type-checked from source against its imports'
// export data and freed when done, with facts and findings kept in a
// persistent cache keyed by content (graph.go, cache.go). Its output is
// text with file:line:col, -json in the x/tools checker format, -sarif,
// -fix and -diff, -baseline; it honours the per-analyzer enable flags and
// options.
//
// Under go vet -vettool (the unit protocol: -V=full, -flags and the *.cfg
// unit files) it is the x/tools unitchecker, untouched; the standalone
// flags are not in the -flags answer, so go vet rejects them instead of
// passing them to a unit run that would ignore them.
package driver

import (
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"
)

// A Suite is what one command runs.
type Suite struct {
	// Name is the program name used in messages ("ctxbound").
	Name string
	// Checks are the reporting analyzers. Each is one SARIF rule.
	Checks []*analysis.Analyzer
	// Passes are analyzers listed only so that their flags reach the command
	// line (ctxbound's config pass): they run, report nothing and have no
	// SARIF rule.
	Passes []*analysis.Analyzer
	// InformationURI is the tool's home page, for SARIF.
	InformationURI string
	// Topics are further texts of help NAME ("directives").
	Topics map[string]string
}

// All is Checks followed by Passes: the multichecker's list.
func (s Suite) All() []*analysis.Analyzer { return slices.Concat(s.Checks, s.Passes) }

// Main runs the command and exits.
func Main(s Suite) {
	args := os.Args[1:]
	if len(args) > 0 && args[0] == "help" {
		os.Exit(Help(os.Stdout, os.Stderr, s, args[1:]))
	}
	if len(args) == 1 && args[0] == "version" {
		printVersion(os.Stdout, s.Name, readBuildInfo())
		os.Exit(0)
	}
	if slices.Contains(args, "-V=full") || slices.Contains(args, "--V=full") {
		// go vet's handshake: the tool's ID, which keys go vet's cache.
		dir, _ := os.Getwd()
		if err := printVetVersion(os.Stdout, s.Name, vetConfigHash(dir)); err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", s.Name, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	if isVetInvocation(args) {
		prepareVet(s)
		multichecker.Main(s.All()...)
		return
	}
	for _, a := range args {
		if a == "--" || !strings.HasPrefix(a, "-") {
			break
		}
		if name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "="); name == "h" || name == "help" {
			usage(os.Stderr, s)
			os.Exit(0)
		}
	}
	os.Exit(Run(s, args, os.Stdout, os.Stderr))
}

// prepareVet adapts the unit runs of go vet to what go vet does with a
// failed tool. go vet (Go 1.26) runs the tool once per package, with -json,
// and caches the facts of a run whose tool exited 0 before it reads the
// JSON: an analysis error reported there is shown once and then, from the
// cache, never again. It caches nothing of a run whose tool failed. So:
//
//   - an analyzer that fails (a bad configuration, an internal error) makes
//     the tool print the error and exit 1 at once, before anything is
//     cached: the error names its file and key (or the position of the
//     panic), and is shown on every run until it is fixed;
//   - a malformed flag value is one line naming the flag and the value,
//     without the usage (go vet shows it once per package it runs the
//     tool on).
//
// In a unit run for facts alone, the analyzers do only what its importers
// read (vet.go).
//
// The analyzers are changed in place: this process runs one unit and exits.
func prepareVet(s Suite) {
	prog := s.Name
	flag.CommandLine.Usage = func() {}
	flag.CommandLine.SetOutput(prefixWriter{os.Stderr, prog + ": "})
	mode, err := prefilterSetting()
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", prog, err)
		os.Exit(1)
	}
	all := requiredClosure(s.All())
	var plan map[*analysis.Analyzer]factsOnlyRun
	if vetxOnly(os.Args[1:]) {
		plan = factsOnlyPlan(all)
	}
	fix := vetFix(os.Args[1:])
	for _, a := range all {
		run := a.Run
		if plan != nil {
			run = factsOnly(a, plan[a], mode, run)
		}
		a.Run = func(pass *analysis.Pass) (any, error) {
			if fix {
				// -fix applies the first fix of each diagnostic; the
				// unitchecker logs a line for every other one. They are
				// alternatives for a reader, not for -fix: drop them.
				report := pass.Report
				pass.Report = func(d analysis.Diagnostic) {
					d.SuggestedFixes = d.SuggestedFixes[:min(1, len(d.SuggestedFixes))]
					report(d)
				}
			}
			res, err := run(pass)
			if err != nil {
				first, rest, _ := strings.Cut(err.Error(), "\n")
				if strings.HasPrefix(first, "ctxbound config ") {
					// A configuration error has one prefix everywhere.
					fmt.Fprintf(os.Stderr, "%s (go vet caches nothing of a failed run: this is shown on every run until it is fixed)\n", first)
					os.Exit(1)
				}
				fmt.Fprintf(os.Stderr, "%s: %s failed on %s: %s (go vet caches nothing of a failed run: this is shown on every run until it is fixed)\n",
					prog, a.Name, pass.Pkg.Path(), first)
				if rest != "" {
					fmt.Fprintln(os.Stderr, rest)
				}
				os.Exit(1)
			}
			return res, nil
		}
	}
}

// vetFix reports whether a unit run's arguments ask for -fix.
func vetFix(args []string) bool {
	for _, a := range args {
		name, v, hasV := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && name == "fix" {
			b, err := strconv.ParseBool(v)
			return !hasV || err == nil && b
		}
	}
	return false
}

// prefixWriter prefixes what the flag package prints (one error line).
type prefixWriter struct {
	w      io.Writer
	prefix string
}

func (p prefixWriter) Write(b []byte) (int, error) {
	if _, err := io.WriteString(p.w, p.prefix+string(b)); err != nil {
		return 0, err
	}
	return len(b), nil
}

// isVetInvocation reports whether args are go vet's: the -V=full and
// -flags handshake, or a unit's *.cfg file.
func isVetInvocation(args []string) bool {
	if len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg") {
		return true
	}
	for _, a := range args {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && (name == "V" || name == "flags") {
			return true
		}
	}
	return false
}

// usage prints the command's usage and every flag.
func usage(w io.Writer, s Suite) {
	fmt.Fprintf(w, `%[1]s finds context-propagation bugs in Go programs.

Usage:
	%[1]s [flags] packages          report findings (exit 3 when there are any)
	%[1]s -fix [-diff] packages     apply (or show) the suggested fixes
	%[1]s -sarif packages           SARIF 2.1.0 for code-scanning UIs
	%[1]s -baseline=FILE -write-baseline packages   record today's findings
	%[1]s -baseline=FILE packages   report only findings not in FILE
	go vet -vettool=$(command -v %[1]s) packages
	%[1]s help [check]              the checks and their documentation
	%[1]s help directives           the //ctxbound: directives
	%[1]s version                   the module version and VCS revision of this build

Flags:
`, s.Name)
	fs, _ := newFlags(s, new(options))
	fs.SetOutput(w)
	fs.PrintDefaults()
}

// Help prints the list of checks, or the documentation of the named ones,
// and returns the exit code.
func Help(stdout, stderr io.Writer, s Suite, names []string) int {
	if len(names) == 0 {
		fmt.Fprintf(stdout, "%s checks:\n\n", s.Name)
		for _, a := range s.Checks {
			fmt.Fprintf(stdout, "    %-14s %s\n", a.Name, summary(a))
		}
		if len(s.Passes) > 0 {
			fmt.Fprintf(stdout, "\nConfiguration (flags only, reports nothing):\n\n")
			for _, a := range s.Passes {
				fmt.Fprintf(stdout, "    %-14s %s\n", a.Name, summary(a))
			}
		}
		fmt.Fprintf(stdout, "\nBy default every check runs. -NAME runs only the named checks,\n-NAME=false all but those.\n")
		fmt.Fprintf(stdout, "\nRun '%s help NAME' for the documentation and flags of a check,\nand '%s -h' for the driver's flags.\n", s.Name, s.Name)
		for _, t := range slices.Sorted(maps.Keys(s.Topics)) {
			fmt.Fprintf(stdout, "'%s help %s': %s\n", s.Name, t, strings.TrimPrefix(strings.SplitN(s.Topics[t], "\n", 2)[0], t+": "))
		}
		return 0
	}
	code := 0
	for _, name := range names {
		if text, ok := s.Topics[name]; ok {
			fmt.Fprint(stdout, text)
			continue
		}
		a := find(s.All(), name)
		if a == nil {
			fmt.Fprintf(stderr, "%s: no check named %q; run '%s help' for the list\n", s.Name, name, s.Name)
			code = 1
			continue
		}
		paras := strings.Split(a.Doc, "\n\n")
		fmt.Fprintf(stdout, "%s: %s\n", a.Name, paras[0])
		fs := flag.NewFlagSet(a.Name, flag.ContinueOnError)
		a.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, a.Name+"."+f.Name, f.Usage) })
		if hasFlags(fs) {
			fmt.Fprintf(stdout, "\nFlags:\n\n")
			fs.SetOutput(stdout)
			fs.PrintDefaults()
		}
		if len(paras) > 1 {
			fmt.Fprintf(stdout, "\n%s\n", strings.Join(paras[1:], "\n\n"))
		}
		if a.URL != "" {
			fmt.Fprintf(stdout, "\nDocumentation: %s\n", a.URL)
		}
	}
	return code
}

// summary is the one-line summary of an analyzer: the first paragraph of
// its Doc, on one line.
func summary(a *analysis.Analyzer) string {
	first, _, _ := strings.Cut(a.Doc, "\n\n")
	return strings.Join(strings.Fields(first), " ")
}

func find(list []*analysis.Analyzer, name string) *analysis.Analyzer {
	for _, a := range list {
		if a.Name == name {
			return a
		}
	}
	return nil
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}
