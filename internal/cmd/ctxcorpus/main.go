// Command ctxcorpus is make corpus: the precision ledger of ctxbound on
// real code. It runs ctxbound -json (tests included) on each target of a
// pinned list, real modules downloaded through the module proxy and the
// standard library, and checks every finding against the target's ledger
// under docs/precision/, where each finding has a verdict (true, intended,
// fp), a first-look verdict (the one given when it was first read, before
// any change was made for it) and a one-line reason. It fails on a finding
// without a verdict, on a ledger row whose finding is gone or back, and on a
// true finding lost without a reason, and prints per target, per check and
// in total the findings, the verdicts, strict precision true/(true+fp),
// (true+intended)/all and the root causes with more than one finding; per
// batch and per check, first-look precision beside the tuned figure; then
// each run's CPU seconds and peak RSS.
//
// The list groups targets in batches (grandfathered, staged or active). A
// staged batch is skipped until -first-look runs it, once: that run writes
// its ledgers, every finding unjudged, and makes the batch active.
//
// With -update (make corpus-update) it writes the ledgers instead: new
// findings as unjudged, verdicts carried over where only a finding's
// message changed (marked for re-reading), rows whose finding is gone kept
// and marked gone (a true or intended one asks why losing it is right), gone
// rows whose finding is back made live again. It never writes a first-look
// verdict.
//
// With -prepare it runs no analysis: it downloads and prepares the selected
// targets (staged ones too), type-checks their packages and tests, and
// prints their lines of Go.
//
// A module is downloaded with go mod download, copied out of the
// read-only module cache into -work, made a module root and its
// dependencies fetched there (once: a stamp file marks a ready copy).
// See docs/precision.md.
//
// Usage:
//
//	go run ./internal/cmd/ctxcorpus [-update] [-first-look batch | -prepare] [-v] [-only name,... | -batch name,...] [-list docs/precision/corpus.txt] [-ledgers docs/precision] [-work bin/corpus] [-ctxbound bin/ctxbound]
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
	"time"

	"github.com/ctxbound/ctxbound/analyzers"
)

func main() { os.Exit(corpusMain(os.Args[1:], os.Stdout, os.Stderr)) }

type options struct {
	list, ledgers, work, ctxbound string
	only, batches                 []string
	firstLook                     string
	update, verbose, prepare      bool
}

func corpusMain(args []string, stdout, stderr io.Writer) int {
	var o options
	fs := flag.NewFlagSet("ctxcorpus", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.list, "list", "docs/precision/corpus.txt", "the corpus list `file`: batch lines, batch<TAB>name<TAB>state, each followed by its targets, name<TAB>module<TAB>version")
	fs.StringVar(&o.ledgers, "ledgers", "docs/precision", "the `folder` of the ledgers, <name>.tsv each")
	fs.StringVar(&o.work, "work", "bin/corpus", "the work `folder`: writable copies of the modules")
	fs.StringVar(&o.ctxbound, "ctxbound", "bin/ctxbound", "the ctxbound `binary` to measure")
	only := fs.String("only", "", "comma-separated `names` of the targets to run (default: every target of a batch that is not staged)")
	batches := fs.String("batch", "", "comma-separated `names` of the batches to run")
	fs.StringVar(&o.firstLook, "first-look", "", "run the staged `batch` once, its first look: write its ledgers, every finding unjudged, and make it active (implies -update for its targets)")
	fs.BoolVar(&o.update, "update", false, "write the ledgers: new findings unjudged, changed messages marked for re-reading, gone findings kept and marked gone")
	fs.BoolVar(&o.prepare, "prepare", false, "run no analysis: download and prepare the targets (staged ones too), type-check them and count their lines")
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
	if *batches != "" {
		o.batches = strings.Split(*batches, ",")
	}
	switch {
	case o.prepare && (o.update || o.firstLook != ""):
		fmt.Fprintln(stderr, "ctxcorpus: -prepare writes no ledger: no -update or -first-look")
		return 2
	case o.only != nil && o.batches != nil:
		fmt.Fprintln(stderr, "ctxcorpus: -only and -batch exclude each other")
		return 2
	case o.firstLook != "" && (o.only != nil || o.batches != nil):
		fmt.Fprintln(stderr, "ctxcorpus: -first-look runs every target of its batch: no -only or -batch")
		return 2
	}
	return o.run(stdout, stderr)
}

func (o *options) run(stdout, stderr io.Writer) int {
	log := func(format string, args ...any) { fmt.Fprintf(stderr, "ctxcorpus: "+format+"\n", args...) }
	list, targets, err := o.targets()
	if err != nil {
		log("%v", err)
		return 2
	}
	if o.prepare {
		return o.prepareOnly(list, targets, stdout, log)
	}
	ctxbound, err := filepath.Abs(o.ctxbound)
	if err == nil {
		_, err = os.Stat(ctxbound)
	}
	if err != nil {
		log("the ctxbound binary: %v (make build)", err)
		return 2
	}
	work, err := o.workDir()
	if err != nil {
		log("%v", err)
		return 1
	}

	var outs []*outcome
	failed := false
	for _, t := range targets {
		out, err := o.target(t, ctxbound, work, log)
		if err != nil {
			log("%s: %v", t.Name, err)
			failed = true
			if o.firstLook != "" {
				// All or nothing: a first look is one run of the whole batch.
				log("first look of %s: nothing written; no finding was shown: mend the failure and run it again", o.firstLook)
				return 1
			}
			continue
		}
		outs = append(outs, out)
	}

	var probs []string
	if o.update || o.firstLook != "" {
		for _, out := range outs {
			if err := o.write(out, log); err != nil {
				log("%s: %v", out.res.Target.Name, err)
				return 1
			}
		}
		if o.firstLook != "" {
			if err := o.activate(o.firstLook); err != nil {
				log("%v", err)
				return 1
			}
			list.batch(o.firstLook).State = stateActive
			log("first look of %s taken: %s makes it active; judge every row of its ledgers, writing both verdict and first", o.firstLook, o.list)
		}
	} else {
		for _, out := range outs {
			b := list.batch(out.res.Target.Batch)
			probs = append(probs, problems(out.res.Target.Name, out.path, b, out.rec)...)
		}
	}

	var results []result
	for _, out := range outs {
		results = append(results, out.res)
	}
	var checks []string
	for _, a := range analyzers.Checks() {
		checks = append(checks, a.Name)
	}
	writeReport(stdout, results, list, checks, o.verbose)
	writeCost(stdout, results)

	if len(probs) > 0 {
		fmt.Fprintln(stdout)
		for _, p := range probs {
			fmt.Fprintln(stdout, p)
		}
		fmt.Fprintf(stdout, "ctxcorpus: %d ledger problems: run make corpus-update, then judge each unjudged row (verdict and first), re-read each verdict that ends in ?, and give each lost true or intended finding its reason (gone column)\n", len(probs))
		return 1
	}
	if failed {
		return 1
	}
	return 0
}

// targets reads the list and returns the targets to run, in list order:
// those -only or -batch selects, or those of the -first-look batch; by
// default every target of a batch that is not staged. Only -prepare and
// -first-look take a staged target.
func (o *options) targets() (*List, []Target, error) {
	f, err := os.Open(o.list)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	list, err := parseList(o.list, f)
	if err != nil {
		return nil, nil, err
	}
	var ts []Target
	switch {
	case o.firstLook != "":
		b := list.batch(o.firstLook)
		if b == nil {
			return nil, nil, fmt.Errorf("-first-look: no batch named %q in %s", o.firstLook, o.list)
		}
		if b.State != stateStaged {
			return nil, nil, fmt.Errorf("-first-look: batch %s is %s, not staged: a batch has one first look", b.Name, b.State)
		}
		for _, t := range list.Targets {
			if t.Batch != b.Name {
				continue
			}
			path := filepath.Join(o.ledgers, t.Name+".tsv")
			if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
				return nil, nil, fmt.Errorf("-first-look: %s already has a ledger %s (or it cannot be read: %v): a staged target has none", t.Name, path, err)
			}
			ts = append(ts, t)
		}
		return list, ts, nil
	case len(o.only) > 0:
		for _, name := range o.only {
			i := slices.IndexFunc(list.Targets, func(t Target) bool { return t.Name == name })
			if i < 0 {
				return nil, nil, fmt.Errorf("-only: no target named %q in %s", name, o.list)
			}
			ts = append(ts, list.Targets[i])
		}
	case len(o.batches) > 0:
		for _, name := range o.batches {
			if list.batch(name) == nil {
				return nil, nil, fmt.Errorf("-batch: no batch named %q in %s", name, o.list)
			}
		}
		for _, t := range list.Targets {
			if slices.Contains(o.batches, t.Batch) {
				ts = append(ts, t)
			}
		}
	default:
		for _, t := range list.Targets {
			if o.prepare || list.batch(t.Batch).State != stateStaged {
				ts = append(ts, t)
			}
		}
		return list, ts, nil
	}
	if !o.prepare {
		for _, t := range ts {
			if list.batch(t.Batch).State == stateStaged {
				return nil, nil, fmt.Errorf("%s is in the staged batch %s, which has not been run: its first look is make corpus-update CORPUSFLAGS=-first-look=%s", t.Name, t.Batch, t.Batch)
			}
		}
	}
	return list, ts, nil
}

// An outcome is one target run and reconciled with its ledger.
type outcome struct {
	res  result
	path string // the ledger
	rec  Reconciliation
}

// target runs one target and reconciles its ledger with the run.
func (o *options) target(t Target, ctxbound, work string, log func(string, ...any)) (*outcome, error) {
	path := filepath.Join(o.ledgers, t.Name+".tsv")
	writing := o.update || o.firstLook != ""
	var l *Ledger
	var err error
	if o.firstLook == "" {
		l, err = readLedger(path)
	} else {
		err = fs.ErrNotExist // targets checked that it has none
	}
	switch {
	case errors.Is(err, fs.ErrNotExist) && writing:
		l = &Ledger{Target: t.Module, Version: t.Version}
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("no ledger %s: run make corpus-update to start one", path)
	case err != nil:
		return nil, err
	}
	if (l.Target != t.Module || l.Version != t.Version) && !writing {
		return nil, fmt.Errorf("%s is the ledger of %s %s, and the list pins %s %s: run make corpus-update", path, l.Target, l.Version, t.Module, t.Version)
	}

	log("%s: preparing %s %s", t.Name, t.Module, t.Version)
	dir, root, err := prepare(t, work)
	if err != nil {
		return nil, err
	}
	log("%s: ctxbound -json in %s", t.Name, dir)
	run, err := analyse(t, ctxbound, dir, root)
	if err != nil {
		return nil, err
	}
	rec := reconcile(l.Entries, run.Findings)
	return &outcome{res: result{Target: t, Entries: rec.Entries, Run: run}, path: path, rec: rec}, nil
}

// write writes an outcome's ledger.
func (o *options) write(out *outcome, log func(string, ...any)) error {
	t, rec := out.res.Target, out.rec
	nl := &Ledger{Target: t.Module, Version: t.Version, Entries: rec.Entries}
	data, err := nl.format()
	if err != nil {
		return err
	}
	if err := os.WriteFile(out.path, data, 0o644); err != nil {
		return err
	}
	ask := 0
	for _, e := range rec.Gone {
		if e.NeedsGoneReason() {
			ask++
		}
	}
	log("%s: wrote %s: %d rows, %d new (unjudged), %d messages changed (verdict kept, marked ?), %d gone (kept, marked gone; %d true or intended, marked ? for a reason), %d back (live again)", t.Name, out.path, len(rec.Entries), len(rec.New), len(rec.Changed), len(rec.Gone), ask, len(rec.Back))
	for _, e := range rec.Gone {
		log("%s: gone: %s (was %s, first %s: %s)", t.Name, e.Finding, e.Verdict, e.firstColumn(), orNone(e.Reason))
	}
	for _, e := range rec.Back {
		log("%s: back: %s (%s, first %s)", t.Name, e.Finding, e.Verdict, e.firstColumn())
	}
	return nil
}

// activate makes the batch active in the list file, after its first look.
func (o *options) activate(batch string) error {
	data, err := os.ReadFile(o.list)
	if err != nil {
		return err
	}
	data, err = activate(data, batch)
	if err != nil {
		return fmt.Errorf("%s: %v", o.list, err)
	}
	return os.WriteFile(o.list, data, 0o644)
}

// problems lists what keeps a reconciled ledger from passing: findings
// without a verdict, verdicts carried over to a changed message, rows whose
// finding is gone or back, and rows still unjudged, marked for re-reading,
// lost while true or intended without a reason, or with the first-look
// marker old outside a grandfathered batch.
func problems(name, path string, b *Batch, rec Reconciliation) []string {
	var probs []string
	for _, f := range rec.New {
		probs = append(probs, fmt.Sprintf("%s: a finding without a verdict: %s", name, f))
	}
	for _, e := range rec.Changed {
		probs = append(probs, fmt.Sprintf("%s: a finding whose message changed (its verdict %s needs re-reading): %s", name, e.Verdict, e.Finding))
	}
	for _, e := range rec.Gone {
		probs = append(probs, fmt.Sprintf("%s: a finding no longer reported (its row is kept, marked gone, by make corpus-update): %s", name, e.Finding))
	}
	for _, e := range rec.Back {
		probs = append(probs, fmt.Sprintf("%s: a gone finding reported again (make corpus-update makes its row live): %s", name, e.Finding))
	}
	in := func(es []Entry, e Entry) bool {
		return slices.ContainsFunc(es, func(c Entry) bool { return c.Finding == e.Finding })
	}
	for _, e := range rec.Entries {
		switch {
		case e.Verdict == verdictUnjudged && !slices.Contains(rec.New, e.Finding):
			probs = append(probs, fmt.Sprintf("%s: an unjudged row in %s: %s", name, path, e.Finding))
		case e.Reread && !in(rec.Changed, e):
			probs = append(probs, fmt.Sprintf("%s: a verdict to re-read (%s?) in %s: %s", name, e.Verdict, path, e.Finding))
		case e.NeedsGoneReason() && !in(rec.Gone, e):
			probs = append(probs, fmt.Sprintf("%s: a finding no longer reported, %s when it went, without a reason why losing it is right (write it in the gone column of %s): %s", name, e.Verdict, path, e.Finding))
		}
		if e.First == firstOld && (b == nil || b.State != stateGrandfathered) {
			probs = append(probs, fmt.Sprintf("%s: the first-look marker old outside a grandfathered batch, in %s: write the first reading's verdict: %s", name, path, e.Finding))
		}
	}
	return probs
}

// prepareOnly prepares and type-checks the targets without analysing
// them, and prints their lines of Go.
func (o *options) prepareOnly(list *List, targets []Target, stdout io.Writer, log func(string, ...any)) int {
	work, err := o.workDir()
	if err != nil {
		log("%v", err)
		return 1
	}
	fmt.Fprintf(stdout, "| target | batch | module | version | packages | lines of Go | type-check cpu s |\n|---|---|---|---|---|---|---|\n")
	failed := false
	for _, t := range targets {
		log("%s: preparing %s %s", t.Name, t.Module, t.Version)
		dir, root, err := prepare(t, work)
		var pkgs, lines int
		var cpu time.Duration
		if err == nil {
			log("%s: type-checking in %s", t.Name, dir)
			pkgs, cpu, err = typeCheck(t, dir)
		}
		if err == nil {
			lines, err = countLines(t, root)
		}
		if err != nil {
			log("%s: %v", t.Name, err)
			failed = true
			continue
		}
		fmt.Fprintf(stdout, "| %s | %s | %s | %s | %s | %s | %.1f |\n", t.Name, t.Batch, t.Module, t.Version, num(pkgs), num(lines), cpu.Seconds())
	}
	if failed {
		return 1
	}
	return 0
}

// workDir returns the absolute work folder, made if need be.
func (o *options) workDir() (string, error) {
	work, err := filepath.Abs(o.work)
	if err == nil {
		err = os.MkdirAll(work, 0o755)
	}
	if err == nil {
		// go list names files by their real path: a work folder reached
		// through a symbolic link is compared by its target.
		work, err = filepath.EvalSymlinks(work)
	}
	return work, err
}
