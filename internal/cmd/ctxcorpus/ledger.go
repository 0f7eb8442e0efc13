package main

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
)

// A Finding is one top-level diagnostic of ctxbound (its Related lines are
// not findings), at a position relative to the module root (for std: to
// GOROOT/src).
type Finding struct {
	Check     string
	File      string // slash-separated, relative to the module root
	Line, Col int
	Message   string
}

// Pos is the finding's line:col.
func (f Finding) Pos() string { return strconv.Itoa(f.Line) + ":" + strconv.Itoa(f.Col) }

func (f Finding) String() string { return f.Check + " " + f.File + ":" + f.Pos() + ": " + f.Message }

func compareFindings(a, b Finding) int {
	return cmp.Or(
		cmp.Compare(a.File, b.File),
		cmp.Compare(a.Line, b.Line),
		cmp.Compare(a.Col, b.Col),
		cmp.Compare(a.Check, b.Check),
		cmp.Compare(a.Message, b.Message),
	)
}

// The verdicts. unjudged marks a finding no one has read yet.
const (
	verdictTrue     = "true"
	verdictIntended = "intended"
	verdictFP       = "fp"
	verdictUnjudged = "unjudged"
)

// none fills an empty optional column (cause, and the reason of an
// unjudged entry).
const none = "-"

// An Entry is one row of a ledger: a finding and its verdict.
type Entry struct {
	Finding
	Verdict string // true, intended, fp or unjudged
	// Reread marks a verdict carried over from a finding at the same
	// position whose message changed: someone must read it again (written
	// as the verdict with a trailing "?", e.g. "fp?").
	Reread bool
	Cause  string // root-cause id, or "" when the finding is its own cause
	Reason string // one line; "" only when unjudged
}

// Judged reports whether the entry has a verdict that needs no more reading.
func (e Entry) Judged() bool { return e.Verdict != verdictUnjudged && !e.Reread }

// A Ledger is the verdicts on one target's findings.
type Ledger struct {
	Target  string // the module path, or "std"
	Version string // the module version, or the Go version for std
	Entries []Entry
}

// The header line of every ledger, after the comments.
var columns = []string{"check", "file", "pos", "verdict", "cause", "reason", "message"}

const ledgerIntro = `# ctxbound precision ledger: one row per finding of ctxbound -json on the
# target named below (its top-level diagnostics; Related lines are not findings).
# Columns are separated by one tab. verdict: true (the code loses a context,
# identity or run binding it should keep), intended (the code means it, and the
# message's fix would also be correct), fp (the check is wrong), unjudged (new:
# read it). A verdict with a trailing ? (fp?) was carried over from a finding at
# the same position whose message changed: read it again, then drop the ?.
# cause: a root-cause id shared by findings of one root cause, or -.
# Written by make corpus-update, judged by hand; make corpus checks it.
`

// parseLedger reads a ledger. Every malformed line is an error that names
// the line.
func parseLedger(name string, r io.Reader) (*Ledger, error) {
	l := new(Ledger)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	lineNo, header := 0, false
	seen := map[Finding]int{}
	errf := func(format string, args ...any) error {
		return fmt.Errorf("%s:%d: %s", name, lineNo, fmt.Sprintf(format, args...))
	}
	for sc.Scan() {
		lineNo++
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			if header {
				return nil, errf("comment after the header line")
			}
			if rest, ok := strings.CutPrefix(line, "# target: "); ok {
				f := strings.Fields(rest)
				if len(f) != 2 {
					return nil, errf("target line %q: want \"# target: MODULE VERSION\"", line)
				}
				l.Target, l.Version = f[0], f[1]
			}
			continue
		}
		if !header {
			if line != strings.Join(columns, "\t") {
				return nil, errf("want the header line %q, got %q", strings.Join(columns, "\t"), line)
			}
			header = true
			continue
		}
		if line == "" {
			return nil, errf("empty line")
		}
		e, err := parseEntry(line)
		if err != nil {
			return nil, errf("%v", err)
		}
		if prev, dup := seen[e.Finding]; dup {
			return nil, errf("the same finding as line %d", prev)
		}
		seen[e.Finding] = lineNo
		l.Entries = append(l.Entries, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if l.Target == "" {
		return nil, fmt.Errorf("%s: no \"# target: MODULE VERSION\" line", name)
	}
	if !header {
		return nil, fmt.Errorf("%s: no header line", name)
	}
	return l, nil
}

func parseEntry(line string) (Entry, error) {
	var e Entry
	f := strings.Split(line, "\t")
	if len(f) != len(columns) {
		return e, fmt.Errorf("%d columns, want %d (%s)", len(f), len(columns), strings.Join(columns, ", "))
	}
	for i, v := range f {
		if v == "" || strings.TrimSpace(v) != v {
			return e, fmt.Errorf("column %s is empty or has surrounding space (write - for none)", columns[i])
		}
	}
	e.Check, e.File, e.Message = f[0], f[1], f[6]
	lineStr, colStr, ok := strings.Cut(f[2], ":")
	var err1, err2 error
	e.Line, err1 = strconv.Atoi(lineStr)
	e.Col, err2 = strconv.Atoi(colStr)
	if !ok || err1 != nil || err2 != nil || e.Line <= 0 || e.Col <= 0 {
		return e, fmt.Errorf("pos %q: want LINE:COL", f[2])
	}
	v, reread := strings.CutSuffix(f[3], "?")
	switch v {
	case verdictTrue, verdictIntended, verdictFP:
	case verdictUnjudged:
		if reread {
			return e, fmt.Errorf("verdict %q: an unjudged finding has nothing to re-read", f[3])
		}
	default:
		return e, fmt.Errorf("verdict %q: want true, intended, fp or unjudged", f[3])
	}
	e.Verdict, e.Reread = v, reread
	if f[4] != none {
		e.Cause = f[4]
		if strings.ContainsAny(e.Cause, " ") {
			return e, fmt.Errorf("cause %q: an id has no spaces", e.Cause)
		}
	}
	if f[5] != none {
		e.Reason = f[5]
	}
	if e.Verdict != verdictUnjudged && e.Reason == "" {
		return e, fmt.Errorf("verdict %s without a reason", e.Verdict)
	}
	return e, nil
}

// format returns the ledger's bytes: the same entries give the same bytes.
func (l *Ledger) format() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(ledgerIntro)
	fmt.Fprintf(&b, "# target: %s %s\n", l.Target, l.Version)
	b.WriteString(strings.Join(columns, "\t") + "\n")
	es := slices.Clone(l.Entries)
	slices.SortFunc(es, func(a, b Entry) int { return compareFindings(a.Finding, b.Finding) })
	for _, e := range es {
		verdict := e.Verdict
		if e.Reread {
			verdict += "?"
		}
		row := []string{e.Check, e.File, e.Pos(), verdict, orNone(e.Cause), orNone(e.Reason), e.Message}
		for i, v := range row {
			if strings.ContainsAny(v, "\t\n\r") || strings.TrimSpace(v) != v {
				return nil, fmt.Errorf("%s: column %s %q has a tab, a line break or surrounding space", e.Finding, columns[i], v)
			}
		}
		b.WriteString(strings.Join(row, "\t") + "\n")
	}
	return b.Bytes(), nil
}

func orNone(s string) string {
	if s == "" {
		return none
	}
	return s
}

func readLedger(path string) (*Ledger, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseLedger(path, f)
}

// A Reconciliation is a ledger brought up to date with a run's findings.
type Reconciliation struct {
	// Entries is the updated ledger: every finding of the run, once.
	Entries []Entry
	New     []Finding // findings the ledger did not have (now unjudged)
	Changed []Entry   // verdicts carried over to a new message (now Reread)
	Gone    []Entry   // ledger entries whose finding the run no longer reports
}

// reconcile matches a run's findings with a ledger's entries. A finding
// keeps the entry with the same check, file, position and message. A
// finding whose message alone changed keeps the verdict, cause and reason
// of the one entry left at its check, file and position, marked Reread;
// where several are left there, nothing is guessed and the findings are
// new. Other findings are new and unjudged; other entries are gone.
func reconcile(entries []Entry, found []Finding) Reconciliation {
	var r Reconciliation
	byKey := map[Finding]Entry{}
	for _, e := range entries {
		byKey[e.Finding] = e
	}
	found = slices.Clone(found)
	slices.SortFunc(found, compareFindings)
	found = slices.Compact(found)

	type posKey struct {
		check, file string
		line, col   int
	}
	pk := func(f Finding) posKey { return posKey{f.Check, f.File, f.Line, f.Col} }
	var rest []Finding
	for _, f := range found {
		if e, ok := byKey[f]; ok {
			r.Entries = append(r.Entries, e)
			delete(byKey, f)
		} else {
			rest = append(rest, f)
		}
	}
	leftAt := map[posKey][]Entry{}
	for _, e := range entries {
		if _, ok := byKey[e.Finding]; ok {
			leftAt[pk(e.Finding)] = append(leftAt[pk(e.Finding)], e)
		}
	}
	restAt := map[posKey]int{}
	for _, f := range rest {
		restAt[pk(f)]++
	}
	for _, f := range rest {
		old := leftAt[pk(f)]
		if len(old) == 1 && restAt[pk(f)] == 1 {
			e := old[0]
			delete(byKey, e.Finding)
			e.Finding = f
			e.Reread = e.Verdict != verdictUnjudged
			r.Entries = append(r.Entries, e)
			if e.Reread {
				r.Changed = append(r.Changed, e)
			}
			continue
		}
		r.New = append(r.New, f)
		r.Entries = append(r.Entries, Entry{Finding: f, Verdict: verdictUnjudged})
	}
	for _, e := range entries {
		if _, ok := byKey[e.Finding]; ok {
			r.Gone = append(r.Gone, e)
		}
	}
	slices.SortFunc(r.Entries, func(a, b Entry) int { return compareFindings(a.Finding, b.Finding) })
	return r
}
