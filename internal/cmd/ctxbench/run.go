package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// A tool is one command measured on every target.
type tool struct {
	Key   string // ratio specs refer to it
	Label string // table row
	Bench string // benchmark name: Benchmark<Bench>/<target>

	// Argv returns the command line for the target's patterns.
	Argv func(patterns []string) []string
	// VetTool, for go vet runs, returns the vet tool whose -V=full answer
	// the toolexec wrapper rewrites on every run.
	VetTool func(tg *target) string
	// Env returns extra environment for one run and a cleanup (staticcheck
	// and ctxbound fresh: an empty cache directory).
	Env func(tg *target) ([]string, func(), error)
	// Before, if set, prepares the target before each measured run (run
	// counts from 1) and is not measured: ctxbound's re-run rows fill
	// their cache first, the touch row edits the leaf file.
	Before func(tg *target, run int) error
	// Check judges the exit code and output of a run.
	Check func(code int, stdout, stderr []byte) error
}

// A target is a package set measured in one directory.
type target struct {
	Name      string // std, xtools, etcd (with -quick: std-quick, ...)
	Dir       string
	Patterns  []string
	Env       []string
	Packages  int    // matched by Patterns, without tests
	GoToolDir string // go env GOTOOLDIR in the target's environment
	// Leaf is the leaf package the touch row edits (no package of the
	// target imports it, its tests included), LeafFile the file edited.
	Leaf, LeafFile string
	// Cache is ctxbound's cache directory (CTXBOUND_CACHE) of the re-run
	// rows, filled once by an unmeasured run; warmed says it was.
	Cache  string
	warmed bool
	// TouchEnv, for std, runs the touch row on a copy of GOROOT (with a
	// build cache of its own: cgo output names the GOROOT it was made in,
	// and the go command's cache keys do not), so that the installed one is
	// never edited; TouchCache is then that row's ctxbound cache.
	TouchEnv    []string
	TouchCache  string
	touchWarmed bool
}

type runner struct {
	self    string // this executable, the -toolexec wrapper
	tmp     string
	timeout time.Duration
	seq     int
	runs    map[string][]int // tool/target -> the sequence numbers of its runs
}

// run measures one run of tl on tg.
func (rn *runner) run(ctx context.Context, tl *tool, tg *target) (sample, error) {
	rn.seq++
	argv := tl.Argv(tg.Patterns)
	env := append(os.Environ(), tg.Env...)
	if tl.Before != nil {
		if err := tl.Before(tg, len(rn.runs[tl.Key+"/"+tg.Name])+1); err != nil {
			return sample{}, err
		}
	}
	rn.runs[tl.Key+"/"+tg.Name] = append(rn.runs[tl.Key+"/"+tg.Name], rn.seq)
	var vetLog string
	if tl.VetTool != nil {
		// Insert -toolexec after "go vet".
		argv = append([]string{argv[0], argv[1], "-toolexec=" + quoteToolexec(rn.self) + " " + toolexecFlag}, argv[2:]...)
		vetLog = filepath.Join(rn.tmp, fmt.Sprintf("vettool-%d.log", rn.seq))
		env = append(env,
			envNonce+"="+fmt.Sprintf("%d.%d.%d", os.Getpid(), time.Now().UnixNano(), rn.seq),
			envVetTool+"="+tl.VetTool(tg),
			envVetToolLog+"="+vetLog)
	}
	if tl.Env != nil {
		extra, cleanup, err := tl.Env(tg)
		if err != nil {
			return sample{}, err
		}
		defer cleanup()
		env = append(env, extra...)
	}

	ctx, cancel := context.WithTimeout(ctx, rn.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = tg.Dir
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	ownGroup(cmd)
	load := loadAvg1()
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		if _, ok := errors.AsType[*exec.ExitError](err); !ok || ctx.Err() != nil {
			return sample{}, fmt.Errorf("%s: %v%s", strings.Join(argv, " "), errOr(ctx.Err(), err), tail(stderr.Bytes()))
		}
	}
	ps := cmd.ProcessState
	if err := tl.Check(ps.ExitCode(), stdout.Bytes(), stderr.Bytes()); err != nil {
		return sample{}, fmt.Errorf("%s (in %s): exit %d: %v%s", strings.Join(argv, " "), tg.Dir, ps.ExitCode(), err, tail(stderr.Bytes()))
	}
	s := sample{CPU: ps.UserTime() + ps.SystemTime(), Wall: wall, MaxRSS: maxRSS(ps), Load: load}
	if vetLog != "" {
		data, _ := os.ReadFile(vetLog)
		l, err := parseVetLog(string(data))
		if err != nil {
			return sample{}, err
		}
		if l.Units == 0 {
			return sample{}, fmt.Errorf("%s: the vet tool never ran: the vet cache was not defeated", strings.Join(argv, " "))
		}
		// The wrappers are ctxbench's, not go vet's: take their CPU out.
		s.CPU -= l.WrapperCPU
		s.Units, s.ToolCPU, s.ToolRSS, s.WrapperCPU = l.Units, l.ToolCPU, l.ToolRSS, l.WrapperCPU
	}
	return s, nil
}

func errOr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// quoteToolexec quotes path for the go command's -toolexec, which splits
// its value into words (cmd/internal/quoted) and accepts quotes around them.
func quoteToolexec(path string) string {
	if !strings.ContainsAny(path, " \t\n'\"") {
		return path
	}
	if !strings.Contains(path, "'") {
		return "'" + path + "'"
	}
	return `"` + path + `"`
}

// tail returns the last lines of a failed run's stderr, for the report.
func tail(stderr []byte) string {
	const max = 30
	s := strings.TrimRight(string(stderr), "\n")
	if s == "" {
		return ""
	}
	lines := strings.Split(s, "\n")
	if len(lines) > max {
		lines = append([]string{fmt.Sprintf("... (%d lines before)", len(lines)-max)}, lines[len(lines)-max:]...)
	}
	return "\n\tstderr:\n\t" + strings.Join(lines, "\n\t")
}

// Checks of a run's outcome.

// checkStandalone accepts a go/analysis driver's exit codes: 0 (no
// findings) and 3 (findings). 1 is an error (a package failed to load or
// an analyzer failed).
func checkStandalone(code int, _, _ []byte) error {
	if code == 0 || code == 3 {
		return nil
	}
	return errors.New("want exit 0 or 3")
}

// checkVetJSON judges go vet -json -vettool=X: findings do not change the
// exit code, and an analyzer's error is an {"error": ...} entry in the JSON
// tree of its package.
func checkVetJSON(code int, stdout, _ []byte) error {
	if code != 0 {
		return errors.New("want exit 0")
	}
	return vetJSONErrors(stdout)
}

func vetJSONErrors(stdout []byte) error {
	dec := json.NewDecoder(bytes.NewReader(stdout))
	for {
		// package ID -> analyzer -> (error | []Diagnostic)
		var tree map[string]map[string]json.RawMessage
		err := dec.Decode(&tree)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("parsing go vet -json output: %v", err)
		}
		for pkg, units := range tree {
			for analyzer, msg := range units {
				if m := bytes.TrimSpace(msg); len(m) > 0 && m[0] == '{' {
					var e struct{ Err string }
					json.Unmarshal(m, &e)
					return fmt.Errorf("%s: %s: %s", pkg, analyzer, e.Err)
				}
			}
		}
	}
}

// vetDiagLine matches what go vet prints for a finding: "file:line:col: msg"
// (a related position's message starts with a tab).
var vetDiagLine = regexp.MustCompile(`^[^\s:][^:]*:\d+:\d+: `)

// checkVetPlain judges plain go vet: exit 0, or 1 when every line on stderr
// is a finding (or a "# package" heading).
func checkVetPlain(code int, _, stderr []byte) error {
	switch code {
	case 0:
		return nil
	case 1:
		if bad := firstNonDiagnostic(stderr); bad != "" {
			return fmt.Errorf("not a vet finding: %q", bad)
		}
		if len(bytes.TrimSpace(stderr)) == 0 {
			return errors.New("exit 1 with nothing on stderr")
		}
		return nil
	}
	return errors.New("want exit 0, or 1 with findings only")
}

func firstNonDiagnostic(stderr []byte) string {
	for line := range strings.SplitSeq(string(stderr), "\n") {
		if line == "" || strings.HasPrefix(line, "# ") || vetDiagLine.MatchString(line) {
			continue
		}
		return line
	}
	return ""
}

// checkStaticcheck judges staticcheck -f json: exit 0, or 1 with findings;
// a "compile" diagnostic means a package failed to load or type-check.
func checkStaticcheck(code int, stdout, _ []byte) error {
	if code != 0 && code != 1 {
		return errors.New("want exit 0 or 1")
	}
	dec := json.NewDecoder(bytes.NewReader(stdout))
	n := 0
	for {
		var d struct {
			Code     string
			Message  string
			Location struct{ File string }
		}
		err := dec.Decode(&d)
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("parsing staticcheck -f json output: %v", err)
		}
		if d.Code == "compile" {
			return fmt.Errorf("%s: %s", d.Location.File, d.Message)
		}
		n++
	}
	if code == 1 && n == 0 {
		return errors.New("exit 1 without findings")
	}
	return nil
}
