package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// A Target is one entry of the corpus list: a module at a pinned version,
// or the standard library of one Go version.
type Target struct {
	Name    string // the ledger is <name>.tsv
	Module  string // module path, or "std"
	Version string // module version, or the Go version for std
}

func (t Target) isStd() bool { return t.Module == "std" }

var nameRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// parseList reads the corpus list: one target a line, "name<TAB>module<TAB>version";
// # starts a comment line.
func parseList(name string, r io.Reader) ([]Target, error) {
	var ts []Target
	names, mods := map[string]bool{}, map[string]bool{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			return nil, fmt.Errorf("%s:%d: want name<TAB>module<TAB>version, got %q", name, n, line)
		}
		t := Target{Name: f[0], Module: f[1], Version: f[2]}
		switch {
		case !nameRE.MatchString(t.Name):
			return nil, fmt.Errorf("%s:%d: name %q: want lower-case letters, digits and -", name, n, t.Name)
		case t.isStd() && !strings.HasPrefix(t.Version, "go1."):
			return nil, fmt.Errorf("%s:%d: std needs a Go version (go1.N.M), got %q", name, n, t.Version)
		case !t.isStd() && !strings.HasPrefix(t.Version, "v"):
			return nil, fmt.Errorf("%s:%d: %s needs a pinned module version (vX.Y.Z), got %q", name, n, t.Module, t.Version)
		case names[t.Name]:
			return nil, fmt.Errorf("%s:%d: name %q twice", name, n, t.Name)
		case mods[t.Module]:
			return nil, fmt.Errorf("%s:%d: module %s twice", name, n, t.Module)
		}
		names[t.Name], mods[t.Module] = true, true
		ts = append(ts, t)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(ts) == 0 {
		return nil, fmt.Errorf("%s: no targets", name)
	}
	return ts, nil
}

// A Run is one analysis of a target.
type Run struct {
	Findings []Finding
	Lines    int // lines of Go analysed (the module's own files, tests included)
	CPU      time.Duration
	Wall     time.Duration
	MaxRSS   int64 // bytes, of the largest single process
}

// The environment of every go command the corpus runs: no workspace (a
// module's own go.work names folders its zip does not have), the local
// toolchain (a module's toolchain line must not fetch another Go).
var goEnv = []string{"GOWORK=off", "GOTOOLCHAIN=local"}

func command(dir string, extraEnv []string, name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), goEnv...), extraEnv...)
	return cmd
}

func runQuiet(dir string, extraEnv []string, name string, args ...string) ([]byte, error) {
	out, err := command(dir, extraEnv, name, args...).CombinedOutput()
	if err != nil {
		return out, fmt.Errorf("%s %s in %s: %v\n%s", name, strings.Join(args, " "), dir, err, tail(out))
	}
	return out, nil
}

// tail returns the last lines of a command's output, for an error.
func tail(out []byte) string {
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) > 20 {
		lines = append([]string{"..."}, lines[len(lines)-20:]...)
	}
	return strings.Join(lines, "\n")
}

// readyStamp marks a work copy whose dependencies are downloaded.
const readyStamp = ".ctxcorpus-ready"

// prepare returns the directory to analyse the target in and the root its
// findings' files are relative to. A module is downloaded with go mod
// download, copied out of the read-only module cache into work, and its
// dependencies (tests' included) are downloaded there; go.sum gains the
// hashes a module published without (the nested modules of a go.work).
func prepare(t Target, work string) (dir, root string, err error) {
	if t.isStd() {
		out, err := runQuiet(work, nil, "go", "env", "GOVERSION", "GOROOT")
		if err != nil {
			return "", "", err
		}
		f := strings.Fields(string(out))
		if len(f) != 2 {
			return "", "", fmt.Errorf("go env GOVERSION GOROOT: %q", out)
		}
		if f[0] != t.Version {
			return "", "", fmt.Errorf("the %s ledger is for the standard library of %s, and go is %s", t.Name, t.Version, f[0])
		}
		dir = filepath.Join(work, "std")
		return dir, filepath.Join(f[1], "src"), os.MkdirAll(dir, 0o755)
	}
	dir = filepath.Join(work, t.Name+"@"+t.Version)
	if stamp, err := os.ReadFile(filepath.Join(dir, readyStamp)); err == nil && string(stamp) == t.Module+"@"+t.Version+"\n" {
		return dir, dir, nil
	}
	if err := os.RemoveAll(dir); err != nil {
		return "", "", err
	}
	tmp, err := os.MkdirTemp(work, "download-")
	if err != nil {
		return "", "", err
	}
	defer os.RemoveAll(tmp)
	out, err := runQuiet(tmp, nil, "go", "mod", "download", "-json", t.Module+"@"+t.Version)
	if err != nil {
		return "", "", err
	}
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(out, &info); err != nil || info.Error != "" || info.Dir == "" {
		return "", "", fmt.Errorf("go mod download %s@%s: %v %s", t.Module, t.Version, err, info.Error)
	}
	if err := copyTree(info.Dir, dir); err != nil {
		return "", "", err
	}
	modEnv := []string{"GOFLAGS=-mod=mod"}
	if _, err := runQuiet(dir, modEnv, "go", "mod", "download"); err != nil {
		return "", "", err
	}
	if _, err := runQuiet(dir, modEnv, "go", "list", "-deps", "-test", "./..."); err != nil {
		return "", "", err
	}
	return dir, dir, os.WriteFile(filepath.Join(dir, readyStamp), []byte(t.Module+"@"+t.Version+"\n"), 0o644)
}

// copyTree copies the module-cache tree src (read-only) to dst, writable.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		to := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(to, data, 0o644)
	})
}

// analyse runs ctxbound -json on the target's packages (tests included)
// and measures the run.
func analyse(t Target, ctxbound, dir, root string) (*Run, error) {
	pattern := "./..."
	if t.isStd() {
		pattern = "std"
	}
	cmd := command(dir, nil, ctxbound, "-json", pattern)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	r := &Run{Wall: time.Since(start)}
	if cmd.ProcessState != nil {
		r.CPU = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		r.MaxRSS = maxRSS(cmd.ProcessState)
	}
	if err != nil {
		return nil, fmt.Errorf("%s -json %s in %s: %v\n%s", ctxbound, pattern, dir, err, tail(stderr.Bytes()))
	}
	if r.Findings, err = parseFindings(stdout.Bytes(), root); err != nil {
		return nil, fmt.Errorf("%s: %v", t.Name, err)
	}
	if r.Lines, err = countLines(t, root); err != nil {
		return nil, err
	}
	return r, nil
}

// parseFindings reads the x/tools checker's -json tree,
// {"package": {"analyzer": [diagnostic...] or {"error": "..."}}}, and
// returns each top-level diagnostic once (a file of a package and of its
// test variant is reported under both), sorted. An analysis error fails
// the run: findings of a partial analysis would make verdicts look gone.
func parseFindings(data []byte, root string) ([]Finding, error) {
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(data, &tree); err != nil {
		return nil, fmt.Errorf("ctxbound -json output: %v", err)
	}
	var errs []string
	var out []Finding
	for pkg, byAnalyzer := range tree {
		for analyzer, raw := range byAnalyzer {
			var diags []struct {
				Posn    string `json:"posn"`
				Message string `json:"message"`
			}
			if err := json.Unmarshal(raw, &diags); err != nil {
				var e struct {
					Error string `json:"error"`
				}
				if json.Unmarshal(raw, &e) != nil || e.Error == "" {
					return nil, fmt.Errorf("ctxbound -json output: %s %s: neither diagnostics nor an error: %s", pkg, analyzer, raw)
				}
				errs = append(errs, pkg+": "+analyzer+": "+e.Error)
				continue
			}
			for _, d := range diags {
				f, err := finding(analyzer, d.Posn, d.Message, root)
				if err != nil {
					return nil, fmt.Errorf("%s: %v", pkg, err)
				}
				out = append(out, f)
			}
		}
	}
	if len(errs) > 0 {
		slices.Sort(errs)
		return nil, fmt.Errorf("the analysis failed:\n%s", strings.Join(errs, "\n"))
	}
	slices.SortFunc(out, compareFindings)
	return slices.Compact(out), nil
}

// finding makes a Finding of a diagnostic at posn, "file:line:col".
func finding(check, posn, message, root string) (Finding, error) {
	f := Finding{Check: check, Message: message}
	rest, col, ok1 := cutNumber(posn)
	file, line, ok2 := cutNumber(rest)
	if !ok1 || !ok2 {
		return f, fmt.Errorf("%s finding at %q: want file:line:col", check, posn)
	}
	rel, err := filepath.Rel(root, file)
	if err != nil || !filepath.IsAbs(file) || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return f, fmt.Errorf("%s finding at %s: outside %s", check, posn, root)
	}
	if strings.ContainsAny(message, "\t\n\r") {
		return f, fmt.Errorf("%s finding at %s: the message has a tab or a line break: %q", check, posn, message)
	}
	f.File, f.Line, f.Col = filepath.ToSlash(rel), line, col
	return f, nil
}

func cutNumber(s string) (string, int, bool) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return s, 0, false
	}
	n, err := strconv.Atoi(s[i+1:])
	return s[:i], n, err == nil && n > 0
}

// countLines counts the lines of the .go files ./... covers under root
// (for std: GOROOT/src less cmd): testdata, vendor and folders that start
// with . or _ are skipped, as the go command skips them.
func countLines(t Target, root string) (int, error) {
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			if t.isStd() && path == filepath.Join(root, "cmd") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n += bytes.Count(data, []byte("\n"))
		if len(data) > 0 && data[len(data)-1] != '\n' {
			n++
		}
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		return 0, fmt.Errorf("%s: %v", t.Name, err)
	}
	return n, err
}
