package driver

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// marker reports every call of a function named mark, with the function's
// declaration as a related location and a fix that calls check instead.
var marker = &analysis.Analyzer{
	Name:     "marker",
	Doc:      "report calls of mark\n\nA test analyzer: every call of a function named mark is reported.",
	URL:      "https://example.com/docs#marker",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		for n := range ins.PreorderSeq((*ast.CallExpr)(nil)) {
			call := n.(*ast.CallExpr)
			fn := typeutil.StaticCallee(pass.TypesInfo, call)
			if fn == nil || fn.Name() != "mark" {
				continue
			}
			id := call.Fun.(*ast.Ident)
			pass.Report(analysis.Diagnostic{
				Pos: call.Pos(), End: call.End(),
				Message: "call of mark; call check",
				Related: []analysis.RelatedInformation{{Pos: fn.Pos(), End: fn.Pos() + 4, Message: "mark is declared here"}},
				SuggestedFixes: []analysis.SuggestedFix{{
					Message:   "Call check",
					TextEdits: []analysis.TextEdit{{Pos: id.Pos(), End: id.End(), NewText: []byte("check")}},
				}},
			})
		}
		return nil, nil
	},
}

// quiet reports nothing; it still gets a rule.
var quiet = &analysis.Analyzer{
	Name: "quiet",
	Doc:  "report nothing\n\nA test analyzer.",
	URL:  "https://example.com/docs#quiet",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

func testSuite() Suite {
	return Suite{Name: "testlint", Checks: []*analysis.Analyzer{marker, quiet}, InformationURI: "https://example.com"}
}

// copyModule copies the test module to a temporary directory and changes
// into it.
func copyModule(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dst)
	return dst
}

func schemaPath(t *testing.T) string {
	p, err := filepath.Abs("../../../testdata/sarif/sarif-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// ValidateSARIF checks data against the SARIF 2.1.0 schema, formats
// asserted.
func validateSARIF(t *testing.T, schema string, data []byte) {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	sch, err := c.Compile(schema)
	if err != nil {
		t.Fatalf("compiling the SARIF schema: %v", err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("SARIF output is not JSON: %v\n%s", err, data)
	}
	if err := sch.Validate(inst); err != nil {
		t.Fatalf("SARIF output does not validate against the 2.1.0 schema: %v\n%s", err, data)
	}
}

func TestSARIF(t *testing.T) {
	schema := schemaPath(t)
	src, _ := filepath.Abs("../../../testdata/sarif/mod")
	dir := copyModule(t, src)
	var stdout, stderr bytes.Buffer
	code := Run(testSuite(), []string{"-sarif", "./..."}, &stdout, &stderr)
	if code != exitFindings {
		t.Fatalf("exit code %d, want %d; stderr:\n%s", code, exitFindings, stderr.String())
	}
	validateSARIF(t, schema, stdout.Bytes())

	var log struct {
		Version string
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string
					Rules []struct {
						ID               string
						ShortDescription struct{ Text string }
						HelpURI          string
					}
				}
			}
			OriginalURIBaseIDs map[string]struct{ URI string } `json:"originalUriBaseIds"`
			ColumnKind         string
			Results            []sarifResult
			Invocations        []sarifInvocation
		}
	}
	if err := json.Unmarshal(stdout.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if got := run.Tool.Driver.Rules; len(got) != 2 || got[0].ID != "marker" || got[1].ID != "quiet" ||
		got[0].ShortDescription.Text != "report calls of mark" || got[0].HelpURI != "https://example.com/docs#marker" {
		t.Errorf("rules = %+v", got)
	}
	if run.ColumnKind != "utf16CodeUnits" || !run.Invocations[0].ExecutionSuccessful {
		t.Errorf("columnKind %q, invocation %+v", run.ColumnKind, run.Invocations[0])
	}
	if base := run.OriginalURIBaseIDs[srcRoot].URI; base != fileURI(dir)+"/" {
		t.Errorf("%%SRCROOT%% = %q, want %q", base, fileURI(dir)+"/")
	}
	if len(run.Results) != 2 {
		t.Fatalf("%d results, want 2", len(run.Results))
	}

	// The expected columns, computed independently: UTF-16 units before
	// the byte offset of the call on its line.
	content, _ := os.ReadFile(filepath.Join(dir, "p", "p.go"))
	lines := strings.Split(string(content), "\n")
	col16 := func(line int, sub string) (start, end int) {
		l := lines[line-1]
		i := strings.Index(l, sub)
		start = 1 + len(utf16.Encode([]rune(l[:i])))
		end = start + len(utf16.Encode([]rune(sub)))
		return
	}
	r := run.Results[0]
	loc := r.Locations[0].PhysicalLocation
	if loc.ArtifactLocation.URI != "p/p.go" || loc.ArtifactLocation.URIBaseID != srcRoot {
		t.Errorf("artifact %+v", loc.ArtifactLocation)
	}
	start, end := col16(12, `mark("x")`)
	if want := (sarifRegion{12, start, 12, end}); *loc.Region != want {
		t.Errorf("region %+v, want %+v (UTF-16 columns)", *loc.Region, want)
	}
	if byteCol := strings.Index(lines[11], `mark("x")`) + 1; byteCol == start {
		t.Fatalf("test data has no non-ASCII text before the finding: byte column %d = UTF-16 column", byteCol)
	}
	if r.RuleID != "marker" || r.RuleIndex != 0 || r.Message.Text != "call of mark; call check" || r.PartialFingerprints["ctxboundKey/v1"] == "" {
		t.Errorf("result %+v", r)
	}
	if len(r.RelatedLocations) != 1 || *r.RelatedLocations[0].ID != 1 ||
		r.RelatedLocations[0].Message.Text != "mark is declared here" ||
		*r.RelatedLocations[0].PhysicalLocation.Region != (sarifRegion{5, 6, 5, 10}) {
		t.Errorf("related %+v", r.RelatedLocations)
	}
	if len(r.Fixes) != 1 || r.Fixes[0].Description.Text != "Call check" {
		t.Fatalf("fixes %+v", r.Fixes)
	}
	rep := r.Fixes[0].ArtifactChanges[0].Replacements[0]
	if s, _ := col16(12, "mark"); rep.DeletedRegion != (sarifRegion{12, s, 12, s + 4}) || rep.InsertedContent.Text != "check" {
		t.Errorf("replacement %+v", rep)
	}
	// The second finding's line is ASCII: byte and UTF-16 columns agree.
	if got := run.Results[1].Locations[0].PhysicalLocation.Region; got.StartLine != 13 || got.StartColumn != 13 {
		t.Errorf("second region %+v", got)
	}
}

// TestSARIFErrors: a package that does not type-check makes an unsuccessful
// invocation with the error as a notification, and exit code 1.
func TestSARIFErrors(t *testing.T) {
	schema := schemaPath(t)
	src, _ := filepath.Abs("../../../testdata/broken")
	copyModule(t, src)
	var stdout, stderr bytes.Buffer
	code := Run(testSuite(), []string{"-sarif", "./..."}, &stdout, &stderr)
	if code != exitError {
		t.Fatalf("exit code %d, want %d", code, exitError)
	}
	validateSARIF(t, schema, stdout.Bytes())
	var log SarifLog
	if err := json.Unmarshal(stdout.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	inv := log.Runs[0].Invocations[0]
	if inv.ExecutionSuccessful || len(inv.ToolExecutionNotifications) == 0 ||
		!strings.Contains(inv.ToolExecutionNotifications[0].Message.Text, `cannot use "one"`) {
		t.Errorf("invocation %+v", inv)
	}
	if !strings.Contains(stderr.String(), "bad.go:8:14") {
		t.Errorf("stderr does not show the type error:\n%s", stderr.String())
	}
}

func TestBaseline(t *testing.T) {
	src, _ := filepath.Abs("../../../testdata/sarif/mod")
	dir := copyModule(t, src)
	file := filepath.Join(dir, "ci", "baseline.json")
	run := func(args ...string) (int, string) {
		var stdout, stderr bytes.Buffer
		code := Run(testSuite(), args, &stdout, &stderr)
		return code, stdout.String() + stderr.String()
	}

	code, out := run("-baseline="+file, "-write-baseline", "./...")
	if code != exitOK || !strings.Contains(out, "wrote 2 findings (1 entry)") {
		t.Fatalf("write: exit %d\n%s", code, out)
	}
	data, _ := os.ReadFile(file)
	want := `{
  "version": 1,
  "findings": [
    {
      "check": "marker",
      "package": "example.com/sarifmod/p",
      "function": "Use",
      "message": "call of mark; call check",
      "count": 2
    }
  ]
}
`
	if string(data) != want {
		t.Errorf("baseline file:\n%s\nwant:\n%s", data, want)
	}

	code, out = run("-baseline", file, "./...")
	if code != exitOK || !strings.Contains(out, "2 findings matched the baseline") || strings.Contains(out, "p.go:") {
		t.Fatalf("unchanged code: exit %d\n%s", code, out)
	}

	// Move the findings down (no line numbers in keys), and add a third
	// identical one in the same function: one is new. Of the findings of
	// one key, the last by position is the one reported.
	p := filepath.Join(dir, "p", "p.go")
	src2, _ := os.ReadFile(p)
	edited := strings.Replace(string(src2), "// Use calls mark.", "// Use calls mark.\n//\n// More doc.", 1)
	edited = strings.Replace(edited, "\treturn s + mark(\"plain\")", "\ts += mark(\"again\")\n\treturn s + mark(\"plain\")", 1)
	if err := os.WriteFile(p, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out = run("-baseline", file, "./...")
	if code != exitFindings || !strings.Contains(out, "2 findings matched the baseline") || !strings.Contains(out, "; 1 new") {
		t.Fatalf("one new finding: exit %d\n%s", code, out)
	}
	if got := strings.Count(out, "call of mark"); got != 1 || !strings.Contains(out, "p.go:16:13: call of mark") {
		t.Errorf("want exactly one finding, the last of the key, at p.go:16:13, got:\n%s", out)
	}

	// JSON keeps the x/tools format and lists only the new finding.
	var stdout, stderr bytes.Buffer
	code = Run(testSuite(), []string{"-json", "-baseline", file, "./..."}, &stdout, &stderr)
	var tree map[string]map[string][]struct{ Posn, Message string }
	if err := json.Unmarshal(stdout.Bytes(), &tree); err != nil || code != exitOK {
		t.Fatalf("json: exit %d, %v\n%s", code, err, stdout.String())
	}
	if d := tree["example.com/sarifmod/p"]["marker"]; len(d) != 1 || !strings.HasSuffix(d[0].Posn, "p.go:16:13") {
		t.Errorf("json diagnostics %+v", tree)
	}

	// Findings that went away are counted as stale.
	if err := os.WriteFile(p, []byte(strings.Replace(string(src2), ` + mark("plain")`, "", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out = run("-baseline", file, "./...")
	if code != exitOK || !strings.Contains(out, "1 baselined finding no longer occurs") {
		t.Errorf("stale: exit %d\n%s", code, out)
	}
}

func TestBaselineErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"version": 1, "findings": [{"check": "x", "package": "p", "count": 1, "line": 3}]}`), 0o644)
	if _, err := ReadBaseline(bad); err == nil || !strings.Contains(err.Error(), `unknown field "line"`) {
		t.Errorf("unknown field: %v", err)
	}
	os.WriteFile(bad, []byte(`{"version": 7, "findings": []}`), 0o644)
	if _, err := ReadBaseline(bad); err == nil || !strings.Contains(err.Error(), "version 7") {
		t.Errorf("version: %v", err)
	}
	for _, trailing := range []string{"GARBAGE {", "}", "{}", "[]"} {
		os.WriteFile(bad, []byte(`{"version": 1, "findings": []}`+"\n"+trailing), 0o644)
		if _, err := ReadBaseline(bad); err == nil || !strings.Contains(err.Error(), bad+": trailing data after the JSON object") {
			t.Errorf("trailing %q: %v", trailing, err)
		}
	}
	// isBaseline decides what -write-baseline may overwrite.
	for data, want := range map[string]bool{
		`{"version": 1, "findings": []}`:         true,
		`{"version": 2, "findings": [{"x": 1}]}`: true,
		`{"version": 1}`:                         false,
		`{"findings": []}`:                       false,
		`{"version": 1, "findings": {}}`:         false,
		"package main\n":                         false,
		"":                                       false,
		`{"version": 1, "findings": []} x`:       false,
	} {
		if got := isBaseline([]byte(data)); got != want {
			t.Errorf("isBaseline(%q) = %v, want %v", data, got, want)
		}
	}

	// No baseline is written from a failed analysis.
	src, _ := filepath.Abs("../../../testdata/broken")
	copyModule(t, src)
	var stdout, stderr bytes.Buffer
	file := filepath.Join(dir, "b.json")
	if code := Run(testSuite(), []string{"-baseline", file, "-write-baseline", "./..."}, &stdout, &stderr); code != exitError {
		t.Errorf("exit %d, want 1", code)
	}
	if _, err := os.Stat(file); err == nil || !strings.Contains(stderr.String(), "not writing") {
		t.Errorf("a baseline was written from a failed analysis:\n%s", stderr.String())
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"-sarif", "-json", "./..."},
		{"-format=xml", "./..."},
		{"-write-baseline", "./..."},
		{"-sarif", "-fix", "./..."},
		{"-sarif"},
		{"-sarif", "-nosuchflag", "./..."},
	} {
		var stdout, stderr bytes.Buffer
		if code := Run(testSuite(), args, &stdout, &stderr); code != exitUsage || stderr.Len() == 0 {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and a message", args, code, stderr.String())
		}
	}
}

func TestSelected(t *testing.T) {
	s := testSuite()
	for _, c := range []struct {
		args []string
		want []string
	}{
		{nil, []string{"marker", "quiet"}},
		{[]string{"-quiet"}, []string{"quiet"}},
		{[]string{"-quiet=false"}, []string{"marker"}},
		{[]string{"-quiet", "-marker=false"}, []string{"quiet"}},
	} {
		o := new(options)
		fs, _ := newFlags(s, o)
		if err := fs.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, a := range o.selected(s.All()) {
			got = append(got, a.Name)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: %v, want %v", c.args, got, c.want)
		}
	}
}

// TestIsVetInvocation: go vet's handshake and unit runs go to
// unitchecker, everything else to the standalone driver.
func TestIsVetInvocation(t *testing.T) {
	for _, c := range []struct {
		args []string
		want bool
	}{
		{[]string{"-V=full"}, true},
		{[]string{"-flags"}, true},
		{[]string{"-json", "-spawnctx", "/tmp/x/vet.cfg"}, true},
		{[]string{"./..."}, false},
		{[]string{"-json", "./..."}, false},
		{[]string{"-sarif", "-baseline", "b.json", "./..."}, false},
		{[]string{"-v", "./..."}, false},
		{[]string{"-fix", "-diff", "std"}, false},
	} {
		if got := isVetInvocation(c.args); got != c.want {
			t.Errorf("isVetInvocation(%q) = %v, want %v", c.args, got, c.want)
		}
	}
}

func TestHelp(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Help(&out, &errb, testSuite(), []string{"marker"}); code != 0 {
		t.Fatal(code)
	}
	want := "marker: report calls of mark\n\nA test analyzer: every call of a function named mark is reported.\n\nDocumentation: https://example.com/docs#marker\n"
	if out.String() != want {
		t.Errorf("help marker:\n%s\nwant:\n%s", out.String(), want)
	}
	out.Reset()
	if code := Help(&out, &errb, testSuite(), []string{"nosuch"}); code != 1 || !strings.Contains(errb.String(), `no check named "nosuch"`) {
		t.Errorf("help nosuch: %d %q", code, errb.String())
	}
}

func TestUTF16Len(t *testing.T) {
	for _, c := range []struct {
		s    string
		want int
	}{
		{"", 0}, {"abc", 3}, {"é", 1}, {"😀", 2}, {"a😀é", 4}, {"\xff", 1},
	} {
		if got := utf16Len([]byte(c.s)); got != c.want {
			t.Errorf("utf16Len(%q) = %d, want %d", c.s, got, c.want)
		}
	}
}

// TestSchemaRejects makes sure the schema validation can fail: a log with
// a byte-less region and a wrong version does not validate.
func TestSchemaRejects(t *testing.T) {
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	sch, err := c.Compile(schemaPath(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, doc := range []string{
		`{"version": "2.0.0", "runs": []}`,
		`{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"message": {"text": "m"}, "locations": [{"physicalLocation": {"region": {"startLine": 0}}}]}]}]}`,
		`{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x", "rules": [{"id": "r", "helpUri": "not a uri"}]}}}]}`,
	} {
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(doc))
		if err != nil {
			t.Fatal(err)
		}
		if err := sch.Validate(inst); err == nil {
			t.Errorf("the schema accepts %s", doc)
		}
	}
}

func TestKeyMessage(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"dep.Refresh makes its own root context (context.Background at dep.go:23) while ctx is in scope", "dep.Refresh makes its own root context (context.Background at dep.go) while ctx is in scope"},
		{"through dep.Store (dep.go:12): context.Background at x_test.go:4:7", "through dep.Store (dep.go): context.Background at x_test.go"},
		{"call of mark; call check", "call of mark; call check"},
		{"version go1.26: fine", "version go1.26: fine"},
	} {
		if got := keyMessage(c.in); got != c.want {
			t.Errorf("keyMessage(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestMain gives the tests a cache of their own, never the user's.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "ctxbound-driver-test-cache-")
	if err != nil {
		panic(err)
	}
	os.Setenv(cacheEnv, dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func TestVetFix(t *testing.T) {
	for args, want := range map[string]bool{
		"-fix x.cfg": true, "-fix=true x.cfg": true, "--fix x.cfg": true,
		"-fix=false x.cfg": false, "-json x.cfg": false, "x.cfg": false, "-fixes x.cfg": false,
	} {
		if got := vetFix(strings.Fields(args)); got != want {
			t.Errorf("vetFix(%s) = %v, want %v", args, got, want)
		}
	}
}

// TestVersion (issue 21, item 8): ctxbound version prints what the build
// says of itself: module version, VCS revision, toolchain.
func TestVersion(t *testing.T) {
	var b bytes.Buffer
	printVersion(&b, "ctxbound", buildInfo{path: "github.com/ctxbound/ctxbound", version: "v0.3.0", revision: "d84c5634dbcb", time: "2026-12-02T15:00:36Z",
		modified: true, stamped: true, goVersion: "go1.26.8", osArch: "linux/amd64"})
	want := "ctxbound version v0.3.0 (github.com/ctxbound/ctxbound)\nrevision d84c5634dbcb (2026-12-02T15:00:36Z, with uncommitted changes)\nbuilt with go1.26.8 linux/amd64\n"
	if b.String() != want {
		t.Errorf("version:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	printVersion(&b, "ctxbound", buildInfo{path: "github.com/ctxbound/ctxbound", version: "(devel)", goVersion: "go1.26.8", osArch: "linux/amd64"})
	if !strings.Contains(b.String(), "revision unknown: the binary has no VCS stamp") {
		t.Errorf("unstamped: %s", b.String())
	}
	// This test binary's own build information is read, not made up.
	if got := readBuildInfo(); got.goVersion != runtime.Version() || got.version == "" {
		t.Errorf("readBuildInfo = %+v", got)
	}
}
