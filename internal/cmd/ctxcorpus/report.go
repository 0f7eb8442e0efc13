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

// multiCauses returns the root causes with more than one finding, sorted.
func multiCauses(rs []result) []cause {
	var out []cause
	for _, r := range rs {
		by := map[string][]Entry{}
		for _, e := range r.Entries {
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

// writeReport prints the tables: per target, per check and in total, the
// root causes with more than one finding, and (verbose) every finding. Its
// bytes depend only on the ledgers and the line counts.
func writeReport(w io.Writer, rs []result, checks []string, verbose bool) {
	var total tally
	showUnjudged := false
	for _, r := range rs {
		for _, e := range r.Entries {
			total.add(e)
		}
	}
	showUnjudged = total.Unjudged > 0
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
		for _, e := range r.Entries {
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
		for _, e := range r.Entries {
			if byCheck[e.Check] == nil {
				byCheck[e.Check] = new(tally)
			}
			byCheck[e.Check].add(e)
		}
	}
	order := slices.Clone(checks)
	var others []string
	for c := range byCheck {
		if !slices.Contains(order, c) {
			others = append(others, c)
		}
	}
	slices.Sort(others)
	fmt.Fprintln(w)
	head("check")
	for _, c := range append(order, others...) {
		t := byCheck[c]
		if t == nil {
			t = new(tally)
		}
		row(*t, c)
	}
	row(total, "total")

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

	if verbose {
		for _, r := range rs {
			fmt.Fprintf(w, "\n%s:\n", r.Target.Name)
			for _, e := range r.Entries {
				v := e.Verdict
				if e.Reread {
					v += "?"
				}
				fmt.Fprintf(w, "  %s %s:%s: %s: %s\n    %s", v, e.File, e.Pos(), e.Check, e.Message, orNone(e.Reason))
				if e.Cause != "" {
					fmt.Fprintf(w, " [%s]", e.Cause)
				}
				fmt.Fprintln(w)
			}
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
