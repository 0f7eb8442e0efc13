package main

// End-to-end tests of the ctxbound binary: under go vet -vettool (the
// unitchecker protocol, facts through the build cache) and standalone, on
// the two-package module testdata/vet (package use needs the facts of
// package dep), and on testdata/broken, which does not type-check.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/analyzers"
)

var (
	binDir    string
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "ctxbound-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binDir = dir
	// A cache of the tests' own, never the user's.
	os.Setenv("CTXBOUND_CACHE", filepath.Join(dir, "cache"))
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// ctxboundBin builds the command once per test binary. CTXBOUND_TEST_BIN
// names another binary to test instead (an older build, to see a
// regression test fail).
func ctxboundBin(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary and runs go vet")
	}
	if bin := os.Getenv("CTXBOUND_TEST_BIN"); bin != "" {
		return bin
	}
	buildOnce.Do(func() {
		binPath = filepath.Join(binDir, "ctxbound")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// module copies a test module under testdata/ to a temporary directory.
func module(t *testing.T, name string) string {
	t.Helper()
	dst := t.TempDir()
	if err := os.CopyFS(dst, os.DirFS(filepath.Join("..", "..", "testdata", name))); err != nil {
		t.Fatal(err)
	}
	return dst
}

// run runs a command in dir and returns its standard output, standard
// error and exit code.
func run(t *testing.T, dir, name string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
		code = exit.ExitCode()
	default:
		t.Fatalf("%s %q: %v", name, args, err)
	}
	if s := o.String() + e.String(); strings.Contains(s, "panic:") || strings.Contains(s, "internal error in") {
		t.Errorf("%s %q crashed:\n%s", name, args, s)
	}
	return o.String(), e.String(), code
}

// A want is one expected diagnostic.
type want struct {
	check string
	posn  string // file:line:col relative to the module root
	msg   string // the exact message
}

func (w want) String() string { return fmt.Sprintf("%s %s: %s", w.check, w.posn, w.msg) }

// The diagnostics of ctxbound on testdata/vet.
var (
	wantDirective = []want{
		{"directive", "use/use.go:30:2", "//ctxbound:ignore needs a reason: //ctxbound:ignore spawnctx -- <why>"},
		{"directive", "use/use.go:32:2", "malformed directive: no space is allowed between // and ctxbound:detach"},
		{"directive", "vetsuite/vetsuite.go:10:2", "unknown directive //ctxbound:frobnicate; known verbs are ignore, file-ignore, root, detach, spawner, slot, runscoped, canceltoken"},
	}
	// An ignore that suppressed nothing is reported by the check it names.
	wantUnusedIgnore = want{"ctxdrop", "use/use.go:34:2", "//ctxbound:ignore ctxdrop suppressed nothing; remove it"}
	// Needs dep's inferred-spawner fact: dep.SafeGo runs its argument on
	// a goroutine.
	wantSafeGo = want{"spawnctx", "use/use.go:14:3", "func run by wrapper dep.SafeGo drops the caller's context: it calls notify with a root context (context.Background) while ctx is in scope; pass ctx, or context.WithoutCancel(ctx) to outlive the caller"}
	// Needs dep's root-context fact: dep.Refresh makes context.Background.
	wantRefresh = want{"ctxdrop", "use/use.go:16:2", "call of dep.Refresh drops the caller's context: dep.Refresh makes its own root context (context.Background) while ctx is in scope; give dep.Refresh a ctx parameter and pass ctx, or context.WithoutCancel(ctx) to outlive the caller"}
	// Without -config.spawners, q.Later is a plain call: the closure's
	// context.TODO is a synchronous drop.
	wantLaterDrop = want{"ctxdrop", "use/use.go:23:3", "call of notify passes a root context (context.TODO) while ctx is in scope; pass ctx, or context.WithoutCancel(ctx) to outlive the caller"}
	// With -config.spawners=(*example.com/vet/dep.Queue).Later it is a spawn.
	wantLaterSpawn = want{"spawnctx", "use/use.go:23:3", "func run by wrapper dep.Queue.Later drops the caller's context: it calls notify with a root context (context.TODO) while ctx is in scope; pass ctx, or context.WithoutCancel(ctx) to outlive the caller"}
)

// An opt-in check's finding: stopwork runs only when named.
var wantStopwork = want{"stopwork", "component/component.go:19:19", "goroutine runs on a root context that Notifier.Stop cannot cancel: it is started with a root context (context.Background), and runs on after the stop; give Notifier a lifetime context (a ctx and cancel kept in it, cancelled by Stop) and run the goroutine on it"}

func defaultWants() []want {
	return slices.Concat(wantDirective, []want{wantUnusedIgnore, wantSafeGo, wantRefresh, wantLaterDrop})
}

// A diag is one reported diagnostic.
type diag struct{ check, posn, msg string }

// check compares diagnostics with the expectations, exactly: the same
// diagnostics, each once.
func check(t *testing.T, what string, got []diag, wants []want) {
	t.Helper()
	var g, w []string
	for _, d := range got {
		g = append(g, want(d).String())
	}
	for _, x := range wants {
		w = append(w, x.String())
	}
	slices.Sort(g)
	slices.Sort(w)
	if !slices.Equal(g, w) {
		t.Errorf("%s: diagnostics\n\t%s\nwant\n\t%s", what, strings.Join(g, "\n\t"), strings.Join(w, "\n\t"))
	}
}

// parseJSON reads the x/tools JSON tree, one object per package under go
// vet and one for all packages standalone; it makes paths relative to dir
// and fails on analysis errors.
func parseJSON(t *testing.T, dir, out string) []diag {
	t.Helper()
	var got []diag
	dec := json.NewDecoder(strings.NewReader(out))
	for dec.More() {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err != nil {
			t.Fatalf("bad JSON: %v\n%s", err, out)
		}
		for _, byCheck := range tree {
			for name, raw := range byCheck {
				var ds []struct{ Posn, Message string }
				if err := json.Unmarshal(raw, &ds); err != nil {
					t.Errorf("%s: %s", name, raw)
					continue
				}
				for _, d := range ds {
					got = append(got, diag{name, strings.TrimPrefix(d.Posn, dir+string(filepath.Separator)), d.Message})
				}
			}
		}
	}
	return got
}

// textLines returns the lines of text output that are diagnostics,
// "file:line:col: message", with paths relative to dir.
func textLines(dir, out string) []string {
	var lines []string
	for l := range strings.SplitSeq(out, "\n") {
		l = strings.TrimPrefix(l, dir+string(filepath.Separator))
		// Related positions are printed as diagnostics whose message
		// starts with a tab: they belong to the line before.
		if regexp.MustCompile(`^[\w/.-]+\.go:\d+:\d+: [^\t]`).MatchString(l) {
			lines = append(lines, l)
		}
	}
	return lines
}

// checkText compares text output with the expectations. The standalone
// driver names the check at the end of each line ("... (ctxdrop)"), as
// staticcheck and golangci-lint do; go vet prints its own text without
// it, so there a line is matched by position and message.
func checkText(t *testing.T, what, dir, out string, wants []want, named bool) {
	t.Helper()
	var got []diag
	for _, l := range textLines(dir, out) {
		// "use/use.go:30:2: message": the position is up to the third colon.
		parts := strings.SplitN(l, ": ", 2)
		posn, msg := parts[0], parts[1]
		name := ""
		if named {
			i := strings.LastIndex(msg, " (")
			if i < 0 || !strings.HasSuffix(msg, ")") {
				t.Errorf("%s: the line does not name its check: %s", what, l)
				continue
			}
			msg, name = msg[:i], msg[i+2:len(msg)-1]
		} else {
			for _, w := range wants {
				if w.posn == posn {
					name = w.check
				}
			}
		}
		got = append(got, diag{name, posn, msg})
	}
	check(t, what, got, wants)
}

func TestVetTool(t *testing.T) {
	bin := ctxboundBin(t)
	dir := module(t, "vet")

	// Text: diagnostics on standard error, exit 1.
	_, stderr, code := run(t, dir, "go", "vet", "-vettool="+bin, "./...")
	if code != 1 {
		t.Errorf("go vet: exit %d, want 1\n%s", code, stderr)
	}
	checkText(t, "go vet", dir, stderr, defaultWants(), false)

	// -json: the x/tools tree on standard output, and exit 0 with findings.
	stdout, stderr, code := run(t, dir, "go", "vet", "-vettool="+bin, "-json", "./...")
	if code != 0 {
		t.Errorf("go vet -json: exit %d, want 0 (go vet -json exits 0 with findings)\n%s", code, stderr)
	}
	check(t, "go vet -json", parseJSON(t, dir, stdout), defaultWants())
}

// TestVetToolFlags: enable flags and analyzer flags reach the unit runs.
func TestVetToolFlags(t *testing.T) {
	bin := ctxboundBin(t)
	dir := module(t, "vet")

	stdout, stderr, _ := run(t, dir, "go", "vet", "-vettool="+bin, "-json", "-directive", "./...")
	check(t, "go vet -directive", parseJSON(t, dir, stdout+stderr), wantDirective)

	stdout, _, _ = run(t, dir, "go", "vet", "-vettool="+bin, "-json", "-spawnctx", "-config.spawners=(*example.com/vet/dep.Queue).Later", "./use")
	check(t, "go vet -config.spawners", parseJSON(t, dir, stdout), []want{wantSafeGo, wantLaterSpawn})

	// A malformed flag value is a usage error of the tool, never ignored.
	_, stderr, code := run(t, dir, "go", "vet", "-vettool="+bin, "-config.spawners=not a function", "./use")
	if code == 0 || !strings.Contains(stderr, `invalid value "not a function" for flag -config.spawners: bad spawner "not a function"`) {
		t.Errorf("go vet with a bad -config.spawners: exit %d\n%s", code, stderr)
	}
}

// TestVetToolConfigError: a malformed .ctxbound.json is an error naming
// the file and the value, in every mode. Under go vet, with and without
// -json, the tool fails before go vet caches anything (see
// TestVetBadConfigEveryRun for the second run).
func TestVetToolConfigError(t *testing.T) {
	bin := ctxboundBin(t)
	dir := module(t, "vet")
	if err := os.WriteFile(filepath.Join(dir, "use", ".ctxbound.json"), []byte(`{"spawners": ["not a function"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	const msg = `.ctxbound.json: bad spawner "not a function"`
	for _, args := range [][]string{{"go", "vet", "-vettool=" + bin, "./use"}, {"go", "vet", "-vettool=" + bin, "-json", "./use"}, {bin, "./use"}, {bin, "-sarif", "./use"}, {bin, "-json", "./use"}} {
		_, stderr, code := run(t, dir, args[0], args[1:]...)
		if code != 1 || !strings.Contains(stderr, msg) || strings.Contains(stderr, "failed prerequisites") {
			t.Errorf("%q with a bad .ctxbound.json: exit %d, want 1 and the error\n%s", args, code, stderr)
		}
	}
}

// TestVetToolFix: go vet -fix applies the first fix of each diagnostic.
func TestVetToolFix(t *testing.T) {
	bin := ctxboundBin(t)
	dir := module(t, "vet")
	golden, _ := os.ReadFile(filepath.Join(dir, "use", "use.go.golden"))

	_, stderr, code := run(t, dir, "go", "vet", "-vettool="+bin, "-fix", "./...")
	got, _ := os.ReadFile(filepath.Join(dir, "use", "use.go"))
	if !bytes.Equal(got, golden) {
		t.Errorf("go vet -fix (exit %d): use/use.go is\n%s\nwant use/use.go.golden:\n%s\nstderr:\n%s", code, got, golden, stderr)
	}
	// The first fix is applied without a line of noise for each
	// alternative (issue 21, item 9).
	if strings.Contains(stderr, "ignoring alternative fix") {
		t.Errorf("go vet -fix: %s", stderr)
	}

	// An analyzer flag of a check: -spawnctx.fix=detach lists the
	// context.WithoutCancel(ctx) fix first, and only spawnctx runs.
	dir = module(t, "vet")
	orig, _ := os.ReadFile(filepath.Join(dir, "use", "use.go"))
	_, stderr, code = run(t, dir, "go", "vet", "-vettool="+bin, "-spawnctx", "-spawnctx.fix=detach", "-fix", "./...")
	got, _ = os.ReadFile(filepath.Join(dir, "use", "use.go"))
	want := bytes.Replace(orig, []byte("notify(context.Background(), id)"), []byte("notify(context.WithoutCancel(ctx), id)"), 1)
	if !bytes.Equal(got, want) {
		t.Errorf("go vet -spawnctx -spawnctx.fix=detach -fix (exit %d): use/use.go is\n%s\nstderr:\n%s", code, got, stderr)
	}
	_, stderr, code = run(t, dir, "go", "vet", "-vettool="+bin, "-spawnctx.fix=sideways", "./...")
	if code == 0 || !strings.Contains(stderr, "sideways") {
		t.Errorf("go vet -spawnctx.fix=sideways: exit %d\n%s", code, stderr)
	}
}

func TestStandalone(t *testing.T) {
	bin := ctxboundBin(t)
	dir := module(t, "vet")

	// Text: findings on standard output, named by check, with paths
	// relative to the working directory; exit 3.
	out, stderr, code := run(t, dir, bin, "./...")
	if code != 3 || stderr != "" {
		t.Errorf("ctxbound ./...: exit %d, want 3\nstderr: %s", code, stderr)
	}
	if strings.Contains(out, dir) {
		t.Errorf("ctxbound ./...: absolute paths under the working directory:\n%s", out)
	}
	checkText(t, "ctxbound", dir, out, defaultWants(), true)

	stdout, stderr, code := run(t, dir, bin, "-json", "./...")
	if code != 0 {
		t.Errorf("ctxbound -json: exit %d, want 0\n%s", code, stderr)
	}
	check(t, "ctxbound -json", parseJSON(t, dir, stdout), defaultWants())

	// A clean package: exit 0, nothing printed.
	stdout, stderr, code = run(t, dir, bin, "./dep")
	if code != 0 || stdout != "" || stderr != "" {
		t.Errorf("ctxbound ./dep: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}

	// Analyzer flags, and a malformed value.
	stdout, _, _ = run(t, dir, bin, "-json", "-spawnctx", "-config.spawners=(*example.com/vet/dep.Queue).Later", "./use")
	check(t, "ctxbound -config.spawners", parseJSON(t, dir, stdout), []want{wantSafeGo, wantLaterSpawn})
	for _, args := range [][]string{{"-config.spawners=not a function", "./use"}, {"-sarif", "-config.spawners=not a function", "./use"}} {
		_, stderr, code = run(t, dir, bin, args...)
		if code != 2 || !strings.Contains(stderr, `invalid value "not a function" for flag -config.spawners: bad spawner "not a function"`) {
			t.Errorf("ctxbound %q: exit %d, want 2\n%s", args, code, stderr)
		}
	}
	_, stderr, code = run(t, dir, bin, "-nosuchflag", "./use")
	if code != 2 || !strings.Contains(stderr, "flag provided but not defined: -nosuchflag") {
		t.Errorf("ctxbound -nosuchflag: exit %d, want 2\n%s", code, stderr)
	}
}

func TestStandaloneFix(t *testing.T) {
	bin := ctxboundBin(t)
	dir := module(t, "vet")
	file := filepath.Join(dir, "use", "use.go")
	orig, _ := os.ReadFile(file)
	golden, _ := os.ReadFile(filepath.Join(dir, "use", "use.go.golden"))

	// -diff prints the change and leaves the file alone.
	stdout, stderr, code := run(t, dir, bin, "-fix", "-diff", "./...")
	if now, _ := os.ReadFile(file); !bytes.Equal(now, orig) {
		t.Errorf("-fix -diff changed the file")
	}
	if !strings.Contains(stdout, "-\t\tnotify(context.Background(), id)\n+\t\tnotify(ctx, id)\n") {
		t.Errorf("-fix -diff (exit %d) printed:\n%s\nstderr:\n%s", code, stdout, stderr)
	}

	// With -diff, what it would leave is reported on standard error (the
	// patch is standard output), and it exits 3 as -fix does.
	if code != 3 || !strings.Contains(stderr, "(directive)") {
		t.Errorf("-fix -diff: exit %d, want 3 and the findings it cannot fix on stderr:\n%s", code, stderr)
	}

	fixOut, stderr, code := run(t, dir, bin, "-fix", "./...")
	got, _ := os.ReadFile(file)
	if !bytes.Equal(got, golden) {
		t.Errorf("-fix (exit %d): use/use.go is\n%s\nwant use/use.go.golden:\n%s\nstderr:\n%s", code, got, golden, stderr)
	}
	// What -fix could not fix is reported as a plain run then reports it,
	// and it exits 3 (issue 21, item 9).
	after, _, afterCode := run(t, dir, bin, "./...")
	if code != 3 || afterCode != 3 || fixOut != after || !strings.Contains(fixOut, "(directive)") {
		t.Errorf("-fix: exit %d, printed\n%s\nthen a plain run: exit %d, printed\n%s", code, fixOut, afterCode, after)
	}
}

// TestBrokenPackage: a package that does not type-check is a clear error
// and a non-zero exit, in every mode; never a panic, never a silent pass.
func TestBrokenPackage(t *testing.T) {
	bin := ctxboundBin(t)
	dir := module(t, "broken")
	typeErr := `bad/bad.go:8:14: cannot use "one" (untyped string constant) as int value in variable declaration`
	for _, c := range []struct {
		name string
		args []string
	}{
		{"ctxbound", []string{bin, "./..."}},
		{"ctxbound -json", []string{bin, "-json", "./..."}},
		{"ctxbound -sarif", []string{bin, "-sarif", "./..."}},
		{"go vet", []string{"go", "vet", "-vettool=" + bin, "./..."}},
		{"go vet -json", []string{"go", "vet", "-vettool=" + bin, "-json", "./..."}},
	} {
		_, stderr, code := run(t, dir, c.args[0], c.args[1:]...)
		if code == 0 || code == 3 {
			t.Errorf("%s: exit %d, want an error exit", c.name, code)
		}
		if !strings.Contains(stderr, typeErr) {
			t.Errorf("%s: the type error is not shown:\n%s", c.name, stderr)
		}
	}
}

func TestHelp(t *testing.T) {
	bin := ctxboundBin(t)
	stdout, _, code := run(t, ".", bin, "help", "directive")
	if code != 0 || !strings.HasPrefix(stdout, "directive: report malformed, unknown and misplaced //ctxbound: directives\n") ||
		!strings.Contains(stdout, "# Examples") || !strings.Contains(stdout, "Documentation: https://github.com/ctxbound/ctxbound/blob/main/docs/checks.md#directive") {
		t.Errorf("help directive: exit %d\n%s", code, stdout)
	}
	stdout, _, _ = run(t, ".", bin, "help", "config")
	if !strings.Contains(stdout, "-config.identity-keys") {
		t.Errorf("help config does not list the flags:\n%s", stdout)
	}
	stdout, _, _ = run(t, ".", bin, "help")
	for _, a := range analyzers.Checks() {
		if !strings.Contains(stdout, "    "+a.Name+" ") {
			t.Errorf("help does not list %s:\n%s", a.Name, stdout)
		}
	}
	if !strings.Contains(stdout, "'ctxbound help directives'") {
		t.Errorf("help does not mention help directives:\n%s", stdout)
	}
	// help directives: the syntax of every verb (issue 21, item 9).
	stdout, _, code = run(t, ".", bin, "help", "directives")
	if code != 0 || !strings.Contains(stdout, "//ctxbound:<verb> [args] [-- <reason>]") || !strings.Contains(stdout, "\tfile-ignore <check>") {
		t.Errorf("help directives: exit %d\n%s", code, stdout)
	}
	_, stderr, code := run(t, ".", bin, "help", "nosuch")
	if code != 1 || !strings.Contains(stderr, `no check named "nosuch"`) {
		t.Errorf("help nosuch: exit %d\n%s", code, stderr)
	}
	_, stderr, code = run(t, ".", bin, "-h")
	if code != 0 || !strings.Contains(stderr, "-sarif") || !strings.Contains(stderr, "-baseline") || !strings.Contains(stderr, "-spawnctx") {
		t.Errorf("-h: exit %d\n%s", code, stderr)
	}
}

// TestOptIn: an opt-in check (analyzers.OptIn) runs only when named, in
// the standalone driver and under go vet: not by default, not when other
// checks are turned off; with -NAME alone or beside other checks.
func TestOptIn(t *testing.T) {
	bin := ctxboundBin(t)
	dir := module(t, "vet")
	for _, c := range []struct {
		args []string
		want []want
	}{
		{nil, nil},
		{[]string{"-spawnctx=false"}, nil},
		{[]string{"-stopwork=false"}, nil},
		{[]string{"-stopwork"}, []want{wantStopwork}},
		{[]string{"-stopwork=true", "-spawnctx"}, []want{wantStopwork}},
	} {
		args := append(append([]string{"-json"}, c.args...), "./component")
		stdout, stderr, _ := run(t, dir, bin, append([]string{"-cache=off"}, args...)...)
		check(t, fmt.Sprintf("ctxbound %q", args), parseJSON(t, dir, stdout+stderr), c.want)
		stdout, stderr, _ = run(t, dir, "go", append([]string{"vet", "-vettool=" + bin}, args...)...)
		check(t, fmt.Sprintf("go vet %q", args), parseJSON(t, dir, stdout+stderr), c.want)
	}
	stdout, _, _ := run(t, ".", bin, "help")
	if !strings.Contains(stdout, "but the opt-in ones (atomicrmw, canceluse, stopwork)") {
		t.Errorf("help does not say which checks are opt-in:\n%s", stdout)
	}
}

// TestVetProtocol: the go vet handshake is multichecker's, and does not
// offer the standalone-only flags.
func TestVetProtocol(t *testing.T) {
	bin := ctxboundBin(t)
	stdout, _, code := run(t, ".", bin, "-V=full")
	if code != 0 || !strings.Contains(stdout, "version devel") || !strings.Contains(stdout, "buildID=") {
		t.Errorf("-V=full: exit %d: %s", code, stdout)
	}
	stdout, _, code = run(t, ".", bin, "-flags")
	var flags []struct{ Name string }
	if err := json.Unmarshal([]byte(stdout), &flags); err != nil || code != 0 {
		t.Fatalf("-flags: exit %d, %v\n%s", code, err, stdout)
	}
	var names []string
	for _, f := range flags {
		names = append(names, f.Name)
	}
	for _, n := range []string{"json", "spawnctx", "config.spawners", "config.identity-keys", "directive"} {
		if !slices.Contains(names, n) {
			t.Errorf("-flags lacks %s", n)
		}
	}
	for _, n := range []string{"sarif", "format", "baseline", "write-baseline"} {
		if slices.Contains(names, n) {
			t.Errorf("-flags offers %s to go vet, which would pass it to unit runs that ignore it", n)
		}
	}
}

// TestSARIFOfSuite: every check that ran (by default, all but the opt-in
// ones) is a rule with its summary and its anchor in docs/checks.md.
func TestSARIFOfSuite(t *testing.T) {
	bin := ctxboundBin(t)
	dir := module(t, "vet")
	stdout, stderr, code := run(t, dir, bin, "-sarif", "./...")
	if code != 3 {
		t.Errorf("-sarif: exit %d, want 3\n%s", code, stderr)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID               string
						ShortDescription struct{ Text string }
						HelpURI          string
					}
				}
			}
			Results []struct{ RuleID string }
		}
	}
	if err := json.Unmarshal([]byte(stdout), &log); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	rules := log.Runs[0].Tool.Driver.Rules
	checks := slices.DeleteFunc(analyzers.Checks(), func(a *analysis.Analyzer) bool { return slices.Contains(analyzers.OptIn(), a) })
	if len(rules) != len(checks) {
		t.Errorf("%d rules, want one per check that runs by default (%d)", len(rules), len(checks))
	}
	for i, a := range checks {
		if i >= len(rules) {
			break
		}
		r := rules[i]
		summary, _, _ := strings.Cut(a.Doc, "\n\n")
		if r.ID != a.Name || r.ShortDescription.Text != summary ||
			r.HelpURI != "https://github.com/ctxbound/ctxbound/blob/main/docs/checks.md#"+a.Name {
			t.Errorf("rule %d = %+v, want %s, %q and its docs/checks.md anchor", i, r, a.Name, summary)
		}
	}
	var ids []string
	for _, r := range log.Runs[0].Results {
		ids = append(ids, r.RuleID)
	}
	if !slices.Contains(ids, "directive") {
		t.Errorf("results %v lack the directive findings", ids)
	}
	validate(t, stdout)
}

// TestBaselineOfSuite: a baseline of testdata/vet covers every finding,
// also after lines move in package dep, whose line a ctxdrop message
// quotes; a new finding is reported alone.
func TestBaselineOfSuite(t *testing.T) {
	bin := ctxboundBin(t)
	dir := module(t, "vet")
	file := filepath.Join(dir, "baseline.json")
	_, stderr, code := run(t, dir, bin, "-baseline="+file, "-write-baseline", "./...")
	if code != 0 || !strings.Contains(stderr, fmt.Sprintf("wrote %d findings", len(defaultWants()))) {
		t.Fatalf("-write-baseline: exit %d\n%s", code, stderr)
	}

	dep := filepath.Join(dir, "dep", "dep.go")
	src, _ := os.ReadFile(dep)
	moved := strings.Replace(string(src), "package dep\n", "package dep\n\n// Lines added above every declaration.\n\n", 1)
	if err := os.WriteFile(dep, []byte(moved), 0o644); err != nil {
		t.Fatal(err)
	}
	use := filepath.Join(dir, "use", "use.go")
	src, _ = os.ReadFile(use)
	// A second call of dep.Refresh would join the baselined finding (one
	// finding per foreign helper in a package); a new root is new.
	added := strings.Replace(string(src), "\tdep.Refresh()\n", "\tdep.Refresh()\n\tnotify(context.TODO(), id)\n", 1)
	if err := os.WriteFile(use, []byte(added), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := run(t, dir, bin, "-baseline="+file, "./...")
	lines := textLines(dir, stdout)
	if code != 3 || len(lines) != 1 || !strings.HasPrefix(lines[0], "use/use.go:17:2: call of notify passes a root context (context.TODO)") ||
		!strings.Contains(stderr, fmt.Sprintf("%d findings matched the baseline", len(defaultWants()))) {
		t.Errorf("-baseline after moving dep's lines and adding one call: exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestConcurrentRuns: two runs at once on one empty cache both succeed
// with the same output, and leave a cache a third run takes everything
// from.
func TestConcurrentRuns(t *testing.T) {
	bin := ctxboundBin(t)
	dir := module(t, "vet")
	cache := filepath.Join(t.TempDir(), "cache")
	type out struct {
		stdout, stderr string
		code           int
	}
	outs := make([]out, 2)
	var wg sync.WaitGroup
	for i := range outs {
		wg.Go(func() {
			cmd := exec.Command(bin, "-json", "-v", "./...")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GOWORK=off", "CTXBOUND_CACHE="+cache)
			var o, e bytes.Buffer
			cmd.Stdout, cmd.Stderr = &o, &e
			err := cmd.Run()
			code := 0
			if x, ok := errors.AsType[*exec.ExitError](err); ok {
				code = x.ExitCode()
			} else if err != nil {
				code = -1
			}
			outs[i] = out{o.String(), e.String(), code}
		})
	}
	wg.Wait()
	// Each run analyzes what the other has not cached yet: the entries it
	// reads are whole, or the runs' outputs would differ from a run alone.
	for i, o := range outs {
		if o.code != 0 || !strings.Contains(o.stderr, "ctxbound: 66 packages: ") {
			t.Errorf("run %d: exit %d, want 0\n%s", i, o.code, o.stderr)
		}
		t.Logf("run %d: %s", i, strings.TrimSpace(o.stderr))
	}
	if outs[0].stdout != outs[1].stdout {
		t.Errorf("the two runs differ:\n%s\nand\n%s", outs[0].stdout, outs[1].stdout)
	}
	check(t, "concurrent run", parseJSON(t, dir, outs[0].stdout), defaultWants())
	if alone, _, _ := run(t, dir, bin, "-json", "-cache=off", "./..."); alone != outs[0].stdout {
		t.Errorf("the concurrent runs' output differs from a run without the cache:\n%s\nand\n%s", outs[0].stdout, alone)
	}
	stdout, stderr, code := run(t, dir, "env", "CTXBOUND_CACHE="+cache, bin, "-json", "-v", "./...")
	if code != 0 || !strings.Contains(stderr, " 0 analyzed,") || stdout != outs[0].stdout {
		t.Errorf("third run: exit %d, want everything from the cache and the same output\n%s\n%s", code, stderr, stdout)
	}
}
