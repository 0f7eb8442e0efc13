package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/ctxbound/ctxbound/analyzers"
)

// TestVetSuiteIsCmdVet keeps vetSuite equal to the analyzers of the
// installed Go's cmd/vet.
func TestVetSuiteIsCmdVet(t *testing.T) {
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	main := filepath.Join(strings.TrimSpace(string(goroot)), "src", "cmd", "vet", "main.go")
	f, err := parser.ParseFile(token.NewFileSet(), main, nil, parser.ImportsOnly)
	if err != nil {
		t.Skipf("no cmd/vet source: %v", err)
	}
	const passes = "golang.org/x/tools/go/analysis/passes/"
	var want []string
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		if strings.HasPrefix(p, passes) {
			want = append(want, p)
		}
	}
	var got []string
	for _, a := range vetSuite() {
		// The package of the analyzer's run function: x/tools' passes
		// do not wrap it.
		fn := runtime.FuncForPC(reflect.ValueOf(a.Run).Pointer()).Name()
		i := strings.LastIndex(fn, "/")
		pkg, _, _ := strings.Cut(fn[i+1:], ".")
		got = append(got, fn[:i+1]+pkg)
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("vetSuite = %v\n%s imports %v", got, main, want)
	}
}

func TestSuite(t *testing.T) {
	s := suite()
	seen := map[string]bool{}
	for _, a := range s.All() {
		if seen[a.Name] {
			t.Errorf("two analyzers named %s", a.Name)
		}
		seen[a.Name] = true
	}
	for _, name := range []string{"godirective", "printf", "lostcancel", "copylocks", "spawnctx", "config"} {
		if !seen[name] {
			t.Errorf("%s is missing", name)
		}
	}
	for _, a := range s.All() {
		if a.Name == "directive" && a != analyzers.ByName("directive") {
			t.Errorf("directive is not ctxbound's")
		}
	}
	if got, want := len(s.Checks), len(analyzers.Checks())+len(vetSuite()); got != want {
		t.Errorf("%d checks, want %d", got, want)
	}
}

// TestVetTool: one go vet pass reports vet's findings and ctxbound's, and
// -fix applies vet's fixes.
func TestVetTool(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs go vet")
	}
	bin := filepath.Join(t.TempDir(), "ctxbound-vet")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "vet"))); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) (string, string, int) {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off")
		var o, e bytes.Buffer
		cmd.Stdout, cmd.Stderr = &o, &e
		err := cmd.Run()
		code := 0
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			code = exit.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return o.String(), e.String(), code
	}

	_, stderr, code := run("go", "vet", "-vettool="+bin, "./vetsuite")
	want := `vetsuite/vetsuite.go:10:2: unknown directive //ctxbound:frobnicate; known verbs are ignore, file-ignore, root, detach, spawner, slot, runscoped, canceltoken
vetsuite/vetsuite.go:11:22: fmt.Sprintf format %d has arg "n" of wrong type string
vetsuite/vetsuite.go:9:2: self-assignment of n
` // sorted as strings
	var lines []string
	for l := range strings.SplitSeq(stderr, "\n") {
		if strings.HasPrefix(l, "vetsuite/") {
			lines = append(lines, l)
		}
	}
	slices.Sort(lines)
	if got := strings.Join(lines, "\n") + "\n"; code != 1 || got != want {
		t.Errorf("go vet -vettool=ctxbound-vet: exit %d\n%s\nwant exit 1 and\n%s", code, stderr, want)
	}

	stdout, _, code := run(bin, "-json", "./vetsuite")
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(stdout), &tree); err != nil || code != 0 {
		t.Fatalf("ctxbound-vet -json: exit %d, %v\n%s", code, err, stdout)
	}
	for _, name := range []string{"assign", "printf", "directive"} {
		if _, ok := tree["example.com/vet/vetsuite"][name]; !ok {
			t.Errorf("ctxbound-vet -json: no %s diagnostics\n%s", name, stdout)
		}
	}

	// SARIF: one rule per check that ran, vet's included, valid against the
	// schema.
	stdout, _, code = run(bin, "-sarif", "./vetsuite")
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct{ ID, HelpURI string }
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(stdout), &log); err != nil || code != 3 {
		t.Fatalf("ctxbound-vet -sarif: exit %d, %v", code, err)
	}
	// The opt-in checks did not run: they have no rule.
	if want := len(suite().Checks) - len(suite().OptIn); len(log.Runs[0].Tool.Driver.Rules) != want {
		t.Errorf("%d SARIF rules, want %d", len(log.Runs[0].Tool.Driver.Rules), want)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	sch, err := c.Compile(filepath.Join("..", "..", "testdata", "sarif", "sarif-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(stdout))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(inst); err != nil {
		t.Errorf("ctxbound-vet -sarif does not validate: %v", err)
	}

	_, stderr, _ = run("go", "vet", "-vettool="+bin, "-fix", "./vetsuite")
	src, _ := os.ReadFile(filepath.Join(dir, "vetsuite", "vetsuite.go"))
	if bytes.Contains(src, []byte("n = n")) || !bytes.Contains(src, []byte("//ctxbound:frobnicate")) {
		t.Errorf("go vet -fix did not remove just the self-assignment:\n%s\n%s", src, stderr)
	}
}
