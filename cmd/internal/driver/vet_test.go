package driver

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// panickyBin builds testdata/panicky: a driver whose one check panics on
// packages named boom.
func panickyBin(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a binary and runs go vet")
	}
	bin := filepath.Join(t.TempDir(), "panicky")
	if out, err := exec.Command("go", "build", "-o", bin, "./testdata/panicky").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func runIn(t *testing.T, dir string, env []string, name string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "GOWORK=off"), env...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if x, ok := errors.AsType[*exec.ExitError](err); ok {
		code = x.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return o.String(), e.String(), code
}

// TestInternalError (repros 25 and 14): an internal error (a panic in a
// check) fails the run in every mode, -json included, and under go vet it
// fails every run: go vet must not cache the run and then pass silently.
func TestInternalError(t *testing.T) {
	bin := panickyBin(t)
	src, _ := filepath.Abs("../../../testdata/reliability/boom")
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	const msg = "internal error in boom on package example.com/boom/boom"
	cache := []string{"CTXBOUND_CACHE=" + filepath.Join(t.TempDir(), "cache")}
	for _, args := range [][]string{{"./..."}, {"-json", "./..."}, {"-sarif", "./..."}} {
		// Twice: a failure is not cached.
		for range 2 {
			stdout, stderr, code := runIn(t, dir, cache, bin, args...)
			if code != 1 || !strings.Contains(stdout+stderr, msg) {
				t.Errorf("panicky %q: exit %d, want 1 and the error\n%s%s", args, code, stdout, stderr)
			}
		}
	}
	stdout, _, _ := runIn(t, dir, cache, bin, "-json", "./...")
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(stdout), &tree); err != nil || !strings.Contains(string(tree["example.com/boom/boom"]["boom"]), `"error"`) {
		t.Errorf("-json: the error is not in the tree: %v\n%s", err, stdout)
	}
	for i := range 3 {
		_, stderr, code := runIn(t, dir, nil, "go", "vet", "-vettool="+bin, "./boom")
		if code == 0 || !strings.Contains(stderr, msg) || !strings.Contains(stderr, "shown on every run") {
			t.Errorf("go vet run %d: exit %d, want a failure that shows the error\n%s", i+1, code, stderr)
		}
	}
	// The package without the panic passes.
	if _, stderr, code := runIn(t, dir, nil, "go", "vet", "-vettool="+bin, "./other"); code != 0 {
		t.Errorf("go vet ./other: exit %d\n%s", code, stderr)
	}
}
