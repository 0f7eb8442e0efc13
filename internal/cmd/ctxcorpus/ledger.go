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

// firstOld is the first-look "verdict" of a row judged before first-look
// verdicts were kept: it says there is none, and only a grandfathered batch
// may have it (see Batch).
const firstOld = "old"

// The gone column: goneLive for a finding the last run reported; for one
// it no longer reports, goneNoReason (needs none: its verdict was fp, or it
// was never judged), goneAsk (it was true or intended: a person must write
// why losing it is right in its place), or that reason.
const (
	goneLive     = "-"
	goneNoReason = "gone"
	goneAsk      = "?"
)

// none fills an empty optional column (cause, and the reason of an
// unjudged entry).
const none = "-"

// An Entry is one row of a ledger: a finding, its verdict now and its
// first-look verdict.
type Entry struct {
	Finding
	Verdict string // true, intended, fp or unjudged
	// First is the first-look verdict: the verdict given when the finding
	// was first read, before any change was made for it, never rewritten.
	// It is true, intended or fp; firstOld for a row judged before
	// first-look verdicts were kept; "" while the row is unjudged.
	First string
	// Reread marks a verdict carried over from a finding at the same
	// position whose message changed: someone must read it again (written
	// as the verdict with a trailing "?", e.g. "fp?").
	Reread bool
	// Gone marks a finding the last run no longer reported. Its row stays,
	// with its verdicts, so that first-look precision stays computable
	// after the fixes it led to.
	Gone bool
	// GoneReason is, for a gone row, why losing the finding is right: ""
	// when none is needed (written "gone"), goneAsk while a true or
	// intended finding waits for one.
	GoneReason string
	Cause      string // root-cause id, or "" when the finding is its own cause
	Reason     string // one line; "" only when unjudged
}

// Judged reports whether the entry has a verdict that needs no more reading.
func (e Entry) Judged() bool { return e.Verdict != verdictUnjudged && !e.Reread }

// meant reports whether the verdict says the finding is right to report:
// true or intended.
func meant(verdict string) bool { return verdict == verdictTrue || verdict == verdictIntended }

// NeedsGoneReason reports whether the entry is a true or intended finding
// that is no longer reported, without a reason why losing it is right.
func (e Entry) NeedsGoneReason() bool {
	return e.Gone && meant(e.Verdict) && (e.GoneReason == "" || e.GoneReason == goneAsk)
}

// goneColumn is the entry's gone column.
func (e Entry) goneColumn() string {
	switch {
	case !e.Gone:
		return goneLive
	case e.GoneReason == "":
		return goneNoReason
	}
	return e.GoneReason
}

// firstColumn is the entry's first column.
func (e Entry) firstColumn() string { return orNone(e.First) }

// A Ledger is the verdicts on one target's findings.
type Ledger struct {
	Target  string // the module path, or "std"
	Version string // the module version, or the Go version for std
	Entries []Entry
}

// The header line of every ledger, after the comments.
var columns = []string{"check", "file", "pos", "verdict", "first", "gone", "cause", "reason", "message"}

// The indexes of the columns.
const (
	colCheck = iota
	colFile
	colPos
	colVerdict
	colFirst
	colGone
	colCause
	colReason
	colMessage
)

const ledgerIntro = `# ctxbound precision ledger: one row per finding of ctxbound -json on the
# target named below (its top-level diagnostics; Related lines are not findings).
# Columns are separated by one tab. verdict: true (the code loses a context,
# identity or run binding it should keep), intended (the code means it, and the
# message's fix would also be correct), fp (the check is wrong), unjudged (new:
# read it). A verdict with a trailing ? (fp?) was carried over from a finding at
# the same position whose message changed: read it again, then drop the ?.
# first: the first-look verdict (true, intended or fp), given when the finding
# is first read, before any change is made for it, and never rewritten: whoever
# judges a new row writes both verdict and first; - while unjudged; old on rows
# judged before first-look verdicts were kept (a grandfathered batch only).
# gone: - while ctxbound reports the finding. A finding it no longer reports
# keeps its row and its verdicts: gone when it needs no reason (fp, unjudged),
# ? when it was true or intended: replace the ? with one line on why losing it
# is right. A gone finding that is reported again is live again (-).
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
	e.Check, e.File, e.Message = f[colCheck], f[colFile], f[colMessage]
	lineStr, colStr, ok := strings.Cut(f[colPos], ":")
	var err1, err2 error
	e.Line, err1 = strconv.Atoi(lineStr)
	e.Col, err2 = strconv.Atoi(colStr)
	if !ok || err1 != nil || err2 != nil || e.Line <= 0 || e.Col <= 0 {
		return e, fmt.Errorf("pos %q: want LINE:COL", f[colPos])
	}
	v, reread := strings.CutSuffix(f[colVerdict], "?")
	switch v {
	case verdictTrue, verdictIntended, verdictFP:
	case verdictUnjudged:
		if reread {
			return e, fmt.Errorf("verdict %q: an unjudged finding has nothing to re-read", f[colVerdict])
		}
	default:
		return e, fmt.Errorf("verdict %q: want true, intended, fp or unjudged", f[colVerdict])
	}
	e.Verdict, e.Reread = v, reread
	switch first := f[colFirst]; {
	case first == none && e.Verdict == verdictUnjudged:
	case first == none:
		return e, fmt.Errorf("verdict %s without a first-look verdict: write in first the verdict of the first reading (true, intended or fp)", e.Verdict)
	case e.Verdict == verdictUnjudged:
		return e, fmt.Errorf("first %q on an unjudged row: a first-look verdict is written with the first verdict (- until then)", first)
	case first == verdictTrue, first == verdictIntended, first == verdictFP, first == firstOld:
		e.First = first
	default:
		return e, fmt.Errorf("first %q: want true, intended, fp, old (judged before first-look verdicts were kept) or - (unjudged)", first)
	}
	switch gone := f[colGone]; gone {
	case goneLive:
	case goneNoReason:
		e.Gone = true
	default:
		e.Gone, e.GoneReason = true, gone
	}
	if f[colCause] != none {
		e.Cause = f[colCause]
		if strings.ContainsAny(e.Cause, " ") {
			return e, fmt.Errorf("cause %q: an id has no spaces", e.Cause)
		}
	}
	if f[colReason] != none {
		e.Reason = f[colReason]
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
		row := []string{e.Check, e.File, e.Pos(), verdict, e.firstColumn(), e.goneColumn(), orNone(e.Cause), orNone(e.Reason), e.Message}
		for i, v := range row {
			if strings.ContainsAny(v, "\t\n\r") || strings.TrimSpace(v) != v {
				return nil, fmt.Errorf("%s: column %s %q has a tab, a line break or surrounding space", e.Finding, columns[i], v)
			}
		}
		line := strings.Join(row, "\t")
		// What is written reads back as the same entry: the writer never
		// writes a row the parser rejects or reads otherwise.
		if back, err := parseEntry(line); err != nil {
			return nil, fmt.Errorf("%s: %v", e.Finding, err)
		} else if back != e {
			return nil, fmt.Errorf("%s: the row %q reads back as %+v, not %+v", e.Finding, line, back, e)
		}
		b.WriteString(line + "\n")
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
	// Entries is the updated ledger: every finding of the run, once, and
	// every row of the ledger the run no longer reports, marked gone.
	Entries []Entry
	New     []Finding // findings the ledger did not have (now unjudged)
	Changed []Entry   // verdicts carried over to a new message (now Reread)
	Gone    []Entry   // live rows whose finding the run no longer reports (now gone)
	Back    []Entry   // gone rows whose finding the run reports again (now live)
}

// reconcile matches a run's findings with a ledger's entries, live or
// gone. A finding keeps the entry with the same check, file, position and
// message. A finding whose message alone changed keeps the verdicts, cause
// and reason of the one entry left at its check, file and position, marked
// Reread; where several are left there, nothing is guessed and the findings
// are new. Other findings are new and unjudged. A matched gone entry is
// live again. Entries left unmatched stay, marked gone: a live one
// becomes gone, asking for a reason when it was true or intended; a gone
// one is kept as it is. No entry is dropped, and First is never changed.
func reconcile(entries []Entry, found []Finding) Reconciliation {
	var r Reconciliation
	byKey := map[Finding]Entry{}
	for _, e := range entries {
		byKey[e.Finding] = e
	}
	found = slices.Clone(found)
	slices.SortFunc(found, compareFindings)
	found = slices.Compact(found)

	live := func(e Entry) Entry {
		if e.Gone {
			e.Gone, e.GoneReason = false, ""
			r.Back = append(r.Back, e)
		}
		return e
	}
	type posKey struct {
		check, file string
		line, col   int
	}
	pk := func(f Finding) posKey { return posKey{f.Check, f.File, f.Line, f.Col} }
	var rest []Finding
	for _, f := range found {
		if e, ok := byKey[f]; ok {
			r.Entries = append(r.Entries, live(e))
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
			e = live(e)
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
		if _, ok := byKey[e.Finding]; !ok {
			continue
		}
		if !e.Gone {
			e.Gone = true
			if meant(e.Verdict) {
				e.GoneReason = goneAsk
			}
			r.Gone = append(r.Gone, e)
		}
		r.Entries = append(r.Entries, e)
	}
	slices.SortFunc(r.Entries, func(a, b Entry) int { return compareFindings(a.Finding, b.Finding) })
	return r
}
