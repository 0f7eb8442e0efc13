package main

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
)

// A sample is one measured run of one tool.
type sample struct {
	CPU    time.Duration // user+sys of the process and the descendants it waited for
	Wall   time.Duration
	MaxRSS int64   // bytes, largest single process (see maxRSS)
	Load   float64 // 1-minute load average when the run started (-1: unknown)

	// go vet only, from the toolexec wrapper: how many vet tool processes
	// ran (one per package and test variant, dependencies included), their
	// summed CPU time and the largest one's peak RSS.
	Units      int
	ToolCPU    time.Duration
	ToolRSS    int64
	WrapperCPU time.Duration // the wrappers' own CPU, already taken out of CPU
}

// A summary is the median and relative spread of one metric.
type summary struct {
	Median float64
	Spread float64 // (max-min)/median; 0 for one sample
	N      int
}

func summarize(xs []float64) summary {
	if len(xs) == 0 {
		return summary{}
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	med := s[n/2]
	if n%2 == 0 {
		med = (s[n/2-1] + s[n/2]) / 2
	}
	var spread float64
	if med != 0 {
		spread = (s[n-1] - s[0]) / med
	}
	return summary{Median: med, Spread: spread, N: n}
}

// A result is every sample of one tool on one target.
type result struct {
	Tool    *tool
	Samples []sample
	Err     error // the first failed run; the samples before it are kept
}

func (r *result) metric(f func(sample) float64) summary {
	xs := make([]float64, len(r.Samples))
	for i, s := range r.Samples {
		xs[i] = f(s)
	}
	return summarize(xs)
}

func cpuSeconds(s sample) float64     { return s.CPU.Seconds() }
func wallSeconds(s sample) float64    { return s.Wall.Seconds() }
func rssMiB(s sample) float64         { return float64(s.MaxRSS) / (1 << 20) }
func toolCPUSeconds(s sample) float64 { return s.ToolCPU.Seconds() }
func toolRSSMiB(s sample) float64     { return float64(s.ToolRSS) / (1 << 20) }

// A ratio compares two tools' medians on one metric; Target, when set, is
// the DESIGN.md ceiling it must not exceed.
type ratio struct {
	Name   string
	Metric string // "CPU", "RSS", "wall"; "tool CPU", "tool RSS" (vet tool processes only)
	Value  float64
	Target float64 // 0: for information
	OK     bool    // both sides measured
}

func (r ratio) verdict() string {
	switch {
	case !r.OK:
		return "n/a"
	case r.Target == 0:
		return ""
	case r.Value <= r.Target:
		return "PASS"
	default:
		return "FAIL"
	}
}

// A ratioSpec names a ratio by the tool keys it divides.
type ratioSpec struct {
	Name     string
	Num, Den string
	Metric   string
	Target   float64
}

// The targets (DESIGN.md "Performance architecture" and issue 11), all
// against the export-data floor, then ratios shown for scale.
var ratioSpecs = []ratioSpec{
	{"fresh / floor (export data)", "suite", "floor-export", "CPU", 4},
	{"fresh / floor (export data)", "suite", "floor-export", "RSS", 1.5},
	{"re-run unchanged / floor (export data)", "suite-warm", "floor-export", "CPU", 1.5},
	{"re-run unchanged / floor (export data)", "suite-warm", "floor-export", "RSS", 1.5},
	{"re-run after touch / floor (export data)", "suite-touch", "floor-export", "CPU", 2},
	{"re-run after touch / floor (export data)", "suite-touch", "floor-export", "RSS", 1.5},
	{"fresh / before (today's driver)", "suite", "before", "CPU", 1},
	{"fresh / before (today's driver)", "suite", "before", "RSS", 0},
	{"before / floor (export data)", "before", "floor-export", "CPU", 0},
	{"before / floor (export data)", "before", "floor-export", "RSS", 0},
	{"vet -vettool=ctxbound / vet -vettool=ctxfloor", "vet-suite", "vet-floor", "CPU", 1.1},
	{"vet -vettool=ctxbound / vet -vettool=ctxfloor", "vet-suite", "vet-floor", "wall", 0},
	{"vet -vettool=ctxbound / vet -vettool=ctxfloor", "vet-suite", "vet-floor", "tool CPU", 0},
	{"vet -vettool=ctxbound / vet -vettool=ctxfloor", "vet-suite", "vet-floor", "tool RSS", 0},
	{"vet -vettool=ctxbound / vet -vettool=before", "vet-suite", "vet-before", "CPU", 0},
	{"vet -vettool=ctxbound / vet -vettool=before", "vet-suite", "vet-before", "tool CPU", 0},
	{"vet -vettool=before / vet -vettool=ctxfloor", "vet-before", "vet-floor", "CPU", 0},
	{"vet -vettool=before / vet -vettool=ctxfloor", "vet-before", "vet-floor", "tool CPU", 0},
	{"fresh / floor, facts", "suite", "floor", "CPU", 0},
	{"fresh / floor, facts", "suite", "floor", "RSS", 0},
	{"vet -vettool=ctxbound / go vet", "vet-suite", "vet", "CPU", 0},
	{"fresh / go vet", "suite", "vet", "CPU", 0},
	{"staticcheck / floor (export data)", "staticcheck", "floor-export", "CPU", 0},
	{"staticcheck / floor (export data)", "staticcheck", "floor-export", "RSS", 0},
}

func metricFunc(m string) func(sample) float64 {
	switch m {
	case "CPU":
		return cpuSeconds
	case "RSS":
		return rssMiB
	case "wall":
		return wallSeconds
	case "tool CPU":
		return toolCPUSeconds
	case "tool RSS":
		return toolRSSMiB
	}
	panic("unknown metric " + m)
}

// ratios computes every spec whose tools were both selected; a side with an
// error or no samples gives a ratio that is not OK.
func ratios(results map[string]*result, specs []ratioSpec) []ratio {
	var out []ratio
	for _, sp := range specs {
		num, den := results[sp.Num], results[sp.Den]
		if num == nil || den == nil {
			continue
		}
		r := ratio{Name: sp.Name, Metric: sp.Metric, Target: sp.Target}
		f := metricFunc(sp.Metric)
		if num.Err == nil && den.Err == nil && len(num.Samples) > 0 && len(den.Samples) > 0 {
			n, d := num.metric(f).Median, den.metric(f).Median
			if d > 0 {
				r.Value, r.OK = n/d, true
			}
		}
		out = append(out, r)
	}
	return out
}

// writeTable prints one target's measurements and ratios.
func writeTable(out io.Writer, title string, order []string, results map[string]*result, rs []ratio) {
	var w bytes.Buffer
	defer func() {
		for line := range strings.Lines(w.String()) {
			fmt.Fprintln(out, strings.TrimRight(line, " \n"))
		}
	}()
	fmt.Fprintln(&w, title)
	tw := tabwriter.NewWriter(&w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "  tool\t%7s %5s\t%7s %5s\t%12s %5s\t%4s\n", "CPU s", "±", "wall s", "±", "peak RSS MiB", "±", "runs")
	for _, k := range order {
		r := results[k]
		if r == nil {
			continue
		}
		if len(r.Samples) == 0 {
			fmt.Fprintf(tw, "  %s\t%7s %5s\t%7s %5s\t%12s %5s\t%4d\n", r.Tool.Label, "-", "", "-", "", "-", "", 0)
			continue
		}
		c, wl, m := r.metric(cpuSeconds), r.metric(wallSeconds), r.metric(rssMiB)
		fmt.Fprintf(tw, "  %s\t%7.1f %5s\t%7.1f %5s\t%12.0f %5s\t%4d\n",
			r.Tool.Label, c.Median, pct(c), wl.Median, pct(wl), m.Median, pct(m), c.N)
	}
	vetTools := false
	for _, k := range order {
		if r := results[k]; r != nil && len(r.Samples) > 0 && r.Samples[0].Units > 0 {
			if !vetTools {
				fmt.Fprintf(tw, "  of which vet tool processes\t%7s %5s\t%7s %5s\t%12s %5s\t%4s\n", "CPU s", "±", "", "", "peak RSS MiB", "±", "runs")
				vetTools = true
			}
			c, m, u := r.metric(toolCPUSeconds), r.metric(toolRSSMiB), r.metric(func(s sample) float64 { return float64(s.Units) })
			fmt.Fprintf(tw, "  %s\t%7.1f %5s\t%7s %5s\t%12.0f %5s\t%4d\n", r.Tool.Label+fmt.Sprintf(" (%.0f packages)", u.Median), c.Median, pct(c), "", "", m.Median, pct(m), c.N)
		}
	}
	tw.Flush()
	if lo, hi, ok := loadRange(order, results); ok {
		fmt.Fprintf(&w, "  1-minute load average at the start of the runs: %.1f to %.1f\n", lo, hi)
	}
	for _, k := range order {
		if r := results[k]; r != nil && r.Err != nil {
			fmt.Fprintf(&w, "  %s FAILED: %v\n", r.Tool.Label, r.Err)
		}
	}
	if len(rs) == 0 {
		return
	}
	fmt.Fprintln(&w)
	tw = tabwriter.NewWriter(&w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "  ratio of medians\tmetric\t%6s\ttarget\n", "value")
	for _, r := range rs {
		val, target := "n/a", ""
		if r.OK {
			val = fmt.Sprintf("%.2f×", r.Value)
		}
		if r.Target > 0 {
			target = fmt.Sprintf("≤ %g×  %s", r.Target, r.verdict())
		}
		fmt.Fprintf(tw, "  %s\t%s\t%6s\t%s\n", r.Name, r.Metric, val, target)
	}
	tw.Flush()
}

// loadRange returns the lowest and highest load average seen at the start
// of a run.
func loadRange(order []string, results map[string]*result) (lo, hi float64, ok bool) {
	for _, k := range order {
		r := results[k]
		if r == nil {
			continue
		}
		for _, s := range r.Samples {
			if s.Load < 0 {
				continue
			}
			if !ok || s.Load < lo {
				lo = s.Load
			}
			if !ok || s.Load > hi {
				hi = s.Load
			}
			ok = true
		}
	}
	return lo, hi, ok
}

func pct(s summary) string {
	if s.N < 2 {
		return ""
	}
	return fmt.Sprintf("%.0f%%", 100*s.Spread)
}

// benchLines formats the samples in the Go benchmark format, one line per
// run, for benchstat: BenchmarkSuite/std 1 <wall ns> ns/op <cpu ns>
// cpu-ns/op <bytes> maxrss-bytes.
func benchLines(tgt string, order []string, results map[string]*result) string {
	var b strings.Builder
	for _, k := range order {
		r := results[k]
		if r == nil {
			continue
		}
		for _, s := range r.Samples {
			fmt.Fprintf(&b, "Benchmark%s/%s 1 %d ns/op %d cpu-ns/op %d maxrss-bytes",
				r.Tool.Bench, tgt, s.Wall.Nanoseconds(), s.CPU.Nanoseconds(), s.MaxRSS)
			if s.Units > 0 {
				fmt.Fprintf(&b, " %d tool-cpu-ns/op %d tool-maxrss-bytes", s.ToolCPU.Nanoseconds(), s.ToolRSS)
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}
