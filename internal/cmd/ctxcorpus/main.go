// Command ctxcorpus is make corpus: the precision ledger of ctxbound on
// real code. It runs ctxbound -json (tests included) on each target of a
// pinned list, real modules downloaded through the module proxy and the
// standard library, and checks every finding against the target's ledger
// under docs/precision/, where each finding has a verdict (true, intended,
// fp) and a one-line reason. It fails on a finding without a verdict and on
// a verdict whose finding is gone, and prints per target, per check and in
// total the findings, the verdicts, strict precision true/(true+fp),
// (true+intended)/all and the root causes with more than one finding; then
// each run's CPU seconds and peak RSS.
//
// With -update (make corpus-update) it writes the ledgers instead: new
// findings as unjudged, verdicts carried over where only a finding's
// message changed (marked for re-reading), gone entries dropped.
//
// A module is downloaded with go mod download, copied out of the
// read-only module cache into -work, made a module root and its
// dependencies fetched there (once: a stamp file marks a ready copy).
// See docs/precision.md.
//
// Usage:
//
//	go run ./internal/cmd/ctxcorpus [-update] [-v] [-only name,...] [-list docs/precision/corpus.txt] [-ledgers docs/precision] [-work bin/corpus] [-ctxbound bin/ctxbound]
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ctxbound/ctxbound/analyzers"
)

func main() { os.Exit(corpusMain(os.Args[1:], os.Stdout, os.Stderr)) }

type options struct {
	list, ledgers, work, ctxbound string
	only                          []string
	update, verbose               bool
}

func corpusMain(args []string, stdout, stderr io.Writer) int {
	var o options
	fs := flag.NewFlagSet("ctxcorpus", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.list, "list", "docs/precision/corpus.txt", "the corpus list `file`: name<TAB>module<TAB>version a line")
	fs.StringVar(&o.ledgers, "ledgers", "docs/precision", "the `folder` of the ledgers, <name>.tsv each")
	fs.StringVar(&o.work, "work", "bin/corpus", "the work `folder`: writable copies of the modules")
	fs.StringVar(&o.ctxbound, "ctxbound", "bin/ctxbound", "the ctxbound `binary` to measure")
	only := fs.String("only", "", "comma-separated `names` of the targets to run (default: all)")
	fs.BoolVar(&o.update, "update", false, "write the ledgers: new findings unjudged, changed messages marked for re-reading, gone entries dropped")
	fs.BoolVar(&o.verbose, "v", false, "list every finding with its verdict")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "ctxcorpus: unexpected arguments %q\n", fs.Args())
		return 2
	}
	if *only != "" {
		o.only = strings.Split(*only, ",")
	}
	return o.run(stdout, stderr)
}

func (o *options) run(stdout, stderr io.Writer) int {
	log := func(format string, args ...any) { fmt.Fprintf(stderr, "ctxcorpus: "+format+"\n", args...) }
	targets, err := o.targets()
	if err != nil {
		log("%v", err)
		return 2
	}
	ctxbound, err := filepath.Abs(o.ctxbound)
	if err == nil {
		_, err = os.Stat(ctxbound)
	}
	if err != nil {
		log("the ctxbound binary: %v (make build)", err)
		return 2
	}
	work, err := filepath.Abs(o.work)
	if err == nil {
		err = os.MkdirAll(work, 0o755)
	}
	if err != nil {
		log("%v", err)
		return 1
	}

	var results []result
	var problems []string
	failed := false
	for _, t := range targets {
		r, probs, err := o.target(t, ctxbound, work, log)
		if err != nil {
			log("%s: %v", t.Name, err)
			failed = true
			continue
		}
		results = append(results, *r)
		problems = append(problems, probs...)
	}

	var checks []string
	for _, a := range analyzers.Checks() {
		checks = append(checks, a.Name)
	}
	writeReport(stdout, results, checks, o.verbose)
	writeCost(stdout, results)

	if len(problems) > 0 {
		fmt.Fprintln(stdout)
		for _, p := range problems {
			fmt.Fprintln(stdout, p)
		}
		fmt.Fprintf(stdout, "ctxcorpus: %d ledger problems: run make corpus-update, then judge each unjudged row and re-read each verdict that ends in ?\n", len(problems))
		return 1
	}
	if failed {
		return 1
	}
	return 0
}

// targets returns the list's targets that -only selects, in list order.
func (o *options) targets() ([]Target, error) {
	f, err := os.Open(o.list)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	all, err := parseList(o.list, f)
	if err != nil {
		return nil, err
	}
	if len(o.only) == 0 {
		return all, nil
	}
	var ts []Target
	for _, name := range o.only {
		i := slices.IndexFunc(all, func(t Target) bool { return t.Name == name })
		if i < 0 {
			return nil, fmt.Errorf("-only: no target named %q in %s", name, o.list)
		}
		ts = append(ts, all[i])
	}
	return ts, nil
}

// target runs one target and reconciles its ledger. In check mode it
// returns the ledger's problems; with -update it writes the ledger.
func (o *options) target(t Target, ctxbound, work string, log func(string, ...any)) (*result, []string, error) {
	path := filepath.Join(o.ledgers, t.Name+".tsv")
	l, err := readLedger(path)
	switch {
	case errors.Is(err, fs.ErrNotExist) && o.update:
		l = &Ledger{Target: t.Module, Version: t.Version}
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil, fmt.Errorf("no ledger %s: run make corpus-update to start one", path)
	case err != nil:
		return nil, nil, err
	}
	if (l.Target != t.Module || l.Version != t.Version) && !o.update {
		return nil, nil, fmt.Errorf("%s is the ledger of %s %s, and the list pins %s %s: run make corpus-update", path, l.Target, l.Version, t.Module, t.Version)
	}

	log("%s: preparing %s %s", t.Name, t.Module, t.Version)
	dir, root, err := prepare(t, work)
	if err != nil {
		return nil, nil, err
	}
	log("%s: ctxbound -json in %s", t.Name, dir)
	run, err := analyse(t, ctxbound, dir, root)
	if err != nil {
		return nil, nil, err
	}
	rec := reconcile(l.Entries, run.Findings)
	res := &result{Target: t, Entries: rec.Entries, Run: run}

	if o.update {
		nl := &Ledger{Target: t.Module, Version: t.Version, Entries: rec.Entries}
		data, err := nl.format()
		if err != nil {
			return nil, nil, err
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return nil, nil, err
		}
		log("%s: wrote %s: %d findings, %d new (unjudged), %d messages changed (verdict kept, marked ?), %d gone (dropped)", t.Name, path, len(rec.Entries), len(rec.New), len(rec.Changed), len(rec.Gone))
		for _, e := range rec.Gone {
			log("%s: dropped %s: %s (was %s: %s)", t.Name, path, e.Finding, e.Verdict, orNone(e.Reason))
		}
		return res, nil, nil
	}

	return res, problems(t.Name, path, rec), nil
}

// problems lists what keeps a reconciled ledger from passing: findings
// without a verdict, verdicts carried over to a changed message, verdicts
// whose finding is gone, and rows still unjudged or marked for re-reading.
func problems(name, path string, rec Reconciliation) []string {
	var probs []string
	for _, f := range rec.New {
		probs = append(probs, fmt.Sprintf("%s: a finding without a verdict: %s", name, f))
	}
	for _, e := range rec.Changed {
		probs = append(probs, fmt.Sprintf("%s: a finding whose message changed (its verdict %s needs re-reading): %s", name, e.Verdict, e.Finding))
	}
	for _, e := range rec.Gone {
		probs = append(probs, fmt.Sprintf("%s: a verdict whose finding is gone: %s", name, e.Finding))
	}
	isNew := map[Finding]bool{}
	for _, f := range rec.New {
		isNew[f] = true
	}
	for _, e := range rec.Entries {
		switch {
		case e.Verdict == verdictUnjudged && !isNew[e.Finding]:
			probs = append(probs, fmt.Sprintf("%s: an unjudged row in %s: %s", name, path, e.Finding))
		case e.Reread && !slices.ContainsFunc(rec.Changed, func(c Entry) bool { return c.Finding == e.Finding }):
			probs = append(probs, fmt.Sprintf("%s: a verdict to re-read (%s?) in %s: %s", name, e.Verdict, path, e.Finding))
		}
	}
	return probs
}
