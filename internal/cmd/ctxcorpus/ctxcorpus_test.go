package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
)

const header = "check\tfile\tpos\tverdict\tfirst\tgone\tcause\treason\tmessage\n"

func TestLedgerRoundTrip(t *testing.T) {
	l := &Ledger{Target: "example.com/m", Version: "v1.2.3", Entries: []Entry{
		{Finding: Finding{"spawnctx", "b/b.go", 9, 2, "goroutine drops the caller's context: x"}, Verdict: verdictFP, First: verdictFP, Cause: "shape-1", Reason: "a lifetime context stored through a pointer"},
		{Finding: Finding{"ctxdrop", "a.go", 12, 30, "call of f passes a root context"}, Verdict: verdictTrue, First: firstOld, Reason: "f takes ctx; pass it"},
		{Finding: Finding{"ctxdrop", "a.go", 3, 1, "call of g passes a root context"}, Verdict: verdictIntended, First: verdictFP, Reread: true, Reason: "a shutdown"},
		{Finding: Finding{"slotreread", "a.go", 12, 4, "x read twice"}, Verdict: verdictUnjudged},
		{Finding: Finding{"ctxdrop", "c.go", 1, 1, "gone fp"}, Verdict: verdictFP, First: verdictFP, Gone: true, Reason: "wrong"},
		{Finding: Finding{"ctxdrop", "c.go", 2, 1, "gone true, asked"}, Verdict: verdictTrue, First: verdictTrue, Gone: true, GoneReason: goneAsk, Reason: "right"},
		{Finding: Finding{"ctxdrop", "c.go", 3, 1, "gone intended, told"}, Verdict: verdictIntended, First: verdictIntended, Gone: true, GoneReason: "the example was deleted upstream", Reason: "meant"},
	}}
	data, err := l.format()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte(ledgerIntro+"# target: example.com/m v1.2.3\n"+header)) {
		t.Errorf("the ledger does not start with the intro, the target and the header:\n%s", data)
	}
	// Rows are sorted by file, line, column and check, whatever the order
	// of the entries.
	rows := strings.Split(strings.TrimSpace(string(data[bytes.Index(data, []byte(header))+len(header):])), "\n")
	want := []string{
		"ctxdrop\ta.go\t3:1\tintended?\tfp\t-\t-\ta shutdown\tcall of g passes a root context",
		"slotreread\ta.go\t12:4\tunjudged\t-\t-\t-\t-\tx read twice",
		"ctxdrop\ta.go\t12:30\ttrue\told\t-\t-\tf takes ctx; pass it\tcall of f passes a root context",
		"spawnctx\tb/b.go\t9:2\tfp\tfp\t-\tshape-1\ta lifetime context stored through a pointer\tgoroutine drops the caller's context: x",
		"ctxdrop\tc.go\t1:1\tfp\tfp\tgone\t-\twrong\tgone fp",
		"ctxdrop\tc.go\t2:1\ttrue\ttrue\t?\t-\tright\tgone true, asked",
		"ctxdrop\tc.go\t3:1\tintended\tintended\tthe example was deleted upstream\t-\tmeant\tgone intended, told",
	}
	if !slices.Equal(rows, want) {
		t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(rows, "\n"), strings.Join(want, "\n"))
	}
	back, err := parseLedger("x.tsv", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if back.Target != l.Target || back.Version != l.Version {
		t.Errorf("target %s %s, want %s %s", back.Target, back.Version, l.Target, l.Version)
	}
	again, err := back.format()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, data) {
		t.Errorf("parse and format changed the bytes:\n%s\nwant:\n%s", again, data)
	}
	for _, e := range l.Entries {
		i := slices.IndexFunc(back.Entries, func(b Entry) bool { return b.Finding == e.Finding })
		if i < 0 || back.Entries[i] != e {
			t.Errorf("%s read back as %+v, want %+v", e.Finding, back.Entries[i], e)
		}
	}
	if !back.Entries[0].Reread || back.Entries[0].Verdict != verdictIntended || back.Entries[0].Judged() {
		t.Errorf("intended? parsed as %+v", back.Entries[0])
	}
	// Only the true or intended gone row without a reason needs one.
	for _, e := range back.Entries {
		if got, want := e.NeedsGoneReason(), e.Message == "gone true, asked"; got != want {
			t.Errorf("%s: NeedsGoneReason %v, want %v", e.Finding, got, want)
		}
	}
}

func TestLedgerFormatRejects(t *testing.T) {
	fi := Finding{"ctxdrop", "a.go", 1, 1, "m"}
	for _, e := range []Entry{
		{Finding: Finding{"ctxdrop", "a.go", 1, 1, "a\tb"}, Verdict: verdictTrue, First: verdictTrue, Reason: "r"},
		{Finding: fi, Verdict: verdictTrue, First: verdictTrue, Reason: "two\nlines"},
		{Finding: fi, Verdict: verdictTrue, First: verdictTrue, Reason: " padded"},
		// A judged row without a first-look verdict, and an unjudged one with one.
		{Finding: fi, Verdict: verdictTrue, Reason: "r"},
		{Finding: fi, Verdict: verdictUnjudged, First: verdictFP},
		{Finding: fi, Verdict: verdictTrue, First: "maybe", Reason: "r"},
		// Gone reasons that would read back as something else.
		{Finding: fi, Verdict: verdictTrue, First: verdictTrue, Reason: "r", Gone: true, GoneReason: goneLive},
		{Finding: fi, Verdict: verdictTrue, First: verdictTrue, Reason: "r", Gone: true, GoneReason: goneNoReason},
		{Finding: fi, Verdict: verdictTrue, First: verdictTrue, Reason: "r", GoneReason: "a reason on a live row"},
		{Finding: fi, Verdict: verdictTrue, First: verdictTrue, Reason: "r", Gone: true, GoneReason: "a\ttab"},
	} {
		l := &Ledger{Target: "m", Version: "v1", Entries: []Entry{e}}
		if _, err := l.format(); err == nil {
			t.Errorf("format accepted %+v", e)
		}
	}
}

func TestParseLedgerErrors(t *testing.T) {
	const target = "# target: example.com/m v1.0.0\n"
	row := "ctxdrop\ta.go\t1:2\ttrue\ttrue\t-\t-\treason\tmessage\n"
	for _, tc := range []struct{ name, in, want string }{
		{"no target line", header + row, `no "# target: MODULE VERSION" line`},
		{"bad target line", "# target: m\n" + header, "want \"# target: MODULE VERSION\""},
		{"no header", target, "no header line"},
		{"wrong header", target + "check\tfile\n", "want the header line"},
		{"the header without first and gone", target + "check\tfile\tpos\tverdict\tcause\treason\tmessage\n", "want the header line"},
		{"comment after header", target + header + "# late\n", "x.tsv:3: comment after the header line"},
		{"too few columns", target + header + "ctxdrop\ta.go\t1:2\ttrue\t-\treason\tmessage\n", "x.tsv:3: 7 columns, want 9"},
		{"empty column", target + header + "ctxdrop\ta.go\t1:2\ttrue\ttrue\t-\t\treason\tmessage\n", "column cause is empty"},
		{"spaces around a column", target + header + "ctxdrop\ta.go\t1:2\ttrue \ttrue\t-\t-\treason\tmessage\n", "column verdict is empty or has surrounding space"},
		{"pos without col", target + header + "ctxdrop\ta.go\t12\ttrue\ttrue\t-\t-\treason\tmessage\n", `pos "12": want LINE:COL`},
		{"pos zero", target + header + "ctxdrop\ta.go\t0:1\ttrue\ttrue\t-\t-\treason\tmessage\n", `pos "0:1"`},
		{"bad verdict", target + header + "ctxdrop\ta.go\t1:2\tmaybe\ttrue\t-\t-\treason\tmessage\n", `verdict "maybe": want true, intended, fp or unjudged`},
		{"unjudged to re-read", target + header + "ctxdrop\ta.go\t1:2\tunjudged?\t-\t-\t-\t-\tmessage\n", "nothing to re-read"},
		{"verdict without reason", target + header + "ctxdrop\ta.go\t1:2\tfp\tfp\t-\t-\t-\tmessage\n", "verdict fp without a reason"},
		{"judged without a first look", target + header + "ctxdrop\ta.go\t1:2\ttrue\t-\t-\t-\treason\tmessage\n", "verdict true without a first-look verdict"},
		{"re-read without a first look", target + header + "ctxdrop\ta.go\t1:2\tfp?\t-\t-\t-\treason\tmessage\n", "verdict fp without a first-look verdict"},
		{"a first look on an unjudged row", target + header + "ctxdrop\ta.go\t1:2\tunjudged\tfp\t-\t-\t-\tmessage\n", `first "fp" on an unjudged row`},
		{"first of another form", target + header + "ctxdrop\ta.go\t1:2\ttrue\tmaybe\t-\t-\treason\tmessage\n", `first "maybe": want true, intended, fp, old`},
		{"first in capitals", target + header + "ctxdrop\ta.go\t1:2\ttrue\tTrue\t-\t-\treason\tmessage\n", `first "True"`},
		{"first to re-read", target + header + "ctxdrop\ta.go\t1:2\ttrue\ttrue?\t-\t-\treason\tmessage\n", `first "true?"`},
		{"first unjudged", target + header + "ctxdrop\ta.go\t1:2\ttrue\tunjudged\t-\t-\treason\tmessage\n", `first "unjudged"`},
		{"cause with a space", target + header + "ctxdrop\ta.go\t1:2\tfp\tfp\t-\ttwo words\treason\tmessage\n", "an id has no spaces"},
		{"empty line", target + header + row + "\n", "x.tsv:4: empty line"},
		{"duplicate", target + header + row + strings.Replace(row, "true\ttrue\t-\t-\treason", "fp\tfp\tgone\t-\tother", 1), "x.tsv:4: the same finding as line 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parseLedger("x.tsv", strings.NewReader(tc.in))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}

	// The forms a row may take.
	fi := Finding{"ctxdrop", "a.go", 1, 2, "message"}
	for _, tc := range []struct {
		row  string
		want Entry
	}{
		{"unjudged\t-\t-\t-\t-", Entry{Finding: fi, Verdict: verdictUnjudged}},
		{"unjudged\t-\tgone\t-\t-", Entry{Finding: fi, Verdict: verdictUnjudged, Gone: true}},
		{"true\told\t-\t-\tr", Entry{Finding: fi, Verdict: verdictTrue, First: firstOld, Reason: "r"}},
		{"intended?\tfp\t-\tc1\tr", Entry{Finding: fi, Verdict: verdictIntended, Reread: true, First: verdictFP, Cause: "c1", Reason: "r"}},
		{"fp\tfp\tgone\t-\tr", Entry{Finding: fi, Verdict: verdictFP, First: verdictFP, Gone: true, Reason: "r"}},
		{"true\ttrue\t?\t-\tr", Entry{Finding: fi, Verdict: verdictTrue, First: verdictTrue, Gone: true, GoneReason: goneAsk, Reason: "r"}},
		{"intended\told\tthe call moved to a ctx-taking API\t-\tr", Entry{Finding: fi, Verdict: verdictIntended, First: firstOld, Gone: true, GoneReason: "the call moved to a ctx-taking API", Reason: "r"}},
	} {
		l, err := parseLedger("x.tsv", strings.NewReader(target+header+"ctxdrop\ta.go\t1:2\t"+tc.row+"\tmessage\n"))
		if err != nil || len(l.Entries) != 1 || l.Entries[0] != tc.want {
			t.Errorf("%q: %v %+v, want %+v", tc.row, err, l, tc.want)
		}
	}
}

func TestReconcile(t *testing.T) {
	f := func(check, file string, line, col int, msg string) Finding {
		return Finding{check, file, line, col, msg}
	}
	judged := func(fi Finding, verdict, first, reason string) Entry {
		return Entry{Finding: fi, Verdict: verdict, First: first, Reason: reason}
	}
	gone := func(e Entry, reason string) Entry {
		e.Gone, e.GoneReason = true, reason
		return e
	}

	kept := judged(f("ctxdrop", "a.go", 1, 1, "same"), verdictTrue, firstOld, "kept")
	renamed := judged(f("ctxdrop", "a.go", 2, 1, "old message"), verdictFP, verdictFP, "carried")
	renamed.Cause = "c1"
	unjudgedRenamed := Entry{Finding: f("spawnctx", "a.go", 3, 1, "old"), Verdict: verdictUnjudged}
	crowdedA := judged(f("slotreread", "b.go", 5, 5, "old a"), verdictTrue, verdictTrue, "a")
	crowdedB := judged(f("slotreread", "b.go", 5, 5, "old b"), verdictFP, verdictFP, "b")
	going := judged(f("ctxdrop", "c.go", 9, 9, "gone"), verdictIntended, verdictFP, "no longer reported")
	movedOnly := judged(f("ctxdrop", "d.go", 1, 1, "moved"), verdictTrue, firstOld, "a new position is a new finding")
	alreadyGone := gone(judged(f("ctxdrop", "f.go", 1, 1, "lost before"), verdictTrue, verdictTrue, "r"), "the helper was deleted upstream")
	backExact := gone(judged(f("ctxdrop", "g.go", 1, 1, "back"), verdictFP, verdictFP, "r"), "")
	backChanged := gone(judged(f("ctxdrop", "h.go", 1, 1, "back, old message"), verdictTrue, verdictTrue, "r"), goneAsk)
	unjudgedGoing := Entry{Finding: f("spawnctx", "i.go", 1, 1, "never read"), Verdict: verdictUnjudged}

	found := []Finding{
		f("ctxdrop", "a.go", 1, 1, "same"),
		f("ctxdrop", "a.go", 1, 1, "same"), // a package and its test variant
		f("ctxdrop", "a.go", 2, 1, "new message"),
		f("spawnctx", "a.go", 3, 1, "new"),
		f("slotreread", "b.go", 5, 5, "new a"),
		f("slotreread", "b.go", 5, 5, "new b"),
		f("ctxdrop", "d.go", 2, 1, "moved"),
		f("ctxdrop", "e.go", 1, 1, "brand new"),
		f("ctxdrop", "g.go", 1, 1, "back"),
		f("ctxdrop", "h.go", 1, 1, "back, new message"),
	}
	r := reconcile([]Entry{going, crowdedB, kept, renamed, unjudgedRenamed, crowdedA, movedOnly, alreadyGone, backExact, backChanged, unjudgedGoing}, found)

	wantRenamed := renamed
	wantRenamed.Finding = f("ctxdrop", "a.go", 2, 1, "new message")
	wantRenamed.Reread = true
	wantUnjudged := Entry{Finding: f("spawnctx", "a.go", 3, 1, "new"), Verdict: verdictUnjudged}
	unj := func(fi Finding) Entry { return Entry{Finding: fi, Verdict: verdictUnjudged} }
	// A gone row found again is live, with its verdicts; one found with a
	// new message is also to re-read.
	wantBackExact := backExact
	wantBackExact.Gone = false
	wantBackChanged := backChanged
	wantBackChanged.Finding = f("ctxdrop", "h.go", 1, 1, "back, new message")
	wantBackChanged.Gone, wantBackChanged.GoneReason, wantBackChanged.Reread = false, "", true
	// Rows no longer reported stay, marked gone: a true or intended one
	// asks for a reason, an fp or unjudged one needs none; a row already
	// gone is kept as it was.
	wantEntries := []Entry{
		kept,
		wantRenamed,
		wantUnjudged,
		unj(f("slotreread", "b.go", 5, 5, "new a")),
		unj(f("slotreread", "b.go", 5, 5, "new b")),
		gone(crowdedA, goneAsk),
		gone(crowdedB, ""),
		gone(going, goneAsk),
		gone(movedOnly, goneAsk),
		unj(f("ctxdrop", "d.go", 2, 1, "moved")),
		unj(f("ctxdrop", "e.go", 1, 1, "brand new")),
		alreadyGone,
		wantBackExact,
		wantBackChanged,
		gone(unjudgedGoing, ""),
	}
	if !reflect.DeepEqual(r.Entries, wantEntries) {
		t.Errorf("entries:\n%v\nwant:\n%v", r.Entries, wantEntries)
	}
	if want := []Entry{wantRenamed, wantBackChanged}; !reflect.DeepEqual(r.Changed, want) {
		t.Errorf("changed %v, want %v", r.Changed, want)
	}
	wantNew := []Finding{
		f("slotreread", "b.go", 5, 5, "new a"),
		f("slotreread", "b.go", 5, 5, "new b"),
		f("ctxdrop", "d.go", 2, 1, "moved"),
		f("ctxdrop", "e.go", 1, 1, "brand new"),
	}
	if !reflect.DeepEqual(r.New, wantNew) {
		t.Errorf("new %v, want %v", r.New, wantNew)
	}
	// Gone in the order of the ledger: the rows that went in this run.
	if want := []Entry{gone(going, goneAsk), gone(crowdedB, ""), gone(crowdedA, goneAsk), gone(movedOnly, goneAsk), gone(unjudgedGoing, "")}; !reflect.DeepEqual(r.Gone, want) {
		t.Errorf("gone %v, want %v", r.Gone, want)
	}
	if want := []Entry{wantBackExact, wantBackChanged}; !reflect.DeepEqual(r.Back, want) {
		t.Errorf("back %v, want %v", r.Back, want)
	}
	// No row is dropped, and no first-look verdict changes.
	if len(r.Entries) != len(wantNew)+11 {
		t.Errorf("%d rows, want the 11 of the ledger and the %d new", len(r.Entries), len(wantNew))
	}

	// An up-to-date ledger reconciles to itself with nothing to report.
	again := reconcile(r.Entries, found)
	if !reflect.DeepEqual(again.Entries, r.Entries) || again.New != nil || again.Changed != nil || again.Gone != nil || again.Back != nil {
		t.Errorf("a second reconcile changed something: %+v", again)
	}
	// So does it when nothing is found: every row is kept, gone.
	none := reconcile(r.Entries, nil)
	if len(none.Entries) != len(r.Entries) || none.New != nil || none.Changed != nil || none.Back != nil {
		t.Errorf("a run without findings: %+v", none)
	}
	for i, e := range none.Entries {
		if !e.Gone || e.First != r.Entries[i].First || e.Verdict != r.Entries[i].Verdict || e.Finding != r.Entries[i].Finding {
			t.Errorf("%s: after a run without findings %+v, was %+v", e.Finding, e, r.Entries[i])
		}
	}
}

func TestProblems(t *testing.T) {
	fi := func(line int) Finding { return Finding{"ctxdrop", "a.go", line, 1, "m"} }
	rec := Reconciliation{
		Entries: []Entry{
			{Finding: fi(1), Verdict: verdictTrue, First: verdictTrue, Reason: "ok"},
			{Finding: fi(2), Verdict: verdictUnjudged},                                                               // new in this run
			{Finding: fi(3), Verdict: verdictFP, First: verdictFP, Reread: true, Reason: "r"},                        // changed in this run
			{Finding: fi(4), Verdict: verdictUnjudged},                                                               // left unjudged in the ledger
			{Finding: fi(5), Verdict: verdictIntended, First: verdictFP, Reread: true, Reason: "r"},                  // left marked in the ledger
			{Finding: fi(6), Verdict: verdictTrue, First: verdictTrue, Gone: true, GoneReason: goneAsk, Reason: "r"}, // gone in this run
			{Finding: fi(7), Verdict: verdictTrue, First: verdictTrue, Gone: true, GoneReason: goneAsk, Reason: "r"}, // left without a reason
			{Finding: fi(8), Verdict: verdictTrue, First: verdictTrue, Gone: true, GoneReason: "fixed upstream", Reason: "r"},
			{Finding: fi(9), Verdict: verdictFP, First: verdictFP, Gone: true, Reason: "r"},
			{Finding: fi(10), Verdict: verdictIntended, First: verdictIntended, Gone: true, Reason: "r"}, // judged after it went: needs one
			{Finding: fi(11), Verdict: verdictFP, First: firstOld, Reason: "r"},
			{Finding: fi(12), Verdict: verdictTrue, First: verdictTrue, Reason: "r"}, // back in this run
		},
		New:     []Finding{fi(2)},
		Changed: []Entry{{Finding: fi(3), Verdict: verdictFP, First: verdictFP, Reread: true, Reason: "r"}},
		Gone:    []Entry{{Finding: fi(6), Verdict: verdictTrue, First: verdictTrue, Gone: true, GoneReason: goneAsk, Reason: "r"}},
		Back:    []Entry{{Finding: fi(12), Verdict: verdictTrue, First: verdictTrue, Reason: "r"}},
	}
	active := &Batch{Name: "b", State: stateActive}
	got := problems("m", "docs/precision/m.tsv", active, rec)
	want := []string{
		"m: a finding without a verdict: ctxdrop a.go:2:1: m",
		"m: a finding whose message changed (its verdict fp needs re-reading): ctxdrop a.go:3:1: m",
		"m: a finding no longer reported (its row is kept, marked gone, by make corpus-update): ctxdrop a.go:6:1: m",
		"m: a gone finding reported again (make corpus-update makes its row live): ctxdrop a.go:12:1: m",
		"m: an unjudged row in docs/precision/m.tsv: ctxdrop a.go:4:1: m",
		"m: a verdict to re-read (intended?) in docs/precision/m.tsv: ctxdrop a.go:5:1: m",
		"m: a finding no longer reported, true when it went, without a reason why losing it is right (write it in the gone column of docs/precision/m.tsv): ctxdrop a.go:7:1: m",
		"m: a finding no longer reported, intended when it went, without a reason why losing it is right (write it in the gone column of docs/precision/m.tsv): ctxdrop a.go:10:1: m",
		"m: the first-look marker old outside a grandfathered batch, in docs/precision/m.tsv: write the first reading's verdict: ctxdrop a.go:11:1: m",
	}
	if !slices.Equal(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// In a grandfathered batch, old is no problem.
	grand := &Batch{Name: "b", State: stateGrandfathered}
	if got := problems("m", "docs/precision/m.tsv", grand, rec); !slices.Equal(got, want[:len(want)-1]) {
		t.Errorf("problems in a grandfathered batch:\n%s", strings.Join(got, "\n"))
	}
	judged := Reconciliation{Entries: []Entry{rec.Entries[0], rec.Entries[7], rec.Entries[8]}}
	if p := problems("m", "m.tsv", active, judged); p != nil {
		t.Errorf("a judged ledger has problems: %v", p)
	}
}

func TestParseList(t *testing.T) {
	l, err := parseList("l", strings.NewReader("# comment\n\nbatch\tledger\tgrandfathered\ngrpc\tgoogle.golang.org/grpc\tv1.85.0\nstd\tstd\tgo1.26.8\n\nbatch\tnext\tstaged\ncli\tgithub.com/urfave/cli/v2\tv2.27.7\nbatch\tlast\tactive\nx\tx.com/x\tv1.0.0\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := &List{
		Batches: []Batch{
			{"ledger", stateGrandfathered, []string{"grpc", "std"}},
			{"next", stateStaged, []string{"cli"}},
			{"last", stateActive, []string{"x"}},
		},
		Targets: []Target{
			{"grpc", "google.golang.org/grpc", "v1.85.0", "ledger"},
			{"std", "std", "go1.26.8", "ledger"},
			{"cli", "github.com/urfave/cli/v2", "v2.27.7", "next"},
			{"x", "x.com/x", "v1.0.0", "last"},
		},
	}
	if !reflect.DeepEqual(l, want) {
		t.Errorf("list %+v, want %+v", l, want)
	}
	if b := l.batch("next"); b == nil || b.State != stateStaged {
		t.Errorf("batch next: %+v", b)
	}
	if b := l.batch("grpc"); b != nil {
		t.Errorf("a target is no batch: %+v", b)
	}
	const b = "batch\tb\tactive\n"
	for _, tc := range []struct{ name, in, want string }{
		{"empty", "# nothing\n", "no targets"},
		{"only a batch", b, "batch b has no targets"},
		{"columns", b + "grpc google.golang.org/grpc v1.85.0\n", "want name<TAB>module<TAB>version or batch<TAB>name<TAB>state"},
		{"no batch line", "grpc\tgoogle.golang.org/grpc\tv1.85.0\n", "l:1: target grpc before any batch line"},
		{"batch state", "batch\tb\tdone\ngrpc\tgoogle.golang.org/grpc\tv1.85.0\n", `l:1: batch b: state "done": want grandfathered, staged or active`},
		{"batch name", "batch\tB 1\tactive\n", `batch name "B 1"`},
		{"batch twice", b + "a\tx.com/a\tv1.0.0\n" + b + "c\tx.com/c\tv1.0.0\n", `l:3: batch "b" twice`},
		{"empty batch", b + "batch\tc\tactive\na\tx.com/a\tv1.0.0\n", "l:2: batch b has no targets"},
		{"empty last batch", b + "a\tx.com/a\tv1.0.0\nbatch\tc\tstaged\n", "batch c has no targets"},
		{"batch named as a target", b + "b\tx.com/b\tv1.0.0\n", "batch b has the name of a target"},
		{"name", b + "gRPC\tgoogle.golang.org/grpc\tv1.85.0\n", `name "gRPC"`},
		{"unpinned", b + "grpc\tgoogle.golang.org/grpc\tlatest\n", "needs a pinned module version"},
		{"std version", b + "std\tstd\tv1\n", "std needs a Go version"},
		{"name twice", b + "a\tx.com/a\tv1.0.0\na\tx.com/b\tv1.0.0\n", `l:3: name "a" twice`},
		{"module twice", b + "a\tx.com/a\tv1.0.0\nbatch\tc\tstaged\nb2\tx.com/a\tv1.0.1\n", "l:4: module x.com/a twice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parseList("l", strings.NewReader(tc.in))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestActivate(t *testing.T) {
	in := "# batch\tnew\tstaged\nbatch\told\tactive\na\tx.com/a\tv1\nbatch\tnew\tstaged\nb\tx.com/b\tv1\n"
	got, err := activate([]byte(in), "new")
	// Only the batch line changes, not a comment that looks like it.
	if want := "# batch\tnew\tstaged\nbatch\told\tactive\na\tx.com/a\tv1\nbatch\tnew\tactive\nb\tx.com/b\tv1\n"; err != nil || string(got) != want {
		t.Errorf("activate: %q, %v; want %q", got, err, want)
	}
	for _, name := range []string{"old", "missing", "ne"} {
		if got, err := activate([]byte(in), name); err == nil {
			t.Errorf("activate %s: %q, want an error", name, got)
		}
	}
	if got, err := activate([]byte(in+"batch\tnew\tstaged\n"), "new"); err == nil {
		t.Errorf("activate of a batch line given twice: %q, want an error", got)
	}
}

func TestWriteReport(t *testing.T) {
	e := func(check, verdict, first, cause string, line int) Entry {
		return Entry{Finding: Finding{check, "a.go", line, 1, "m"}, Verdict: verdict, First: first, Cause: cause, Reason: "r"}
	}
	gone := func(e Entry, reason string) Entry {
		e.Gone, e.GoneReason = true, reason
		return e
	}
	rs := []result{
		{Target: Target{"a", "x.com/a", "v1.0.0", "one"}, Run: &Run{Lines: 1234567}, Entries: []Entry{
			e("ctxdrop", verdictTrue, verdictFP, "", 1),
			e("ctxdrop", verdictFP, verdictFP, "lifetime", 2),
			e("spawnctx", verdictFP, verdictFP, "lifetime", 3),
			e("ctxdrop", verdictIntended, verdictIntended, "", 4),
			// Gone rows count in the first look, not in the tuned figure,
			// nor in the root causes.
			gone(e("ctxdrop", verdictFP, verdictFP, "lifetime", 5), ""),
			gone(e("ctxdrop", verdictTrue, verdictTrue, "", 6), "the helper was removed upstream"),
		}},
		{Target: Target{"b", "x.com/b", "v2.0.0", "two"}, Run: &Run{Lines: 10}, Entries: []Entry{
			e("slotreread", verdictTrue, firstOld, "lifetime", 1), // the same id in another target is another cause
			e("mystery", verdictIntended, verdictIntended, "", 2),
		}},
	}
	list := &List{Batches: []Batch{
		{"one", stateActive, []string{"a"}},
		{"two", stateGrandfathered, []string{"b"}},
		{"three", stateStaged, []string{"c"}},
		{"four", stateActive, []string{"d"}}, // not run: no table
	}}
	var b bytes.Buffer
	writeReport(&b, rs, list, []string{"spawnctx", "ctxdrop", "slotreread", "cancelshare"}, false)
	want := `| target | lines of Go | findings | true | intended | fp | true/(true+fp) | (true+intended)/all |
|---|---|---|---|---|---|---|---|
| a (x.com/a v1.0.0) | 1,234,567 | 4 | 1 | 1 | 2 | 33.3 % | 50.0 % |
| b (x.com/b v2.0.0) | 10 | 2 | 1 | 1 | 0 | 100.0 % | 100.0 % |
| total | 1,234,577 | 6 | 2 | 2 | 2 | 50.0 % | 66.7 % |

| check | findings | true | intended | fp | true/(true+fp) | (true+intended)/all |
|---|---|---|---|---|---|---|
| spawnctx | 1 | 0 | 0 | 1 | 0.0 % | 0.0 % |
| ctxdrop | 3 | 1 | 1 | 1 | 50.0 % | 66.7 % |
| slotreread | 1 | 1 | 0 | 0 | 100.0 % | 100.0 % |
| cancelshare | 0 | 0 | 0 | 0 | - | - |
| mystery | 1 | 0 | 1 | 0 | - | 100.0 % |
| total | 6 | 2 | 2 | 2 | 50.0 % | 66.7 % |

rows of findings no longer reported (gone; not in the tables above): 2

root causes with more than one finding: 1
  a lifetime: 2 findings (ctxdrop, spawnctx)

first look and tuned, per batch (first look: the rows with a first-look verdict, gone rows included, by that verdict; tuned: the live rows, by their verdict now):

batch one (active): 1 of 1 targets; 6 rows: 4 live, 2 gone; a first-look verdict on 6 rows, 0 old (judged before first-look verdicts were kept), 0 unjudged
| check | first look: rows (true/intended/fp) | true/(true+fp) | (true+intended)/all | tuned: findings (true/intended/fp) | true/(true+fp) | (true+intended)/all |
|---|---|---|---|---|---|---|
| spawnctx | 1 (0/0/1) | 0.0 % | 0.0 % | 1 (0/0/1) | 0.0 % | 0.0 % |
| ctxdrop | 5 (1/1/3) | 25.0 % | 40.0 % | 3 (1/1/1) | 50.0 % | 66.7 % |
| slotreread | 0 (0/0/0) | - | - | 0 (0/0/0) | - | - |
| cancelshare | 0 (0/0/0) | - | - | 0 (0/0/0) | - | - |
| mystery | 0 (0/0/0) | - | - | 0 (0/0/0) | - | - |
| total | 6 (1/1/4) | 20.0 % | 33.3 % | 4 (1/1/2) | 33.3 % | 50.0 % |
true or intended findings no longer reported: 1
  a ctxdrop a.go:6:1 (true, first true): the helper was removed upstream

batch two (grandfathered): 1 of 1 targets; 2 rows: 2 live, 0 gone; a first-look verdict on 1 rows, 1 old (judged before first-look verdicts were kept), 0 unjudged
| check | first look: rows (true/intended/fp) | true/(true+fp) | (true+intended)/all | tuned: findings (true/intended/fp) | true/(true+fp) | (true+intended)/all |
|---|---|---|---|---|---|---|
| spawnctx | 0 (0/0/0) | - | - | 0 (0/0/0) | - | - |
| ctxdrop | 0 (0/0/0) | - | - | 0 (0/0/0) | - | - |
| slotreread | 0 (0/0/0) | - | - | 1 (1/0/0) | 100.0 % | 100.0 % |
| cancelshare | 0 (0/0/0) | - | - | 0 (0/0/0) | - | - |
| mystery | 1 (0/1/0) | - | 100.0 % | 1 (0/1/0) | - | 100.0 % |
| total | 1 (0/1/0) | - | 100.0 % | 2 (1/1/0) | 100.0 % | 100.0 % |
true or intended findings no longer reported: 0

batch three (staged): 1 targets, not run; its first look: make corpus-update CORPUSFLAGS=-first-look=three
`
	if b.String() != want {
		t.Errorf("report:\n%s\nwant:\n%s", b.String(), want)
	}

	// An unjudged finding adds the unjudged column; a gone true finding
	// without a reason says so.
	rs[1].Entries[1].Verdict, rs[1].Entries[1].First = verdictUnjudged, ""
	rs[0].Entries[5].GoneReason = goneAsk
	b.Reset()
	writeReport(&b, rs, list, nil, true)
	for _, s := range []string{
		"| fp | unjudged | true/(true+fp)",
		"| b (x.com/b v2.0.0) | 10 | 2 | 1 | 0 | 0 | 1 | 100.0 % | 50.0 % |",
		"a first-look verdict on 0 rows, 1 old (judged before first-look verdicts were kept), 1 unjudged",
		"| mystery | 0 (0/0/0) | - | - | 1 (0/0/0, 1 unjudged) | - | 0.0 % |",
		"  a ctxdrop a.go:6:1 (true, first true): no reason yet\n",
		"  unjudged (first -) a.go:2:1: mystery: m\n    r\n",
		"  fp (first fp) a.go:2:1: ctxdrop: m\n    r [lifetime]\n",
		"  gone fp (first fp) a.go:5:1: ctxdrop: m\n    r [lifetime]\n    lost: no reason needed\n",
		"  gone true (first true) a.go:6:1: ctxdrop: m\n    r\n    lost: no reason yet\n",
		"  true (first old) a.go:1:1: slotreread: m\n",
	} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("verbose report lacks %q:\n%s", s, b.String())
		}
	}
}

func TestParseFindings(t *testing.T) {
	root := filepath.FromSlash("/w/m")
	abs := func(rel string) string { return filepath.Join(root, filepath.FromSlash(rel)) }
	js := func(s string) string { return strings.ReplaceAll(s, `\`, `\\`) }
	out := `{
 "example.com/m/a": {"ctxdrop": [{"posn": "` + js(abs("a/a.go")) + `:10:2", "message": "drop", "related": [{"posn": "` + js(abs("a/b.go")) + `:3:1", "message": "root here"}]}]},
 "example.com/m/a [example.com/m/a.test]": {"ctxdrop": [{"posn": "` + js(abs("a/a.go")) + `:10:2", "message": "drop"}], "spawnctx": [{"posn": "` + js(abs("a/a_test.go")) + `:4:9", "message": "goroutine"}]},
 "example.com/m/b": {"slotreread": []}
}`
	got, err := parseFindings([]byte(out), root)
	if err != nil {
		t.Fatal(err)
	}
	want := []Finding{
		{"ctxdrop", "a/a.go", 10, 2, "drop"},
		{"spawnctx", "a/a_test.go", 4, 9, "goroutine"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("findings %v, want %v", got, want)
	}

	for _, tc := range []struct{ name, in, want string }{
		{"not JSON", "ctxbound: error", "ctxbound -json output"},
		{"analysis error", `{"p": {"ctxdrop": {"error": "boom"}}, "q": {"spawnctx": []}}`, "the analysis failed:\np: ctxdrop: boom"},
		{"neither", `{"p": {"ctxdrop": {"x": 1}}}`, "neither diagnostics nor an error"},
		{"outside the root", `{"p": {"ctxdrop": [{"posn": "` + js(filepath.FromSlash("/elsewhere/x.go")) + `:1:1", "message": "m"}]}}`, "outside"},
		{"relative file", `{"p": {"ctxdrop": [{"posn": "x.go:1:1", "message": "m"}]}}`, "outside"},
		{"no column", `{"p": {"ctxdrop": [{"posn": "` + js(abs("x.go")) + `:1", "message": "m"}]}}`, "want file:line:col"},
		{"tab in message", `{"p": {"ctxdrop": [{"posn": "` + js(abs("x.go")) + `:1:1", "message": "a\tb"}]}}`, "a tab or a line break"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parseFindings([]byte(tc.in), root)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestNum(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", -4500: "-4,500"} {
		if got := num(n); got != want {
			t.Errorf("num(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestCountLines(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"a.go":              "package a\n\nfunc A() {}\n", // 3
		"a_test.go":         "package a",                  // 1, no final newline
		"sub/b.go":          "package sub\n",              // 1
		"README.md":         "not go\n",
		"testdata/x.go":     "package x\n",
		"vendor/v/v.go":     "package v\n",
		".hidden/h.go":      "package h\n",
		"_skip/s.go":        "package s\n",
		"sub/testdata/t.go": "package t\n",
		"cmd/keep/c.go":     "package c\n", // 1: only std skips cmd
	}
	for name, body := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := countLines(Target{Name: "m", Module: "x.com/m"}, root); err != nil || n != 6 {
		t.Errorf("countLines = %d, %v; want 6", n, err)
	}
	if n, err := countLines(Target{Name: "std", Module: "std"}, root); err != nil || n != 5 {
		t.Errorf("countLines for std = %d, %v; want 5 (cmd skipped)", n, err)
	}
}

func TestCommandLineErrors(t *testing.T) {
	dir := t.TempDir()
	list := filepath.Join(dir, "corpus.txt")
	if err := os.WriteFile(list, []byte("batch\tone\tactive\na\tx.com/a\tv1.0.0\nbatch\tnew\tstaged\ns\tx.com/s\tv1.0.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "other.txt"), []byte("batch\tone\tactive\na\tx.com/a\tv1.0.0\nbatch\tnew\tstaged\ns\tx.com/s\tv1.0.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "s.tsv"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"bad flag", []string{"-nope"}, "flag provided but not defined: -nope"},
		{"argument", []string{"-list", list, "extra"}, `unexpected arguments ["extra"]`},
		{"no list", []string{"-list", filepath.Join(dir, "missing.txt")}, "missing.txt"},
		{"unknown -only", []string{"-list", list, "-only", "b"}, `-only: no target named "b"`},
		{"unknown -batch", []string{"-list", list, "-batch", "b"}, `-batch: no batch named "b"`},
		{"no binary", []string{"-list", list, "-ctxbound", filepath.Join(dir, "ctxbound")}, "the ctxbound binary"},
		{"prepare and update", []string{"-list", list, "-update", "-prepare"}, "-prepare writes no ledger"},
		{"prepare and first look", []string{"-list", list, "-prepare", "-first-look", "new"}, "-prepare writes no ledger"},
		{"-only and -batch", []string{"-list", list, "-only", "a", "-batch", "one"}, "-only and -batch exclude each other"},
		{"first look of some targets", []string{"-list", list, "-first-look", "new", "-only", "s"}, "-first-look runs every target of its batch"},
		{"first look of no batch", []string{"-list", list, "-first-look", "b"}, `-first-look: no batch named "b"`},
		{"first look of an active batch", []string{"-list", list, "-first-look", "one"}, "-first-look: batch one is active, not staged: a batch has one first look"},
		{"first look over a ledger", []string{"-list", list, "-ledgers", dir, "-first-look", "new"}, "-first-look: s already has a ledger " + filepath.Join(dir, "s.tsv")},
		{"a staged target", []string{"-list", list, "-only", "a,s"}, "s is in the staged batch new, which has not been run: its first look is make corpus-update CORPUSFLAGS=-first-look=new"},
		{"a staged batch", []string{"-list", list, "-update", "-batch", "new"}, "s is in the staged batch new"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := corpusMain(tc.args, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", code, stderr.String(), tc.want)
			}
		})
	}

	// A target without a ledger fails in check mode, before any download.
	bin := filepath.Join(dir, "ctxbound")
	if err := os.WriteFile(bin, nil, 0o755); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := corpusMain([]string{"-list", list, "-ledgers", dir, "-work", filepath.Join(dir, "work"), "-ctxbound", bin}, &stdout, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "no ledger "+filepath.Join(dir, "a.tsv")+": run make corpus-update") {
		t.Errorf("exit %d, stderr %q; want 1 and no ledger", code, stderr.String())
	}
	// A ledger of another version fails too.
	if err := os.WriteFile(filepath.Join(dir, "a.tsv"), []byte("# target: x.com/a v0.9.0\n"+header), 0o644); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	code = corpusMain([]string{"-list", list, "-ledgers", dir, "-work", filepath.Join(dir, "work"), "-ctxbound", bin}, &stdout, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "is the ledger of x.com/a v0.9.0, and the list pins x.com/a v1.0.0") {
		t.Errorf("exit %d, stderr %q; want 1 and a version mismatch", code, stderr.String())
	}
}

// corpusDir is a corpus in a temporary folder, run end to end by a fake
// ctxbound: a shell script that prints the findings.json of the module copy
// it runs in, or fails where the copy has a file named fail. The copies are
// made ready by hand, so that nothing is downloaded.
type corpusDir struct {
	t                        *testing.T
	dir, list, ledgers, work string
	bin                      string
}

func newCorpusDir(t *testing.T, list string, modules ...string) *corpusDir {
	if runtime.GOOS == "windows" {
		t.Skip("the fake ctxbound is a shell script")
	}
	dir := t.TempDir()
	c := &corpusDir{t: t, dir: dir, list: filepath.Join(dir, "corpus.txt"), ledgers: filepath.Join(dir, "ledgers"), work: filepath.Join(dir, "work"), bin: filepath.Join(dir, "ctxbound")}
	c.write(c.list, list)
	c.write(c.bin, "#!/bin/sh\nif [ -e fail ]; then echo 'ctxbound: a package does not type-check' >&2; exit 1; fi\nexec cat findings.json\n")
	if err := os.Chmod(c.bin, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, m := range modules { // name@version of module x.com/name
		name, version, _ := strings.Cut(m, "@")
		c.write(filepath.Join(c.work, m, readyStamp), "x.com/"+name+"@"+version+"\n")
		c.write(filepath.Join(c.work, m, "a.go"), "package a\n\nfunc A() {}\n")
		c.found(m)
	}
	return c
}

func (c *corpusDir) write(path, data string) {
	c.t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		c.t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		c.t.Fatal(err)
	}
}

func (c *corpusDir) read(path string) string {
	c.t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		c.t.Fatal(err)
	}
	return string(data)
}

// found sets the findings the fake ctxbound reports in the module copy m:
// each "check line:col message" at a.go.
func (c *corpusDir) found(m string, findings ...string) {
	c.t.Helper()
	root := filepath.Join(c.work, m)
	var diags []string
	for _, f := range findings {
		check, rest, _ := strings.Cut(f, " ")
		pos, msg, _ := strings.Cut(rest, " ")
		posn := strings.ReplaceAll(filepath.Join(root, "a.go"), `\`, `\\`) + ":" + pos
		diags = append(diags, `"`+check+`": [{"posn": "`+posn+`", "message": "`+msg+`"}]`)
	}
	// One package per finding, so that two findings of one check do not
	// need one JSON array.
	var pkgs []string
	for i, d := range diags {
		pkgs = append(pkgs, `"x.com/p`+string(rune('a'+i))+`": {`+d+`}`)
	}
	c.write(filepath.Join(root, "findings.json"), "{"+strings.Join(pkgs, ", ")+"}\n")
}

// update runs make corpus-update and checks the rows it writes for name.
func (c *corpusDir) update(name string, want ...string) {
	c.t.Helper()
	if code, out, stderr := c.run("-update"); code != 0 {
		c.t.Fatalf("make corpus-update: exit %d\n%s\n%s", code, out, stderr)
	}
	if got := c.rows(name); !slices.Equal(got, want) {
		c.t.Errorf("%s.tsv after make corpus-update:\n%s\nwant:\n%s", name, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// lacks reports each of want that out does not contain.
func (c *corpusDir) lacks(what, out string, want ...string) {
	c.t.Helper()
	for _, s := range want {
		if !strings.Contains(out, s) {
			c.t.Errorf("%s: output lacks %q:\n%s", what, s, out)
		}
	}
}

// run runs ctxcorpus with args and returns its exit code and output.
func (c *corpusDir) run(args ...string) (int, string, string) {
	c.t.Helper()
	var stdout, stderr bytes.Buffer
	code := corpusMain(append([]string{"-list", c.list, "-ledgers", c.ledgers, "-work", c.work, "-ctxbound", c.bin}, args...), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// rows returns the rows of a ledger, after its header.
func (c *corpusDir) rows(name string) []string {
	c.t.Helper()
	data := c.read(filepath.Join(c.ledgers, name+".tsv"))
	i := strings.Index(data, header)
	if i < 0 {
		c.t.Fatalf("%s.tsv has no header:\n%s", name, data)
	}
	return strings.Split(strings.TrimSuffix(data[i+len(header):], "\n"), "\n")
}

// edit rewrites a ledger through its parser and writer, as a person who
// judges rows does.
func (c *corpusDir) edit(name string, f func(e *Entry)) {
	c.t.Helper()
	path := filepath.Join(c.ledgers, name+".tsv")
	l, err := readLedger(path)
	if err != nil {
		c.t.Fatal(err)
	}
	for i := range l.Entries {
		f(&l.Entries[i])
	}
	data, err := l.format()
	if err != nil {
		c.t.Fatal(err)
	}
	c.write(path, string(data))
}

// TestGoneRowsEndToEnd runs check and update modes over a grandfathered
// ledger whose findings go and come back: rows are kept, first-look
// verdicts never change, and make corpus fails until a lost true finding
// has its reason.
func TestGoneRowsEndToEnd(t *testing.T) {
	c := newCorpusDir(t, "batch\ttuned\tgrandfathered\na\tx.com/a\tv1.0.0\nbatch\tnew\tstaged\nb\tx.com/b\tv1.0.0\n", "a@v1.0.0", "b@v1.0.0")
	c.write(filepath.Join(c.ledgers, "a.tsv"), ledgerIntro+"# target: x.com/a v1.0.0\n"+header+
		"ctxdrop\ta.go\t1:1\ttrue\told\t-\t-\tkept\tm1\n"+
		"ctxdrop\ta.go\t2:1\ttrue\told\t-\t-\tlost\tm2\n"+
		"ctxdrop\ta.go\t3:1\tfp\told\t-\t-\twrong\tm3\n")
	c.found("a@v1.0.0", "ctxdrop 1:1 m1", "spawnctx 3:5 m4")

	// make corpus fails and writes nothing; the staged batch is not run.
	before := c.read(filepath.Join(c.ledgers, "a.tsv"))
	code, out, stderr := c.run()
	c.lacks("make corpus", out,
		"a: a finding without a verdict: spawnctx a.go:3:5: m4",
		"a: a finding no longer reported (its row is kept, marked gone, by make corpus-update): ctxdrop a.go:2:1: m2",
		"a: a finding no longer reported (its row is kept, marked gone, by make corpus-update): ctxdrop a.go:3:1: m3",
		"batch new (staged): 1 targets, not run; its first look: make corpus-update CORPUSFLAGS=-first-look=new",
	)
	if code != 1 || strings.Contains(stderr, "b: preparing") {
		t.Errorf("make corpus: exit %d, want 1, without running b:\n%s", code, stderr)
	}
	if got := c.read(filepath.Join(c.ledgers, "a.tsv")); got != before {
		t.Errorf("make corpus rewrote the ledger:\n%s", got)
	}

	// make corpus-update keeps the gone rows and their first looks.
	c.update("a",
		"ctxdrop\ta.go\t1:1\ttrue\told\t-\t-\tkept\tm1",
		"ctxdrop\ta.go\t2:1\ttrue\told\t?\t-\tlost\tm2",
		"ctxdrop\ta.go\t3:1\tfp\told\tgone\t-\twrong\tm3",
		"spawnctx\ta.go\t3:5\tunjudged\t-\t-\t-\t-\tm4",
	)
	if _, err := os.Stat(filepath.Join(c.ledgers, "b.tsv")); err == nil {
		t.Errorf("make corpus-update wrote the ledger of a staged target")
	}

	// make corpus fails on the unjudged row and on the lost true finding.
	code, out, _ = c.run()
	c.lacks("make corpus", out,
		"a: an unjudged row in "+filepath.Join(c.ledgers, "a.tsv")+": spawnctx a.go:3:5: m4",
		"a: a finding no longer reported, true when it went, without a reason why losing it is right",
	)
	if code != 1 {
		t.Errorf("make corpus: exit %d, want 1", code)
	}

	// Judged (both verdicts) and the loss explained, it passes.
	c.edit("a", func(e *Entry) {
		switch e.Message {
		case "m4":
			e.Verdict, e.First, e.Reason = verdictFP, verdictFP, "a look-alike"
		case "m2":
			e.GoneReason = "the helper was removed"
		}
	})
	code, out, _ = c.run()
	c.lacks("make corpus", out,
		"batch tuned (grandfathered): 1 of 1 targets; 4 rows: 2 live, 2 gone; a first-look verdict on 1 rows, 3 old (judged before first-look verdicts were kept), 0 unjudged",
		"| spawnctx | 1 (0/0/1) | 0.0 % | 0.0 % | 1 (0/0/1) | 0.0 % | 0.0 % |",
		"| ctxdrop | 0 (0/0/0) | - | - | 1 (1/0/0) | 100.0 % | 100.0 % |",
		"true or intended findings no longer reported: 1\n  a ctxdrop a.go:2:1 (true, first old): the helper was removed\n",
	)
	if code != 0 {
		t.Errorf("make corpus: exit %d, want 0:\n%s", code, out)
	}

	// A gone finding that comes back is matched again: make corpus asks
	// for the update, which makes the row live with its verdicts.
	c.found("a@v1.0.0", "ctxdrop 1:1 m1", "ctxdrop 2:1 m2", "spawnctx 3:5 m4")
	code, out, _ = c.run()
	if code != 1 || !strings.Contains(out, "a: a gone finding reported again (make corpus-update makes its row live): ctxdrop a.go:2:1: m2") {
		t.Errorf("make corpus: exit %d, want 1 and a finding back:\n%s", code, out)
	}
	c.update("a",
		"ctxdrop\ta.go\t1:1\ttrue\told\t-\t-\tkept\tm1",
		"ctxdrop\ta.go\t2:1\ttrue\told\t-\t-\tlost\tm2",
		"ctxdrop\ta.go\t3:1\tfp\told\tgone\t-\twrong\tm3",
		"spawnctx\ta.go\t3:5\tfp\tfp\t-\t-\ta look-alike\tm4",
	)
	if code, out, _ := c.run(); code != 0 {
		t.Errorf("make corpus: exit %d, want 0:\n%s", code, out)
	}
}

// TestFirstLookEndToEnd runs a staged batch's first look: all or nothing,
// once, every finding unjudged, the batch made active.
func TestFirstLookEndToEnd(t *testing.T) {
	list := "batch\ttuned\tgrandfathered\na\tx.com/a\tv1.0.0\nbatch\tnew\tstaged\nb\tx.com/b\tv1.0.0\nc\tx.com/c\tv1.0.0\n"
	c := newCorpusDir(t, list, "a@v1.0.0", "b@v1.0.0", "c@v1.0.0")
	c.write(filepath.Join(c.ledgers, "a.tsv"), ledgerIntro+"# target: x.com/a v1.0.0\n"+header)
	c.found("b@v1.0.0", "ctxdrop 1:1 m1", "spawnctx 2:1 m2")
	c.found("c@v1.0.0")

	// A failing target leaves nothing written.
	c.write(filepath.Join(c.work, "c@v1.0.0", "fail"), "")
	code, out, stderr := c.run("-first-look", "new")
	if code != 1 || !strings.Contains(stderr, "first look of new: nothing written") || strings.Contains(out, "m1") {
		t.Errorf("a failed first look: exit %d\n%s\n%s", code, out, stderr)
	}
	for _, name := range []string{"b", "c"} {
		if _, err := os.Stat(filepath.Join(c.ledgers, name+".tsv")); err == nil {
			t.Errorf("a failed first look wrote %s.tsv", name)
		}
	}
	if got := c.read(c.list); got != list {
		t.Errorf("a failed first look changed the list:\n%s", got)
	}

	// Mended, it writes every ledger of the batch and makes it active.
	if err := os.Remove(filepath.Join(c.work, "c@v1.0.0", "fail")); err != nil {
		t.Fatal(err)
	}
	code, out, stderr = c.run("-update", "-first-look", "new") // as make corpus-update CORPUSFLAGS=-first-look=new
	if code != 0 {
		t.Fatalf("first look: exit %d\n%s\n%s", code, out, stderr)
	}
	if got, want := c.rows("b"), []string{
		"ctxdrop\ta.go\t1:1\tunjudged\t-\t-\t-\t-\tm1",
		"spawnctx\ta.go\t2:1\tunjudged\t-\t-\t-\t-\tm2",
	}; !slices.Equal(got, want) {
		t.Errorf("b.tsv:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got := c.rows("c"); !slices.Equal(got, []string{""}) {
		t.Errorf("c.tsv has rows: %q", got)
	}
	if strings.Contains(stderr, "a: preparing") {
		t.Errorf("the first look of new ran a target of another batch:\n%s", stderr)
	}
	if got, want := c.read(c.list), strings.Replace(list, "new\tstaged", "new\tactive", 1); got != want {
		t.Errorf("the list after the first look:\n%s\nwant:\n%s", got, want)
	}
	if !strings.Contains(out, "batch new (active): 2 of 2 targets; 2 rows: 2 live, 0 gone; a first-look verdict on 0 rows, 0 old (judged before first-look verdicts were kept), 2 unjudged") {
		t.Errorf("first look: the report lacks the batch:\n%s", out)
	}

	// There is one first look.
	if code, _, stderr := c.run("-first-look", "new"); code != 2 || !strings.Contains(stderr, "batch new is active, not staged") {
		t.Errorf("a second first look: exit %d\n%s", code, stderr)
	}
	// make corpus now runs the batch, and fails until it is judged; old is
	// no first-look verdict there.
	code, out, _ = c.run()
	if code != 1 || !strings.Contains(out, "b: an unjudged row") {
		t.Errorf("make corpus after the first look: exit %d\n%s", code, out)
	}
	c.edit("b", func(e *Entry) { e.Verdict, e.First, e.Reason = verdictTrue, firstOld, "r" })
	code, out, _ = c.run("-batch", "new")
	if code != 1 || !strings.Contains(out, "b: the first-look marker old outside a grandfathered batch") {
		t.Errorf("old in an active batch: exit %d\n%s", code, out)
	}
	c.edit("b", func(e *Entry) { e.First = verdictFP })
	if code, out, _ := c.run("-batch", "new"); code != 0 || !strings.Contains(out, "| total | 2 (0/0/2) | 0.0 % | 0.0 % | 2 (2/0/0) | 100.0 % | 100.0 % |") {
		t.Errorf("the judged batch: exit %d\n%s", code, out)
	}
}

// TestCommittedLedgers checks the committed list and ledgers without the
// download make corpus needs: every target of a batch that is not staged
// has a well-formed ledger of its pinned version, in the writer's bytes,
// every row has a verdict (and a first-look verdict), no true finding is
// lost without a reason, no ledger is left over, and a staged target has
// none.
func TestCommittedLedgers(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "docs", "precision")
	f, err := os.Open(filepath.Join(dir, "corpus.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	list, err := parseList("corpus.txt", f)
	if err != nil {
		t.Fatal(err)
	}
	// The rows judged before first-look verdicts were kept (first old):
	// their number never changes, since rows are never dropped and old is
	// neither written on a new row nor rewritten.
	oldRows := map[string]int{
		"anthropic-sdk": 2, "openai-go": 5, "genkit": 2, "caddy": 2, "echo": 2,
		"grpc": 10, "nats-server": 8, "pgx": 5, "river": 0, "temporal-sdk": 9,
		"watermill": 1, "go-redis": 22, "grpc-gateway": 0, "centrifuge": 12,
		"go-openai": 0, "fiber": 24, "sarama": 0, "raft": 0, "nats-go": 0, "std": 5,
	}
	names := map[string]bool{}
	modules := 0
	for _, tg := range list.Targets {
		b := list.batch(tg.Batch)
		path := filepath.Join(dir, tg.Name+".tsv")
		if !tg.isStd() {
			modules++
		}
		if b.State == stateStaged {
			if _, err := os.Stat(path); err == nil {
				t.Errorf("%s is in the staged batch %s and has a ledger %s: a staged target has none until its first look", tg.Name, b.Name, path)
			}
			continue
		}
		names[tg.Name+".tsv"] = true
		data, err := os.ReadFile(path)
		if err != nil {
			t.Error(err)
			continue
		}
		l, err := parseLedger(path, bytes.NewReader(data))
		if err != nil {
			t.Error(err)
			continue
		}
		if l.Target != tg.Module || l.Version != tg.Version {
			t.Errorf("%s.tsv is the ledger of %s %s, the list pins %s %s", tg.Name, l.Target, l.Version, tg.Module, tg.Version)
		}
		if again, err := l.format(); err != nil || !bytes.Equal(again, data) {
			t.Errorf("%s.tsv is not in the bytes make corpus-update writes (%v)", tg.Name, err)
		}
		old := 0
		for _, e := range l.Entries {
			if !e.Judged() {
				t.Errorf("%s.tsv: %s: verdict %q, reread %v", tg.Name, e.Finding, e.Verdict, e.Reread)
			}
			if e.NeedsGoneReason() {
				t.Errorf("%s.tsv: %s: a lost %s finding without a reason", tg.Name, e.Finding, e.Verdict)
			}
			if e.First == firstOld {
				old++
			}
		}
		if b.State == stateGrandfathered {
			if want, ok := oldRows[tg.Name]; !ok || old != want {
				t.Errorf("%s.tsv: %d rows with first-look old, want %d (in list %v)", tg.Name, old, want, ok)
			}
		} else if old > 0 {
			t.Errorf("%s.tsv: %d rows with first-look old in the %s batch %s", tg.Name, old, b.State, b.Name)
		}
	}
	if modules < 8 {
		t.Errorf("the corpus has %d modules, want at least 8", modules)
	}
	tsvs, err := filepath.Glob(filepath.Join(dir, "*.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range tsvs {
		if !names[filepath.Base(p)] {
			t.Errorf("%s belongs to no target of corpus.txt that is not staged", p)
		}
	}
}

// TestPrepareEndToEnd runs -prepare on a staged target: no ctxbound run,
// no ledger, its packages type-checked and its lines counted; a package
// that does not type-check fails it.
func TestPrepareEndToEnd(t *testing.T) {
	c := newCorpusDir(t, "batch\tnew\tstaged\nb\tx.com/b\tv1.0.0\nd\tx.com/d\tv1.0.0\n", "b@v1.0.0", "d@v1.0.0")
	for _, m := range []string{"b@v1.0.0", "d@v1.0.0"} {
		name, _, _ := strings.Cut(m, "@")
		c.write(filepath.Join(c.work, m, "go.mod"), "module x.com/"+name+"\n\ngo 1.26\n")
		c.write(filepath.Join(c.work, m, "fail"), "") // the fake ctxbound would fail: it must not run
	}
	code, out, stderr := c.run("-prepare", "-only", "b")
	if code != 0 || !strings.Contains(out, "| b | new | x.com/b | v1.0.0 | 1 | 3 |") {
		t.Errorf("-prepare: exit %d\n%s\n%s", code, out, stderr)
	}
	if _, err := os.Stat(c.ledgers); err == nil {
		t.Errorf("-prepare made the ledgers folder")
	}
	c.write(filepath.Join(c.work, "d@v1.0.0", "a_test.go"), "package a\n\nvar x int = \"not an int\"\n")
	code, _, stderr = c.run("-prepare", "-batch", "new")
	if code != 1 || !strings.Contains(stderr, "d: go list -export -test -deps ./...") || !strings.Contains(stderr, "cannot use") {
		t.Errorf("-prepare of a test that does not type-check: exit %d\n%s", code, stderr)
	}
}

// TestWorkDirThroughLink: a work folder reached through a symbolic link is
// its target, the path go list names the copies' files by (every finding
// was "outside" the module otherwise).
func TestWorkDirThroughLink(t *testing.T) {
	real := t.TempDir()
	link := filepath.Join(t.TempDir(), "corpus")
	if err := os.Symlink(real, link); err != nil {
		t.Skip(err)
	}
	want, err := filepath.EvalSymlinks(real)
	if err != nil {
		t.Fatal(err)
	}
	got, err := (&options{work: link}).workDir()
	if err != nil || got != want {
		t.Errorf("workDir() of a link to %s = %q, %v; want %q", real, got, err, want)
	}
}
