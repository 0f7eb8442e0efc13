package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// toolID mirrors how cmd/go (internal/work, Builder.toolID) turns a vet
// tool's -V=full line into the ID it hashes into every vet action ID, and
// fails where cmd/go would stop with "unexpected output".
func toolID(t *testing.T, line string) string {
	t.Helper()
	f := strings.Fields(line)
	if len(f) < 3 || f[1] != "version" || strings.Contains(f[2], "devel") && !strings.HasPrefix(f[len(f)-1], "buildID=") {
		t.Fatalf("cmd/go would reject -V=full output %q", line)
	}
	if strings.Contains(f[2], "devel") {
		id := f[len(f)-1]
		return id[strings.LastIndex(id, "/")+1:] // contentID
	}
	return strings.TrimSpace(line)
}

func TestRewriteVersion(t *testing.T) {
	for _, tc := range []struct{ name, out string }{
		{"analysis driver", "/work/bin/ctxbound version devel comments-go-here buildID=4b4fb457cb7c\n"},
		{"go tool vet", "vet version go1.26.8\n"},
		{"build ID with action/content", "vet version devel go1.27-abc buildID=aaa/bbb\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := rewriteVersion(tc.out, "1.100.1")
			if err != nil {
				t.Fatal(err)
			}
			b, err := rewriteVersion(tc.out, "1.100.2")
			if err != nil {
				t.Fatal(err)
			}
			orig, idA, idB := toolID(t, tc.out), toolID(t, a), toolID(t, b)
			if idA == orig || idB == orig || idA == idB {
				t.Errorf("tool IDs not all distinct: original %q, run 1 %q, run 2 %q", orig, idA, idB)
			}
			if !strings.HasSuffix(a, "\n") || strings.Count(a, "\n") != 1 {
				t.Errorf("rewritten output %q: want one line", a)
			}
			// The name and version cmd/go checks are kept.
			if fa, fo := strings.Fields(a), strings.Fields(tc.out); fa[0] != fo[0] || fa[1] != fo[1] || fa[2] != fo[2] {
				t.Errorf("rewritten %q changed the name or version of %q", a, tc.out)
			}
			if again, _ := rewriteVersion(tc.out, "1.100.1"); again != a {
				t.Errorf("not deterministic for one nonce: %q then %q", a, again)
			}
		})
	}
}

func TestRewriteVersionErrors(t *testing.T) {
	for _, tc := range []struct{ out, nonce string }{
		{"", "1"},
		{"vet go1.26.8\n", "1"},
		{"vet version\n", "1"},
		{"vet version go1.26.8\n", ""},
		{"vet version go1.26.8\n", "a/b"},
		{"vet version go1.26.8\n", "a b"},
	} {
		if got, err := rewriteVersion(tc.out, tc.nonce); err == nil {
			t.Errorf("rewriteVersion(%q, %q) = %q, want an error", tc.out, tc.nonce, got)
		}
	}
}

func TestIsVetTool(t *testing.T) {
	for _, tc := range []struct {
		tool, vet string
		want      bool
	}{
		{"/go/pkg/tool/linux_amd64/vet", "/go/pkg/tool/linux_amd64/vet", true},
		{"/other/root/pkg/tool/linux_amd64/vet", "/go/pkg/tool/linux_amd64/vet", true},
		{"/go/pkg/tool/linux_amd64/compile", "/go/pkg/tool/linux_amd64/vet", false},
		{"/work/bin/ctxbound", "/work/bin/./ctxbound", true},
		{"/go/pkg/tool/linux_amd64/link", "/work/bin/ctxbound", false},
		{"/go/pkg/tool/linux_amd64/vet", "", false},
	} {
		if got := isVetTool(tc.tool, tc.vet); got != tc.want {
			t.Errorf("isVetTool(%q, %q) = %v, want %v", tc.tool, tc.vet, got, tc.want)
		}
	}
}

// TestToolexecVersion runs the wrapper's -V=full path against a fake vet
// tool (a shell script).
func TestToolexecVersion(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("shell script tool")
	}
	dir := t.TempDir()
	fake := filepath.Join(dir, "ctxfloor")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\necho \"$0 version devel comments-go-here buildID=abc123\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv(envVetTool, fake)
	t.Setenv(envNonce, "42.7")
	out := captureStdout(t, func() {
		if code := toolexecMain([]string{fake, "-V=full"}); code != 0 {
			t.Errorf("exit %d", code)
		}
	})
	want := fake + " version devel comments-go-here buildID=abc123.ctxbench-42.7\n"
	if out != want {
		t.Errorf("wrapper printed %q, want %q", out, want)
	}
}

func captureStdout(t *testing.T, f func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stdout
	os.Stdout = w
	f()
	os.Stdout = old
	w.Close()
	var b bytes.Buffer
	b.ReadFrom(r)
	return b.String()
}

func TestParseVetLog(t *testing.T) {
	log := "1500000000 104857600 3000000 net/http\n500000000 209715200 2000000 net/http [net/http.test]\n\n"
	got, err := parseVetLog(log)
	want := vetLog{Units: 2, ToolCPU: 2 * time.Second, ToolRSS: 200 << 20, WrapperCPU: 5 * time.Millisecond}
	if err != nil || got != want {
		t.Errorf("parseVetLog = %+v, %v; want %+v", got, err, want)
	}
	if got, err := parseVetLog(""); got != (vetLog{}) || err != nil {
		t.Errorf("parseVetLog(empty) = %+v, %v", got, err)
	}
	for _, bad := range []string{"12 3\n", "x 1 2 p\n", "1 y 2 p\n", "1 2 z p\n"} {
		if _, err := parseVetLog(bad); err == nil {
			t.Errorf("parseVetLog(%q): want an error", bad)
		}
	}
}

func TestQuoteToolexec(t *testing.T) {
	for in, want := range map[string]string{
		"/tmp/go-build1/exe/ctxbench": "/tmp/go-build1/exe/ctxbench",
		"/tmp/my dir/ctxbench":        "'/tmp/my dir/ctxbench'",
		"/tmp/it's here/ctxbench":     `"/tmp/it's here/ctxbench"`,
	} {
		if got := quoteToolexec(in); got != want {
			t.Errorf("quoteToolexec(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSummarize(t *testing.T) {
	for _, tc := range []struct {
		xs           []float64
		median, sprd float64
	}{
		{nil, 0, 0},
		{[]float64{5}, 5, 0},
		{[]float64{12, 10, 11}, 11, 2.0 / 11},
		{[]float64{4, 1, 3, 2}, 2.5, 3 / 2.5},
	} {
		s := summarize(tc.xs)
		if s.Median != tc.median || s.Spread != tc.sprd || s.N != len(tc.xs) {
			t.Errorf("summarize(%v) = %+v, want median %v spread %v", tc.xs, s, tc.median, tc.sprd)
		}
	}
}

func samples(cpuSecs ...float64) []sample {
	var out []sample
	for _, c := range cpuSecs {
		out = append(out, sample{CPU: time.Duration(c * float64(time.Second)), Wall: time.Second, MaxRSS: int64(c * (1 << 20)), Load: c / 10})
	}
	return out
}

func TestRatios(t *testing.T) {
	results := map[string]*result{
		"suite":     {Tool: &tool{Key: "suite"}, Samples: samples(31, 29, 30)},
		"floor":     {Tool: &tool{Key: "floor"}, Samples: samples(10, 11, 9)},
		"vet-suite": {Tool: &tool{Key: "vet-suite"}, Samples: samples(12)},
		"vet-floor": {Tool: &tool{Key: "vet-floor"}, Samples: samples(10)},
		"vet":       {Tool: &tool{Key: "vet"}, Err: errors.New("boom")},
	}
	specs := []ratioSpec{
		{"suite/floor", "suite", "floor", "CPU", 3},
		{"suite/floor", "suite", "floor", "RSS", 2.9},
		{"vet", "vet-suite", "vet-floor", "CPU", 1.1},
		{"vet wall", "vet-suite", "vet-floor", "wall", 0},
		{"failed side", "vet-suite", "vet", "CPU", 0},
		{"not selected", "staticcheck", "floor", "CPU", 0},
	}
	got := ratios(results, specs)
	want := []struct {
		value   float64
		ok      bool
		verdict string
	}{
		{3, true, "PASS"},   // 30/10: at the ceiling passes
		{3, true, "FAIL"},   // same values, lower ceiling
		{1.2, true, "FAIL"}, // 12/10
		{1, true, ""},       // for information
		{0, false, "n/a"},   // a side failed
	}
	if len(got) != len(want) {
		t.Fatalf("got %d ratios, want %d (the unselected one dropped): %+v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.OK != w.ok || (w.ok && !near(g.Value, w.value)) || g.verdict() != w.verdict {
			t.Errorf("ratio %d (%s %s) = %v ok=%v %q, want %v ok=%v %q", i, g.Name, g.Metric, g.Value, g.OK, g.verdict(), w.value, w.ok, w.verdict)
		}
	}
}

func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

func TestWriteTable(t *testing.T) {
	results := map[string]*result{
		"suite":        {Tool: &tool{Key: "suite", Label: "ctxbound", Bench: "Suite"}, Samples: samples(31, 29, 30)},
		"floor-export": {Tool: &tool{Key: "floor-export", Label: "floor", Bench: "FloorExport"}, Samples: samples(10, 11, 9)},
		"vet":          {Tool: &tool{Key: "vet", Label: "go vet", Bench: "GoVet"}, Err: errors.New("exit 2")},
		"vet-floor": {Tool: &tool{Key: "vet-floor", Label: "go vet -vettool=ctxfloor"}, Samples: []sample{
			{CPU: 5 * time.Second, Wall: 3 * time.Second, MaxRSS: 100 << 20, Units: 7, ToolCPU: 4 * time.Second, ToolRSS: 50 << 20, Load: 1},
		}},
	}
	order := []string{"suite", "floor-export", "vet", "vet-floor"}
	var b bytes.Buffer
	writeTable(&b, "std: std, 2 packages", order, results, ratios(results, ratioSpecs))
	want := `std: std, 2 packages
  tool                                     CPU s     ±   wall s     ±  peak RSS MiB     ±  runs
  ctxbound                                  30.0    7%      1.0    0%            30    7%     3
  floor                                     10.0   20%      1.0    0%            10   20%     3
  go vet                                       -              -                   -           0
  go vet -vettool=ctxfloor                   5.0            3.0                 100           1
  of which vet tool processes              CPU s     ±                 peak RSS MiB     ±  runs
  go vet -vettool=ctxfloor (7 packages)      4.0                                 50           1
  1-minute load average at the start of the runs: 0.9 to 3.1
  go vet FAILED: exit 2

  ratio of medians             metric   value  target
  fresh / floor (export data)  CPU      3.00×  ≤ 4×  PASS
  fresh / floor (export data)  RSS      3.00×  ≤ 1.5×  FAIL
  fresh / go vet               CPU        n/a
`
	if got := b.String(); got != want {
		t.Errorf("table:\n%s\nwant:\n%s", got, want)
	}
}

func TestBenchLines(t *testing.T) {
	results := map[string]*result{
		"suite": {Tool: &tool{Key: "suite", Bench: "Suite"}, Samples: []sample{
			{CPU: 3 * time.Second, Wall: 2 * time.Second, MaxRSS: 1 << 30},
			{CPU: 4 * time.Second, Wall: time.Second, MaxRSS: 1 << 20},
		}},
		"vet": {Tool: &tool{Key: "vet", Bench: "GoVet"}, Err: errors.New("x")},
		"vet-floor": {Tool: &tool{Key: "vet-floor", Bench: "VetFloor"}, Samples: []sample{
			{CPU: 5 * time.Second, Wall: 3 * time.Second, MaxRSS: 100, Units: 7, ToolCPU: 4 * time.Second, ToolRSS: 50},
		}},
	}
	got := benchLines("std", []string{"suite", "vet", "vet-floor", "absent"}, results)
	want := "BenchmarkSuite/std 1 2000000000 ns/op 3000000000 cpu-ns/op 1073741824 maxrss-bytes\n" +
		"BenchmarkSuite/std 1 1000000000 ns/op 4000000000 cpu-ns/op 1048576 maxrss-bytes\n" +
		"BenchmarkVetFloor/std 1 3000000000 ns/op 5000000000 cpu-ns/op 100 maxrss-bytes 4000000000 tool-cpu-ns/op 50 tool-maxrss-bytes\n"
	if got != want {
		t.Errorf("benchLines =\n%s\nwant\n%s", got, want)
	}
}

func TestChecks(t *testing.T) {
	diag := "net/http/x.go:10:2: possible misuse of unsafe.Pointer\n/abs/y.go:3:4: \tthe related position\n"
	vetJSON := `{"net/http": {"printf": [{"posn": "x.go:1:2", "message": "m"}]}}` + "\n" + `{"net/url": {}}`
	for _, tc := range []struct {
		name   string
		check  func(int, []byte, []byte) error
		code   int
		stdout string
		stderr string
		ok     bool
	}{
		{"standalone clean", checkStandalone, 0, "", "", true},
		{"standalone findings", checkStandalone, 3, "", "x.go:1:2: m", true},
		{"standalone error", checkStandalone, 1, "", "load error", false},
		{"vet clean", checkVetPlain, 0, "", "", true},
		{"vet findings", checkVetPlain, 1, "", "# net/http\n" + diag, true},
		{"vet error", checkVetPlain, 1, "", "# net/http\nvet: analysis failed\n", false},
		{"vet exit 1 silent", checkVetPlain, 1, "", "", false},
		{"vet exit 2", checkVetPlain, 2, "", diag, false},
		{"vet json findings", checkVetJSON, 0, vetJSON, "", true},
		{"vet json empty", checkVetJSON, 0, "", "", true},
		{"vet json error entry", checkVetJSON, 0, `{"p": {"spawnctx": {"error": "panic in spawnctx"}}}`, "", false},
		{"vet json nonzero", checkVetJSON, 1, "", "x.go:1:1: undefined: y", false},
		{"vet json garbage", checkVetJSON, 0, "not json", "", false},
		{"staticcheck clean", checkStaticcheck, 0, "", "", true},
		{"staticcheck findings", checkStaticcheck, 1, `{"code":"SA4006","message":"m","location":{"file":"a.go"}}` + "\n", "", true},
		{"staticcheck compile error", checkStaticcheck, 1, `{"code":"compile","message":"undefined: x","location":{"file":"a.go"}}` + "\n", "", false},
		{"staticcheck exit 1 silent", checkStaticcheck, 1, "", "boom", false},
		{"staticcheck exit 2", checkStaticcheck, 2, "", "", false},
	} {
		err := tc.check(tc.code, []byte(tc.stdout), []byte(tc.stderr))
		if (err == nil) != tc.ok {
			t.Errorf("%s: got error %v, want ok=%v", tc.name, err, tc.ok)
		}
	}
}

func TestTail(t *testing.T) {
	if tail(nil) != "" {
		t.Error("tail of nothing is not empty")
	}
	var b strings.Builder
	for i := range 40 {
		b.WriteString(strings.Repeat("x", i%3+1) + "\n")
	}
	got := tail([]byte(b.String()))
	if !strings.Contains(got, "... (10 lines before)") || strings.Count(got, "\n\t") != 32 {
		t.Errorf("tail kept the wrong lines:\n%s", got)
	}
}
