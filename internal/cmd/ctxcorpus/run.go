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

	"github.com/ctxbound/ctxbound/analyzers"
)

// A Target is one entry of the corpus list: a module at a pinned version,
// or the standard library of one Go version.
type Target struct {
	Name    string // the ledger is <name>.tsv
	Module  string // module path, or "std"
	Version string // module version, or the Go version for std
	Batch   string // the batch the target joined the corpus in
}

func (t Target) isStd() bool { return t.Module == "std" }

// The states of a batch.
const (
	// stateGrandfathered: judged before first-look verdicts were kept; its
	// rows may carry the first-look marker old.
	stateGrandfathered = "grandfathered"
	// stateStaged: chosen and pinned, never run: no ledger, skipped by make
	// corpus and corpus-update until -first-look runs it once.
	stateStaged = "staged"
	// stateActive: its first look was taken; every judged row has a
	// first-look verdict of its own.
	stateActive = "active"
)

// A Batch is a set of targets that joined the corpus together, chosen by
// kind before any was run: first-look precision is reported per batch.
type Batch struct {
	Name    string
	State   string   // stateGrandfathered, stateStaged or stateActive
	Targets []string // the names of its targets, in list order
}

// A List is the corpus list: its batches and their targets, in order.
type List struct {
	Batches []Batch
	Targets []Target
}

// batch returns the batch named name, or nil.
func (l *List) batch(name string) *Batch {
	i := slices.IndexFunc(l.Batches, func(b Batch) bool { return b.Name == name })
	if i < 0 {
		return nil
	}
	return &l.Batches[i]
}

var nameRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// batchKeyword starts a batch line of the corpus list.
const batchKeyword = "batch"

// parseList reads the corpus list: batch lines, "batch<TAB>name<TAB>state",
// each followed by the targets of the batch, one a line,
// "name<TAB>module<TAB>version"; # starts a comment line.
func parseList(name string, r io.Reader) (*List, error) {
	l := new(List)
	names, mods := map[string]bool{}, map[string]bool{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			return nil, fmt.Errorf("%s:%d: want name<TAB>module<TAB>version or batch<TAB>name<TAB>state, got %q", name, n, line)
		}
		if f[0] == batchKeyword {
			b := Batch{Name: f[1], State: f[2]}
			switch {
			case !nameRE.MatchString(b.Name):
				return nil, fmt.Errorf("%s:%d: batch name %q: want lower-case letters, digits and -", name, n, b.Name)
			case b.State != stateGrandfathered && b.State != stateStaged && b.State != stateActive:
				return nil, fmt.Errorf("%s:%d: batch %s: state %q: want grandfathered, staged or active", name, n, b.Name, b.State)
			case l.batch(b.Name) != nil:
				return nil, fmt.Errorf("%s:%d: batch %q twice", name, n, b.Name)
			case len(l.Batches) > 0 && len(l.Batches[len(l.Batches)-1].Targets) == 0:
				return nil, fmt.Errorf("%s:%d: batch %s has no targets", name, n, l.Batches[len(l.Batches)-1].Name)
			}
			l.Batches = append(l.Batches, b)
			continue
		}
		t := Target{Name: f[0], Module: f[1], Version: f[2]}
		switch {
		case len(l.Batches) == 0:
			return nil, fmt.Errorf("%s:%d: target %s before any batch line (batch<TAB>name<TAB>state)", name, n, t.Name)
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
		b := &l.Batches[len(l.Batches)-1]
		t.Batch = b.Name
		b.Targets = append(b.Targets, t.Name)
		l.Targets = append(l.Targets, t)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(l.Batches) > 0 && len(l.Batches[len(l.Batches)-1].Targets) == 0 {
		return nil, fmt.Errorf("%s: batch %s has no targets", name, l.Batches[len(l.Batches)-1].Name)
	}
	if len(l.Targets) == 0 {
		return nil, fmt.Errorf("%s: no targets", name)
	}
	for _, b := range l.Batches {
		if names[b.Name] {
			return nil, fmt.Errorf("%s: batch %s has the name of a target", name, b.Name)
		}
	}
	return l, nil
}

// activate returns the list file's bytes with the batch line of the
// staged batch name made active, every other byte unchanged.
func activate(data []byte, name string) ([]byte, error) {
	from := batchKeyword + "\t" + name + "\t" + stateStaged
	lines := bytes.SplitAfter(data, []byte("\n"))
	at := -1
	for i, l := range lines {
		if string(bytes.TrimRight(l, "\r\n")) == from {
			if at >= 0 {
				return nil, fmt.Errorf("two lines %q", from)
			}
			at = i
		}
	}
	if at < 0 {
		return nil, fmt.Errorf("no line %q", from)
	}
	lines[at] = bytes.Replace(lines[at], []byte(from), []byte(batchKeyword+"\t"+name+"\t"+stateActive), 1)
	return bytes.Join(lines, nil), nil
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

// checkFlags names every check, the opt-in ones too (-stopwork): the
// ledger measures all of them, and an opt-in check is turned on by default
// only once its first-look precision there is good enough.
func checkFlags() []string {
	var flags []string
	for _, a := range analyzers.Checks() {
		flags = append(flags, "-"+a.Name)
	}
	return flags
}

// analyse runs ctxbound -json on the target's packages (tests included),
// every check named, and measures the run.
func analyse(t Target, ctxbound, dir, root string) (*Run, error) {
	pattern := "./..."
	if t.isStd() {
		pattern = "std"
	}
	cmd := command(dir, nil, ctxbound, append(checkFlags(), "-json", pattern)...)
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

// typeCheck compiles the target's packages and their tests in dir (go
// list -export: the compiler type-checks each package, nothing is linked
// or run, and no analyzer runs) and returns the number of the module's own
// packages and the CPU seconds the check took. It is -prepare's proof that
// a target builds before its first look.
func typeCheck(t Target, dir string) (pkgs int, cpu time.Duration, err error) {
	pattern := "./..."
	if t.isStd() {
		pattern = "std"
	}
	cmd := command(dir, nil, "go", "list", "-export", "-test", "-deps", "-f", "{{if .Error}}{{.ImportPath}}: {{.Error}}{{end}}", pattern)
	out, err := cmd.CombinedOutput()
	if cmd.ProcessState != nil {
		cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	if err == nil && len(bytes.TrimSpace(out)) > 0 {
		err = errors.New("package errors")
	}
	if err != nil {
		return 0, cpu, fmt.Errorf("go list -export -test -deps %s in %s: %v\n%s", pattern, dir, err, tail(out))
	}
	out, err = runQuiet(dir, nil, "go", "list", pattern)
	if err != nil {
		return 0, cpu, err
	}
	return len(strings.Fields(string(out))), cpu, nil
}
