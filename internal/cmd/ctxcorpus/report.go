package main

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
)

// A tally counts verdicts.
type tally struct {
	Findings, True, Intended, FP, Unjudged int
}

func (t *tally) add(e Entry) {
	t.Findings++
	switch e.Verdict {
	case verdictTrue:
		t.True++
	case verdictIntended:
		t.Intended++
	case verdictFP:
		t.FP++
	default:
		t.Unjudged++
	}
}

// strict is true / (true + fp).
func (t tally) strict() string { return percent(t.True, t.True+t.FP) }

// meant is (true + intended) / all findings.
func (t tally) meant() string { return percent(t.True+t.Intended, t.Findings) }

func percent(n, d int) string {
	if d == 0 {
		return "-"
	}
	return strconv.FormatFloat(100*float64(n)/float64(d), 'f', 1, 64) + " %"
}

// A result is one target's reconciled ledger and its run.
type result struct {
	Target  Target
	Entries []Entry
	Run     *Run
}

// A cause is a root-cause id of one target with more than one finding.
type cause struct {
	Target, ID string
	Entries    []Entry
}

// multiCauses returns the root causes with more than one live finding,
// sorted.
func multiCauses(rs []result) []cause {
	var out []cause
	for _, r := range rs {
		by := map[string][]Entry{}
		for _, e := range live(r.Entries) {
			if e.Cause != "" {
				by[e.Cause] = append(by[e.Cause], e)
			}
		}
		for id, es := range by {
			if len(es) > 1 {
				out = append(out, cause{r.Target.Name, id, es})
			}
		}
	}
	slices.SortFunc(out, func(a, b cause) int { return cmp.Or(cmp.Compare(a.Target, b.Target), cmp.Compare(a.ID, b.ID)) })
	return out
}

// live returns the entries whose finding the last run reported.
func live(es []Entry) []Entry {
	return slices.DeleteFunc(slices.Clone(es), func(e Entry) bool { return e.Gone })
}

// checkOrder returns checks, then the other checks of the entries, sorted.
func checkOrder(rs []result, checks []string) []string {
	var others []string
	for _, r := range rs {
		for _, e := range r.Entries {
			if !slices.Contains(checks, e.Check) && !slices.Contains(others, e.Check) {
				others = append(others, e.Check)
			}
		}
	}
	slices.Sort(others)
	return append(slices.Clone(checks), others...)
}

// writeReport prints the tables: per target, per check and in total (the
// live rows: the tuned figure), the root causes with more than one
// finding, per batch first-look precision beside the tuned figure, the
// true or intended findings lost, and (verbose) every row. Its bytes
// depend only on the list, the ledgers and the line counts.
func writeReport(w io.Writer, rs []result, list *List, checks []string, verbose bool) {
	var total tally
	gone := 0
	for _, r := range rs {
		for _, e := range r.Entries {
			if e.Gone {
				gone++
			} else {
				total.add(e)
			}
		}
	}
	showUnjudged := total.Unjudged > 0
	head := func(first ...string) {
		cols := append(first, "findings", "true", "intended", "fp")
		if showUnjudged {
			cols = append(cols, "unjudged")
		}
		cols = append(cols, "true/(true+fp)", "(true+intended)/all")
		fmt.Fprintf(w, "| %s |\n|%s\n", strings.Join(cols, " | "), strings.Repeat("---|", len(cols)))
	}
	row := func(t tally, first ...string) {
		cols := append(first, num(t.Findings), num(t.True), num(t.Intended), num(t.FP))
		if showUnjudged {
			cols = append(cols, num(t.Unjudged))
		}
		cols = append(cols, t.strict(), t.meant())
		fmt.Fprintf(w, "| %s |\n", strings.Join(cols, " | "))
	}

	lines := 0
	head("target", "lines of Go")
	for _, r := range rs {
		var t tally
		for _, e := range live(r.Entries) {
			t.add(e)
		}
		n := "-"
		if r.Run != nil {
			n = num(r.Run.Lines)
			lines += r.Run.Lines
		}
		row(t, r.Target.Name+" ("+r.Target.Module+" "+r.Target.Version+")", n)
	}
	row(total, "total", num(lines))

	byCheck := map[string]*tally{}
	for _, r := range rs {
		for _, e := range live(r.Entries) {
			if byCheck[e.Check] == nil {
				byCheck[e.Check] = new(tally)
			}
			byCheck[e.Check].add(e)
		}
	}
	order := checkOrder(rs, checks)
	fmt.Fprintln(w)
	head("check")
	for _, c := range order {
		t := byCheck[c]
		if t == nil {
			t = new(tally)
		}
		row(*t, c)
	}
	row(total, "total")
	if gone > 0 {
		fmt.Fprintf(w, "\nrows of findings no longer reported (gone; not in the tables above): %d\n", gone)
	}

	causes := multiCauses(rs)
	fmt.Fprintf(w, "\nroot causes with more than one finding: %d\n", len(causes))
	for _, c := range causes {
		var cs []string
		for _, e := range c.Entries {
			if !slices.Contains(cs, e.Check) {
				cs = append(cs, e.Check)
			}
		}
		slices.Sort(cs)
		fmt.Fprintf(w, "  %s %s: %d findings (%s)\n", c.Target, c.ID, len(c.Entries), strings.Join(cs, ", "))
	}

	writeBatches(w, rs, list, order)

	if verbose {
		for _, r := range rs {
			fmt.Fprintf(w, "\n%s:\n", r.Target.Name)
			for _, e := range r.Entries {
				v := e.Verdict
				if e.Reread {
					v += "?"
				}
				if e.Gone {
					v = "gone " + v
				}
				fmt.Fprintf(w, "  %s (first %s) %s:%s: %s: %s\n    %s", v, e.firstColumn(), e.File, e.Pos(), e.Check, e.Message, orNone(e.Reason))
				if e.Cause != "" {
					fmt.Fprintf(w, " [%s]", e.Cause)
				}
				fmt.Fprintln(w)
				if e.Gone {
					fmt.Fprintf(w, "    lost: %s\n", goneWhy(e))
				}
			}
		}
	}
}

// goneWhy is what the report says of why a gone row was lost.
func goneWhy(e Entry) string {
	switch {
	case e.NeedsGoneReason():
		return "no reason yet"
	case e.GoneReason == "":
		return "no reason needed"
	}
	return e.GoneReason
}

// addFirst counts the first-look verdict of the rows that have one,
// gone rows included.
func (t *tally) addFirst(e Entry) {
	switch e.First {
	case verdictTrue, verdictIntended, verdictFP:
		t.add(Entry{Verdict: e.First})
	}
}

// cell writes a tally as "findings (true/intended/fp)", with the
// unjudged when there are some.
func (t tally) cell() string {
	s := fmt.Sprintf("%s (%s/%s/%s", num(t.Findings), num(t.True), num(t.Intended), num(t.FP))
	if t.Unjudged > 0 {
		s += ", " + num(t.Unjudged) + " unjudged"
	}
	return s + ")"
}

// writeBatches prints, per batch of the list that has results, and per
// check: first-look precision (the rows with a first-look verdict, gone
// rows included, counted by that verdict) beside the tuned figure (the
// live rows, counted by their verdict now); then the true or intended
// findings lost, each with why losing it is right. A staged batch gets a
// line: it has not been run.
func writeBatches(w io.Writer, rs []result, list *List, order []string) {
	if list == nil {
		return
	}
	fmt.Fprintf(w, "\nfirst look and tuned, per batch (first look: the rows with a first-look verdict, gone rows included, by that verdict; tuned: the live rows, by their verdict now):\n")
	for _, b := range list.Batches {
		if b.State == stateStaged {
			fmt.Fprintf(w, "\nbatch %s (staged): %d targets, not run; its first look: make corpus-update CORPUSFLAGS=-first-look=%s\n", b.Name, len(b.Targets), b.Name)
			continue
		}
		var in []result
		for _, r := range rs {
			if r.Target.Batch == b.Name {
				in = append(in, r)
			}
		}
		if len(in) == 0 {
			continue
		}
		var rows, gone, old, unjudged int
		first, tuned := map[string]*tally{}, map[string]*tally{}
		var firstTotal, tunedTotal tally
		var lost []string
		for _, r := range in {
			for _, e := range r.Entries {
				rows++
				switch e.First {
				case firstOld:
					old++
				case "":
					unjudged++
				}
				if first[e.Check] == nil {
					first[e.Check], tuned[e.Check] = new(tally), new(tally)
				}
				first[e.Check].addFirst(e)
				firstTotal.addFirst(e)
				if e.Gone {
					gone++
					if meant(e.Verdict) {
						lost = append(lost, fmt.Sprintf("  %s %s %s:%s (%s, first %s): %s", r.Target.Name, e.Check, e.File, e.Pos(), e.Verdict, e.firstColumn(), goneWhy(e)))
					}
					continue
				}
				tuned[e.Check].add(e)
				tunedTotal.add(e)
			}
		}
		fmt.Fprintf(w, "\nbatch %s (%s): %d of %d targets; %d rows: %d live, %d gone; a first-look verdict on %d rows, %d old (judged before first-look verdicts were kept), %d unjudged\n",
			b.Name, b.State, len(in), len(b.Targets), rows, rows-gone, gone, firstTotal.Findings, old, unjudged)
		fmt.Fprintf(w, "| check | first look: rows (true/intended/fp) | true/(true+fp) | (true+intended)/all | tuned: findings (true/intended/fp) | true/(true+fp) | (true+intended)/all |\n|---|---|---|---|---|---|---|\n")
		line := func(name string, f, t tally) {
			fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s |\n", name, f.cell(), f.strict(), f.meant(), t.cell(), t.strict(), t.meant())
		}
		for _, c := range order {
			var f, t tally
			if first[c] != nil {
				f, t = *first[c], *tuned[c]
			}
			line(c, f, t)
		}
		line("total", firstTotal, tunedTotal)
		fmt.Fprintf(w, "true or intended findings no longer reported: %d\n", len(lost))
		for _, l := range lost {
			fmt.Fprintln(w, l)
		}
	}
}

// writeCost prints each run's CPU seconds (user+sys, the go list it runs
// included), wall time and peak RSS: measured, so different on every run.
func writeCost(w io.Writer, rs []result) {
	fmt.Fprintf(w, "\ncost of each run of ctxbound -json (CPU user+sys, wall, peak RSS of the largest process; varies with the load):\n")
	fmt.Fprintf(w, "| target | cpu s | wall s | peak RSS MiB |\n|---|---|---|---|\n")
	var cpu, wall time.Duration
	var rss int64
	for _, r := range rs {
		if r.Run == nil {
			continue
		}
		cpu += r.Run.CPU
		wall += r.Run.Wall
		rss = max(rss, r.Run.MaxRSS)
		fmt.Fprintf(w, "| %s | %.1f | %.1f | %s |\n", r.Target.Name, r.Run.CPU.Seconds(), r.Run.Wall.Seconds(), num(int(r.Run.MaxRSS>>20)))
	}
	fmt.Fprintf(w, "| total | %.1f | %.1f | %s (max) |\n", cpu.Seconds(), wall.Seconds(), num(int(rss>>20)))
}

// num writes n with thousands separators: 1,234,567.
func num(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
