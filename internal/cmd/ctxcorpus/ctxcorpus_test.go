package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

const header = "check\tfile\tpos\tverdict\tcause\treason\tmessage\n"

func TestLedgerRoundTrip(t *testing.T) {
	l := &Ledger{Target: "example.com/m", Version: "v1.2.3", Entries: []Entry{
		{Finding: Finding{"spawnctx", "b/b.go", 9, 2, "goroutine drops the caller's context: x"}, Verdict: verdictFP, Cause: "shape-1", Reason: "a lifetime context stored through a pointer"},
		{Finding: Finding{"ctxdrop", "a.go", 12, 30, "call of f passes a root context"}, Verdict: verdictTrue, Reason: "f takes ctx; pass it"},
		{Finding: Finding{"ctxdrop", "a.go", 3, 1, "call of g passes a root context"}, Verdict: verdictIntended, Reread: true, Reason: "a shutdown"},
		{Finding: Finding{"slotreread", "a.go", 12, 4, "x read twice"}, Verdict: verdictUnjudged},
	}}
	data, err := l.format()
	if err != nil {
		t.Fatal(err)
	}
	// Rows are sorted by file, line, column and check, whatever the order
	// of the entries.
	rows := strings.Split(strings.TrimSpace(string(data[bytes.Index(data, []byte(header))+len(header):])), "\n")
	want := []string{
		"ctxdrop\ta.go\t3:1\tintended?\t-\ta shutdown\tcall of g passes a root context",
		"slotreread\ta.go\t12:4\tunjudged\t-\t-\tx read twice",
		"ctxdrop\ta.go\t12:30\ttrue\t-\tf takes ctx; pass it\tcall of f passes a root context",
		"spawnctx\tb/b.go\t9:2\tfp\tshape-1\ta lifetime context stored through a pointer\tgoroutine drops the caller's context: x",
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
	if !back.Entries[0].Reread || back.Entries[0].Verdict != verdictIntended || back.Entries[0].Judged() {
		t.Errorf("intended? parsed as %+v", back.Entries[0])
	}
}

func TestLedgerFormatRejects(t *testing.T) {
	for _, e := range []Entry{
		{Finding: Finding{"ctxdrop", "a.go", 1, 1, "a\tb"}, Verdict: verdictTrue, Reason: "r"},
		{Finding: Finding{"ctxdrop", "a.go", 1, 1, "m"}, Verdict: verdictTrue, Reason: "two\nlines"},
		{Finding: Finding{"ctxdrop", "a.go", 1, 1, "m"}, Verdict: verdictTrue, Reason: " padded"},
	} {
		l := &Ledger{Target: "m", Version: "v1", Entries: []Entry{e}}
		if _, err := l.format(); err == nil {
			t.Errorf("format accepted %+v", e)
		}
	}
}

func TestParseLedgerErrors(t *testing.T) {
	const target = "# target: example.com/m v1.0.0\n"
	row := "ctxdrop\ta.go\t1:2\ttrue\t-\treason\tmessage\n"
	for _, tc := range []struct{ name, in, want string }{
		{"no target line", header + row, `no "# target: MODULE VERSION" line`},
		{"bad target line", "# target: m\n" + header, "want \"# target: MODULE VERSION\""},
		{"no header", target, "no header line"},
		{"wrong header", target + "check\tfile\n", "want the header line"},
		{"comment after header", target + header + "# late\n", "x.tsv:3: comment after the header line"},
		{"too few columns", target + header + "ctxdrop\ta.go\t1:2\ttrue\t-\treason\n", "x.tsv:3: 6 columns, want 7"},
		{"empty column", target + header + "ctxdrop\ta.go\t1:2\ttrue\t\treason\tmessage\n", "column cause is empty"},
		{"spaces around a column", target + header + "ctxdrop\ta.go\t1:2\ttrue \t-\treason\tmessage\n", "column verdict is empty or has surrounding space"},
		{"pos without col", target + header + "ctxdrop\ta.go\t12\ttrue\t-\treason\tmessage\n", `pos "12": want LINE:COL`},
		{"pos zero", target + header + "ctxdrop\ta.go\t0:1\ttrue\t-\treason\tmessage\n", `pos "0:1"`},
		{"bad verdict", target + header + "ctxdrop\ta.go\t1:2\tmaybe\t-\treason\tmessage\n", `verdict "maybe": want true, intended, fp or unjudged`},
		{"unjudged to re-read", target + header + "ctxdrop\ta.go\t1:2\tunjudged?\t-\t-\tmessage\n", "nothing to re-read"},
		{"verdict without reason", target + header + "ctxdrop\ta.go\t1:2\tfp\t-\t-\tmessage\n", "verdict fp without a reason"},
		{"cause with a space", target + header + "ctxdrop\ta.go\t1:2\tfp\ttwo words\treason\tmessage\n", "an id has no spaces"},
		{"empty line", target + header + row + "\n", "x.tsv:4: empty line"},
		{"duplicate", target + header + row + strings.Replace(row, "true\t-\treason", "fp\t-\tother", 1), "x.tsv:4: the same finding as line 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parseLedger("x.tsv", strings.NewReader(tc.in))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
	l, err := parseLedger("x.tsv", strings.NewReader(target+header+"ctxdrop\ta.go\t1:2\tunjudged\t-\t-\tmessage\n"))
	if err != nil || len(l.Entries) != 1 || l.Entries[0].Judged() {
		t.Errorf("an unjudged row without a reason: %v %+v", err, l)
	}
}

func TestReconcile(t *testing.T) {
	f := func(check, file string, line, col int, msg string) Finding {
		return Finding{check, file, line, col, msg}
	}
	judged := func(fi Finding, verdict, reason string) Entry {
		return Entry{Finding: fi, Verdict: verdict, Reason: reason}
	}

	kept := judged(f("ctxdrop", "a.go", 1, 1, "same"), verdictTrue, "kept")
	renamed := judged(f("ctxdrop", "a.go", 2, 1, "old message"), verdictFP, "carried")
	renamed.Cause = "c1"
	unjudgedRenamed := Entry{Finding: f("spawnctx", "a.go", 3, 1, "old"), Verdict: verdictUnjudged}
	crowdedA := judged(f("slotreread", "b.go", 5, 5, "old a"), verdictTrue, "a")
	crowdedB := judged(f("slotreread", "b.go", 5, 5, "old b"), verdictFP, "b")
	gone := judged(f("ctxdrop", "c.go", 9, 9, "gone"), verdictIntended, "no longer reported")
	movedOnly := judged(f("ctxdrop", "d.go", 1, 1, "moved"), verdictTrue, "a new position is a new finding")

	found := []Finding{
		f("ctxdrop", "a.go", 1, 1, "same"),
		f("ctxdrop", "a.go", 1, 1, "same"), // a package and its test variant
		f("ctxdrop", "a.go", 2, 1, "new message"),
		f("spawnctx", "a.go", 3, 1, "new"),
		f("slotreread", "b.go", 5, 5, "new a"),
		f("slotreread", "b.go", 5, 5, "new b"),
		f("ctxdrop", "d.go", 2, 1, "moved"),
		f("ctxdrop", "e.go", 1, 1, "brand new"),
	}
	r := reconcile([]Entry{gone, crowdedB, kept, renamed, unjudgedRenamed, crowdedA, movedOnly}, found)

	wantRenamed := renamed
	wantRenamed.Finding = f("ctxdrop", "a.go", 2, 1, "new message")
	wantRenamed.Reread = true
	wantUnjudged := Entry{Finding: f("spawnctx", "a.go", 3, 1, "new"), Verdict: verdictUnjudged}
	unj := func(fi Finding) Entry { return Entry{Finding: fi, Verdict: verdictUnjudged} }
	wantEntries := []Entry{
		kept,
		wantRenamed,
		wantUnjudged,
		unj(f("slotreread", "b.go", 5, 5, "new a")),
		unj(f("slotreread", "b.go", 5, 5, "new b")),
		unj(f("ctxdrop", "d.go", 2, 1, "moved")),
		unj(f("ctxdrop", "e.go", 1, 1, "brand new")),
	}
	if !reflect.DeepEqual(r.Entries, wantEntries) {
		t.Errorf("entries:\n%v\nwant:\n%v", r.Entries, wantEntries)
	}
	if want := []Entry{wantRenamed}; !reflect.DeepEqual(r.Changed, want) {
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
	// Gone in the order of the ledger.
	if want := []Entry{gone, crowdedB, crowdedA, movedOnly}; !reflect.DeepEqual(r.Gone, want) {
		t.Errorf("gone %v, want %v", r.Gone, want)
	}

	// An up-to-date ledger reconciles to itself with nothing to report.
	again := reconcile(r.Entries, found)
	if !reflect.DeepEqual(again.Entries, r.Entries) || again.New != nil || again.Changed != nil || again.Gone != nil {
		t.Errorf("a second reconcile changed something: %+v", again)
	}
}

func TestProblems(t *testing.T) {
	fi := func(line int) Finding { return Finding{"ctxdrop", "a.go", line, 1, "m"} }
	rec := Reconciliation{
		Entries: []Entry{
			{Finding: fi(1), Verdict: verdictTrue, Reason: "ok"},
			{Finding: fi(2), Verdict: verdictUnjudged},                            // new in this run
			{Finding: fi(3), Verdict: verdictFP, Reread: true, Reason: "r"},       // changed in this run
			{Finding: fi(4), Verdict: verdictUnjudged},                            // left unjudged in the ledger
			{Finding: fi(5), Verdict: verdictIntended, Reread: true, Reason: "r"}, // left marked in the ledger
		},
		New:     []Finding{fi(2)},
		Changed: []Entry{{Finding: fi(3), Verdict: verdictFP, Reread: true, Reason: "r"}},
		Gone:    []Entry{{Finding: fi(6), Verdict: verdictTrue, Reason: "r"}},
	}
	got := problems("m", "docs/precision/m.tsv", rec)
	want := []string{
		"m: a finding without a verdict: ctxdrop a.go:2:1: m",
		"m: a finding whose message changed (its verdict fp needs re-reading): ctxdrop a.go:3:1: m",
		"m: a verdict whose finding is gone: ctxdrop a.go:6:1: m",
		"m: an unjudged row in docs/precision/m.tsv: ctxdrop a.go:4:1: m",
		"m: a verdict to re-read (intended?) in docs/precision/m.tsv: ctxdrop a.go:5:1: m",
	}
	if !slices.Equal(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if p := problems("m", "m.tsv", Reconciliation{Entries: rec.Entries[:1]}); p != nil {
		t.Errorf("a judged ledger has problems: %v", p)
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

func TestParseList(t *testing.T) {
	ts, err := parseList("l", strings.NewReader("# comment\n\ngrpc\tgoogle.golang.org/grpc\tv1.85.0\nstd\tstd\tgo1.26.8\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []Target{{"grpc", "google.golang.org/grpc", "v1.85.0"}, {"std", "std", "go1.26.8"}}
	if !reflect.DeepEqual(ts, want) {
		t.Errorf("targets %v, want %v", ts, want)
	}
	for _, tc := range []struct{ name, in, want string }{
		{"empty", "# nothing\n", "no targets"},
		{"columns", "grpc google.golang.org/grpc v1.85.0\n", "want name<TAB>module<TAB>version"},
		{"name", "gRPC\tgoogle.golang.org/grpc\tv1.85.0\n", `name "gRPC"`},
		{"unpinned", "grpc\tgoogle.golang.org/grpc\tlatest\n", "needs a pinned module version"},
		{"std version", "std\tstd\tv1\n", "std needs a Go version"},
		{"name twice", "a\tx.com/a\tv1.0.0\na\tx.com/b\tv1.0.0\n", `l:2: name "a" twice`},
		{"module twice", "a\tx.com/a\tv1.0.0\nb\tx.com/a\tv1.0.1\n", "l:2: module x.com/a twice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parseList("l", strings.NewReader(tc.in))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestWriteReport(t *testing.T) {
	e := func(check, verdict, cause string, line int) Entry {
		return Entry{Finding: Finding{check, "a.go", line, 1, "m"}, Verdict: verdict, Cause: cause, Reason: "r"}
	}
	rs := []result{
		{Target: Target{"a", "x.com/a", "v1.0.0"}, Run: &Run{Lines: 1234567}, Entries: []Entry{
			e("ctxdrop", verdictTrue, "", 1),
			e("ctxdrop", verdictFP, "lifetime", 2),
			e("spawnctx", verdictFP, "lifetime", 3),
			e("ctxdrop", verdictIntended, "", 4),
		}},
		{Target: Target{"b", "x.com/b", "v2.0.0"}, Run: &Run{Lines: 10}, Entries: []Entry{
			e("slotreread", verdictTrue, "lifetime", 1), // the same id in another target is another cause
			e("mystery", verdictIntended, "", 2),
		}},
	}
	var b bytes.Buffer
	writeReport(&b, rs, []string{"spawnctx", "ctxdrop", "slotreread", "cancelshare"}, false)
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

root causes with more than one finding: 1
  a lifetime: 2 findings (ctxdrop, spawnctx)
`
	if b.String() != want {
		t.Errorf("report:\n%s\nwant:\n%s", b.String(), want)
	}

	// An unjudged finding adds the unjudged column.
	rs[1].Entries[1].Verdict = verdictUnjudged
	b.Reset()
	writeReport(&b, rs, nil, true)
	for _, s := range []string{"| fp | unjudged | true/(true+fp)", "| b (x.com/b v2.0.0) | 10 | 2 | 1 | 0 | 0 | 1 | 100.0 % | 50.0 % |", "  unjudged a.go:2:1: mystery: m\n    r\n", "  fp a.go:2:1: ctxdrop: m\n    r [lifetime]\n"} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("verbose report lacks %q:\n%s", s, b.String())
		}
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
	if err := os.WriteFile(list, []byte("a\tx.com/a\tv1.0.0\n"), 0o644); err != nil {
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
		{"no binary", []string{"-list", list, "-ctxbound", filepath.Join(dir, "ctxbound")}, "the ctxbound binary"},
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

// TestCommittedLedgers checks the committed list and ledgers without the
// download make corpus needs: every target has a well-formed ledger of its
// pinned version, every row has a verdict, and no ledger is left over.
func TestCommittedLedgers(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "docs", "precision")
	f, err := os.Open(filepath.Join(dir, "corpus.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ts, err := parseList("corpus.txt", f)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	modules := 0
	for _, tg := range ts {
		names[tg.Name+".tsv"] = true
		if !tg.isStd() {
			modules++
		}
		l, err := readLedger(filepath.Join(dir, tg.Name+".tsv"))
		if err != nil {
			t.Error(err)
			continue
		}
		if l.Target != tg.Module || l.Version != tg.Version {
			t.Errorf("%s.tsv is the ledger of %s %s, the list pins %s %s", tg.Name, l.Target, l.Version, tg.Module, tg.Version)
		}
		for _, e := range l.Entries {
			if !e.Judged() {
				t.Errorf("%s.tsv: %s: verdict %q, reread %v", tg.Name, e.Finding, e.Verdict, e.Reread)
			}
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
			t.Errorf("%s belongs to no target of corpus.txt", p)
		}
	}
}
