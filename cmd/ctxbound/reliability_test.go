package main

// Regression tests of the driver's promises under hostile input, one per
// reproduction of issue 13 (testdata/reliability/README.md).

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ctxbound/ctxbound/analyzers"
)

// TestFixKeepsCRLFAndBOM (repro 3): -fix edits two tokens of a CRLF file
// with a byte order mark; every line keeps its CRLF, the mark stays, and
// the result builds.
func TestFixKeepsCRLFAndBOM(t *testing.T) {
	bin := ctxboundBin(t)
	dir := module(t, filepath.Join("reliability", "crlf"))
	file := filepath.Join(dir, "a.go")
	// The file is kept with LF endings in the repository (gofmt clean, and
	// safe from git's line-ending conversion); the test writes it with a
	// BOM and CRLF, as the reproduction had it.
	lf, _ := os.ReadFile(file)
	os.WriteFile(file, append([]byte("\ufeff"), bytes.ReplaceAll(lf, []byte("\n"), []byte("\r\n"))...), 0o644)
	before, _ := os.ReadFile(file)
	if !bytes.HasPrefix(before, []byte("\ufeff")) || bytes.Count(before, []byte("\r\n")) != bytes.Count(before, []byte("\n")) {
		t.Fatal("test data: a.go must start with a BOM and end every line with CRLF")
	}
	_, stderr, code := run(t, dir, bin, "-fix", "./...")
	after, _ := os.ReadFile(file)
	if bytes.Equal(after, before) {
		t.Fatalf("-fix (exit %d) changed nothing\n%s", code, stderr)
	}
	if !bytes.HasPrefix(after, []byte("\ufeff")) {
		t.Errorf("-fix dropped the byte order mark")
	}
	if lf, crlf := bytes.Count(after, []byte("\n")), bytes.Count(after, []byte("\r\n")); lf != crlf {
		t.Errorf("-fix left %d of %d lines without CRLF:\n%q", lf-crlf, lf, after)
	}
	if lines := bytes.Count(after, []byte("\n")); lines != bytes.Count(before, []byte("\n")) {
		t.Errorf("-fix changed the number of lines")
	}
	if _, stderr, code := run(t, dir, "go", "build", "./..."); code != 0 {
		t.Errorf("the fixed module does not build:\n%s", stderr)
	}
}

const badConfigMsg = `json: unknown field "identity_keyz"`

// TestBadConfigOnce (repros 5 and 14): a .ctxbound.json with an unknown
// key, in a module of five packages, is one error naming the file and the
// key, with no failed prerequisites after it, and exit 1 in every format.
func TestBadConfigOnce(t *testing.T) {
	bin := ctxboundBin(t)
	dir := module(t, filepath.Join("reliability", "badconfig"))
	// One prefix for every configuration error, and where in the file.
	want := "ctxbound config " + filepath.Join(dir, ".ctxbound.json") + ":1:2: " + badConfigMsg + "\n"
	for _, args := range [][]string{{"./..."}, {"-json", "./..."}, {"-sarif", "./..."}, {"-fix", "./..."}, {"-baseline=b.json", "-write-baseline", "./..."}} {
		_, stderr, code := run(t, dir, bin, args...)
		if code != 1 || stderr != want {
			t.Errorf("ctxbound %q: exit %d, stderr\n%s\nwant exit 1 and exactly\n%s", args, code, stderr, want)
		}
	}
}

// TestVetBadConfigEveryRun (repro 4): under go vet, a bad .ctxbound.json is
// the same error, naming the file and the key, on every run; the second
// identical run does not pass silently from go vet's cache.
func TestVetBadConfigEveryRun(t *testing.T) {
	bin := ctxboundBin(t)
	dir := module(t, filepath.Join("reliability", "badconfig"))
	var first string
	for i := range 3 {
		_, stderr, code := run(t, dir, "go", "vet", "-vettool="+bin, "./p1")
		// go vet shortens the paths it prints: ./.ctxbound.json.
		if code == 0 || !strings.Contains(stderr, ".ctxbound.json:1:2: "+badConfigMsg) ||
			strings.Contains(stderr, "failed prerequisites") || !strings.Contains(stderr, "shown on every run") {
			t.Errorf("go vet run %d: exit %d\n%s", i+1, code, stderr)
		}
		if i == 0 {
			first = stderr
		} else if stderr != first {
			t.Errorf("go vet run %d printed\n%s\nrun 1 printed\n%s", i+1, stderr, first)
		}
	}
}

// TestVetBadFlagValue (repro 24): under go vet, a malformed flag value is
// one line naming the flag and the value for each package go vet runs the
// tool on, without the usage.
func TestVetBadFlagValue(t *testing.T) {
	bin := ctxboundBin(t)
	dir := module(t, "vet")
	_, stderr, code := run(t, dir, "go", "vet", "-vettool="+bin, "-config.spawners=bad one", "./use")
	errLine := `ctxbound: invalid value "bad one" for flag -config.spawners: bad spawner "bad one": write pkg/path.Func or (*pkg/path.Type).Method`
	n := strings.Count(stderr, errLine+"\n")
	if code == 0 || n == 0 || strings.Contains(stderr, "Usage") || strings.Contains(stderr, "-V\tprint version") {
		t.Fatalf("go vet with a malformed flag: exit %d\n%s", code, stderr)
	}
	for l := range strings.SplitSeq(strings.TrimSpace(stderr), "\n") {
		if l != errLine && !strings.HasPrefix(l, "# ") {
			t.Errorf("a line that is neither the error nor go vet's package heading: %q", l)
		}
	}
}

// TestBaselineCorrupt (repro 6): a baseline with trailing data, of the
// wrong type, or a dangling link is an error naming the file.
func TestBaselineCorrupt(t *testing.T) {
	bin := ctxboundBin(t)
	dir := module(t, filepath.Join("reliability", "baseline"))
	file := filepath.Join(dir, "baseline.json")
	if _, stderr, code := run(t, dir, bin, "-baseline="+file, "-write-baseline", "./..."); code != 0 {
		t.Fatalf("-write-baseline: exit %d\n%s", code, stderr)
	}
	good, _ := os.ReadFile(file)
	for _, c := range []struct{ name, content, want string }{
		{"trailing garbage", string(good) + "GARBAGE {\n", "trailing data after the JSON object"},
		{"trailing brace", string(good) + "}\n", "trailing data after the JSON object"},
		{"an array", "[]\n", "cannot unmarshal array"},
		{"a string", `"baseline"`, "cannot unmarshal string"},
		{"empty", "", "EOF"},
	} {
		os.WriteFile(file, []byte(c.content), 0o644)
		_, stderr, code := run(t, dir, bin, "-baseline="+file, "./...")
		if code != 1 || !strings.Contains(stderr, file) || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, want 1 and an error naming %s and %q\n%s", c.name, code, file, c.want, stderr)
		}
	}
	os.Remove(file)
	os.Symlink(filepath.Join(dir, "missing.json"), file)
	if _, stderr, code := run(t, dir, bin, "-baseline="+file, "./..."); code != 1 || !strings.Contains(stderr, file) {
		t.Errorf("a dangling link: exit %d\n%s", code, stderr)
	}
}

// TestWriteBaselineRefuses (repro 13): -write-baseline never overwrites a
// file that is not a ctxbound baseline, and writes through a rename.
func TestWriteBaselineRefuses(t *testing.T) {
	bin := ctxboundBin(t)
	dir := module(t, filepath.Join("reliability", "baseline"))
	for _, name := range []string{"a.go", "go.mod"} {
		file := filepath.Join(dir, name)
		before, _ := os.ReadFile(file)
		_, stderr, code := run(t, dir, bin, "-baseline="+name, "-write-baseline", "./...")
		if after, _ := os.ReadFile(file); !bytes.Equal(after, before) {
			t.Errorf("-write-baseline overwrote %s", name)
		}
		if code != 1 || !strings.Contains(stderr, "refusing to overwrite "+name+": it is not a ctxbound baseline") {
			t.Errorf("-baseline=%s -write-baseline: exit %d\n%s", name, code, stderr)
		}
	}
	// A baseline is written, and written again.
	for range 2 {
		if _, stderr, code := run(t, dir, bin, "-baseline=ci/b.json", "-write-baseline", "./..."); code != 0 {
			t.Errorf("-write-baseline to a baseline: exit %d\n%s", code, stderr)
		}
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "ci"))
	if len(entries) != 1 || entries[0].Name() != "b.json" {
		t.Errorf("ci/ holds %v, want b.json alone (no temporary file)", entries)
	}
}

// TestOutputOrder (repro 10): twelve files with one finding each: text,
// JSON and SARIF are the same bytes every run, in file name order.
func TestOutputOrder(t *testing.T) {
	bin := ctxboundBin(t)
	dir := module(t, filepath.Join("reliability", "order"))
	for _, args := range [][]string{{"./..."}, {"-json", "./..."}, {"-sarif", "./..."}} {
		var first string
		for i := range 5 {
			// No cache: every run analyzes, in whatever order its
			// workers take.
			stdout, stderr, _ := run(t, dir, "env", append([]string{"CTXBOUND_CACHE=off", bin}, args...)...)
			out := stdout + stderr
			if i == 0 {
				first = out
			} else if out != first {
				t.Fatalf("%q: run %d differs from run 1:\n%s\nthen\n%s", args, i+1, first, out)
			}
		}
		if args[0] == "./..." {
			var files []string
			for _, l := range textLines(dir, first) {
				files = append(files, strings.SplitN(l, ":", 2)[0])
			}
			if len(files) != 12 || !slices.IsSorted(files) {
				t.Errorf("text findings are not one per file in file name order: %v", files)
			}
		}
	}
}

// TestTags (repro 11): -tags reaches the build, in every output; another
// build flag is rejected, not ignored.
func TestTags(t *testing.T) {
	bin := ctxboundBin(t)
	dir := module(t, filepath.Join("reliability", "tags"))
	const finding = "i.go:7:31: call of helper passes a root context (context.TODO)"
	if stdout, stderr, code := run(t, dir, bin, "./..."); code != 0 || strings.Contains(stdout+stderr, "i.go") {
		t.Errorf("without -tags: exit %d\n%s%s", code, stdout, stderr)
	}
	if stdout, stderr, code := run(t, dir, bin, "-tags=integration", "./..."); code != 3 || !strings.Contains(stdout, finding) {
		t.Errorf("-tags=integration: exit %d\n%s%s", code, stdout, stderr)
	}
	stdout, stderr, code := run(t, dir, bin, "-sarif", "-tags=integration", "./...")
	if code != 3 || !strings.Contains(stdout, `"uri": "i.go"`) {
		t.Errorf("-sarif -tags=integration: exit %d\n%s", code, stderr)
	}
	if _, stderr, code := run(t, dir, bin, "-mod=mod", "./..."); code != 2 || !strings.Contains(stderr, "flag provided but not defined: -mod") {
		t.Errorf("-mod=mod: exit %d\n%s", code, stderr)
	}
}

// TestConfigLinks (repro 17): a .ctxbound.json that is a dangling link, a
// link to itself or a directory is an error naming it; a link to a good
// file is read.
func TestConfigLinks(t *testing.T) {
	bin := ctxboundBin(t)
	dir := module(t, filepath.Join("reliability", "symlink"))
	cfg := filepath.Join(dir, ".ctxbound.json")
	shared := filepath.Join(t.TempDir(), "shared.json")
	os.WriteFile(shared, []byte(`{"identity_keys": ["AGENT_PROFILE"]}`), 0o644)
	os.Symlink(shared, cfg)
	if stdout, stderr, code := run(t, dir, bin, "./..."); code != 3 || !strings.Contains(stdout, "identity key AGENT_PROFILE") {
		t.Errorf("a link to a good file: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, c := range []struct {
		name  string
		setup func()
		want  string
	}{
		{"dangling", func() { os.Remove(shared) }, "no such file or directory"},
		{"loop", func() { os.Remove(cfg); os.Symlink(".ctxbound.json", cfg) }, "too many levels of symbolic links"},
		{"directory", func() { os.Remove(cfg); os.Mkdir(cfg, 0o755) }, "is a directory"},
	} {
		c.setup()
		for _, args := range [][]string{{"./..."}, {"-json", "./..."}} {
			_, stderr, code := run(t, dir, bin, args...)
			if code != 1 || !strings.Contains(stderr, cfg) || !strings.Contains(stderr, c.want) {
				t.Errorf("%s, ctxbound %q: exit %d, want 1 and an error naming %s\n%s", c.name, args, code, cfg, stderr)
			}
		}
	}
}

// TestOneFindingOnce (issue 13, item 4): a finding in a file of a package
// with tests is reported once, not once for the package and again for its
// test variant, in text, JSON and SARIF.
func TestOneFindingOnce(t *testing.T) {
	bin := ctxboundBin(t)
	dir := module(t, filepath.Join("reliability", "tags"))
	os.WriteFile(filepath.Join(dir, "a_test.go"), []byte("package tags\n\nimport \"testing\"\n\nfunc TestX(t *testing.T) {}\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "b.go"), []byte("package tags\n\nimport \"context\"\n\nfunc B(ctx context.Context) { helper(context.TODO()) }\n"), 0o644)
	text, _, _ := run(t, dir, bin, "./...")
	if n := len(textLines(dir, text)); n != 1 {
		t.Errorf("text: %d findings, want 1\n%s", n, text)
	}
	stdout, _, _ := run(t, dir, bin, "-json", "./...")
	if got := parseJSON(t, dir, stdout); len(got) != 1 {
		t.Errorf("json: %d findings, want 1\n%s", len(got), stdout)
	}
	stdout, _, _ = run(t, dir, bin, "-sarif", "./...")
	var log struct {
		Runs []struct{ Results []json.RawMessage }
	}
	json.Unmarshal([]byte(stdout), &log)
	if len(log.Runs) != 1 || len(log.Runs[0].Results) != 1 {
		t.Errorf("sarif: want 1 result\n%s", stdout)
	}
}

// TestRootOutsideModule (issue 21, repro 1): a root of another module in a
// module's .ctxbound.json is one error, before any package is analyzed
// (not one per package), and it does not advise gluing the two module
// paths together.
func TestRootOutsideModule(t *testing.T) {
	bin := ctxboundBin(t)
	dir := module(t, filepath.Join("reliability", "rootoutside"))
	want := "ctxbound config " + filepath.Join(dir, ".ctxbound.json") + `: root "example.com/other/..." is not in module example.com/demo, whose packages this file configures, so it matches none of them; a file configures the packages of its own module only: put this root in the .ctxbound.json of the module that holds it, or remove it` + "\n"
	for _, args := range [][]string{{"./..."}, {"-json", "./..."}} {
		stdout, stderr, code := run(t, dir, bin, args...)
		if code != 1 || stderr != want || stdout != "" {
			t.Errorf("ctxbound %q: exit %d, stdout %q, stderr\n%s\nwant exit 1 and exactly\n%s", args, code, stdout, stderr, want)
		}
	}
}

// TestGoListError (issue 21, repro 6): when go list cannot build what
// the driver asks of it (here: go cannot create its work directory, as
// TMPDIR is a file), its own error is shown, not "matched no packages".
func TestGoListError(t *testing.T) {
	bin := ctxboundBin(t)
	dir := module(t, "vet")
	notDir := filepath.Join(t.TempDir(), "file")
	os.WriteFile(notDir, nil, 0o644)
	for _, args := range [][]string{{"-cache=off", "./..."}, {"-cache=off", "-json", "./..."}} {
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off", "TMPDIR="+notDir)
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.Contains(string(out), "go list failed: go: creating work dir") || strings.Contains(string(out), "matched no packages") {
			t.Errorf("ctxbound %q with TMPDIR a file: %v\n%s", args, err, out)
		}
	}
}

// TestEveryCheckOff (issue 21, repro 10): turning every check off is a
// usage error, not a silent pass.
func TestEveryCheckOff(t *testing.T) {
	bin := ctxboundBin(t)
	dir := module(t, "vet")
	args := []string{"-cache=off"}
	for _, a := range analyzers.Checks() {
		args = append(args, "-"+a.Name+"=false")
	}
	_, stderr, code := run(t, dir, bin, append(args, "./...")...)
	if code != 2 || !strings.Contains(stderr, "every check is turned off") {
		t.Errorf("every check =false: exit %d\n%s", code, stderr)
	}
	// One left on is a run.
	if _, stderr, code := run(t, dir, bin, append(args[:len(args)-1], "./...")...); code == 2 {
		t.Errorf("all checks but one off: exit %d\n%s", code, stderr)
	}
}

// TestVetSeesConfig (issue 21, repro 8): under go vet, a changed
// .ctxbound.json takes effect on the next run with no source change: it is
// part of the tool's ID, which keys go vet's cache.
func TestVetSeesConfig(t *testing.T) {
	bin := ctxboundBin(t)
	dir := module(t, filepath.Join("reliability", "vetconfig"))
	cfg := filepath.Join(dir, ".ctxbound.json")
	const finding = "os.Getenv reads identity key AGENT_PROFILE"
	vet := func(step string, wantCode int, wantFinding bool) {
		t.Helper()
		_, stderr, code := run(t, dir, "go", "vet", "-vettool="+bin, "./...")
		if code != wantCode || strings.Contains(stderr, finding) != wantFinding {
			t.Errorf("%s: go vet exit %d, want %d, finding %v\n%s", step, code, wantCode, wantFinding, stderr)
		}
	}
	vet("no configuration", 0, false)
	os.WriteFile(cfg, []byte(`{"identity_keys": ["AGENT_PROFILE"]}`), 0o644)
	vet("a configuration that makes AGENT_PROFILE an identity key", 1, true)
	os.WriteFile(cfg, []byte(`{}`), 0o644)
	vet("the configuration emptied", 0, false)
	os.WriteFile(cfg, []byte(`{"identity_keys": ["AGENT_PROFILE"]}`), 0o644)
	vet("the key again", 1, true)
	os.Remove(cfg)
	vet("the configuration removed", 0, false)
	// A configuration in a package's folder counts too.
	os.WriteFile(filepath.Join(dir, "p", ".ctxbound.json"), []byte(`{"identity_keys": ["AGENT_PROFILE"]}`), 0o644)
	vet("a configuration in the package's folder", 1, true)
}
