package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// The go command caches vet results per package: the action ID of a vet
// run hashes the vet tool's answer to -V=full (cmd/go/internal/work,
// Builder.toolID and Builder.vet), so a warm re-run of go vet analyses
// nothing. To measure fresh runs, ctxbench runs go vet with
// -toolexec "<ctxbench> -ctxbench-toolexec": the go command then asks the
// wrapper, not the tool, for the tool's -V=full line, and the wrapper
// answers with the real line plus a nonce that is new for every measured
// run. Every other tool invocation (compile, asm, link, cgo) is exec'd
// unchanged, so the build cache still hits and only the vet results miss.
// The vet tool's real runs are run as a child of the wrapper, which logs
// each one's CPU time and peak RSS: go vet's totals include the go command
// itself, and this separates what the vet tool costs.
const (
	toolexecFlag  = "-ctxbench-toolexec"
	envNonce      = "CTXBENCH_NONCE"      // the nonce added to the vet tool's -V=full line
	envVetTool    = "CTXBENCH_VETTOOL"    // path of the vet tool whose -V=full is rewritten
	envVetToolLog = "CTXBENCH_VETTOOLLOG" // file that gets a line per vet tool run: CPU, RSS, package
)

// rewriteVersion returns the -V=full line out with nonce folded in, so that
// cmd/go derives a new tool ID from it. cmd/go accepts "<name> version
// <version> ..." and, for a devel version, uses only the content ID of the
// last field, which must start with "buildID=" (go/analysis drivers print
// "<path> version devel comments-go-here buildID=<sha256>"): the nonce is
// appended to that field. For a release version (go tool vet prints "vet
// version go1.26.8") the whole line is the ID: the nonce is appended as a
// field.
func rewriteVersion(out, nonce string) (string, error) {
	if nonce == "" || strings.ContainsAny(nonce, " \t\n/") {
		return "", fmt.Errorf("bad nonce %q: want a non-empty word without '/'", nonce)
	}
	line, _, _ := strings.Cut(out, "\n")
	f := strings.Fields(line)
	if len(f) < 3 || f[1] != "version" {
		return "", fmt.Errorf("unexpected -V=full output %q", line)
	}
	if last := f[len(f)-1]; strings.HasPrefix(last, "buildID=") {
		f[len(f)-1] = last + ".ctxbench-" + nonce
		return strings.Join(f, " ") + "\n", nil
	}
	return strings.Join(f, " ") + " ctxbench-" + nonce + "\n", nil
}

// isVetTool reports whether tool, as the go command passes it to the
// -toolexec wrapper, is the vet tool named by vetTool.
func isVetTool(tool, vetTool string) bool {
	if vetTool == "" {
		return false
	}
	if filepath.Clean(tool) == filepath.Clean(vetTool) {
		return true
	}
	// go tool vet: the go command passes $GOROOT/pkg/tool/$GOOS_$GOARCH/vet,
	// and ctxbench sets the same path; compare names in case of symlinks.
	return filepath.Base(tool) == filepath.Base(vetTool)
}

// toolexecMain is ctxbench as the -toolexec wrapper: args are the tool and
// its arguments.
func toolexecMain(args []string) int {
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "ctxbench -ctxbench-toolexec: no tool")
		return 2
	}
	tool, rest := args[0], args[1:]
	vet := isVetTool(tool, os.Getenv(envVetTool))
	if vet && len(rest) == 1 && rest[0] == "-V=full" {
		cmd := exec.Command(tool, rest...)
		cmd.Stderr = os.Stderr
		out, err := cmd.Output()
		if err != nil {
			fmt.Fprintf(os.Stderr, "ctxbench toolexec: %s -V=full: %v\n", tool, err)
			return 1
		}
		line, err := rewriteVersion(string(out), os.Getenv(envNonce))
		if err != nil {
			fmt.Fprintf(os.Stderr, "ctxbench toolexec: %s: %v\n", tool, err)
			return 1
		}
		fmt.Print(line)
		return 0
	}
	if vet {
		return runVetTool(tool, rest, os.Getenv(envVetToolLog))
	}
	return execTool(tool, rest)
}

// runVetTool runs one vet tool process (one package) as a child, so that
// its own CPU time and peak RSS can be logged apart from the go command's,
// with the wrapper's own CPU time, which ctxbench subtracts from go vet's:
// a line "<tool cpu ns> <tool maxrss bytes> <wrapper cpu ns> <import path>"
// appended to log.
func runVetTool(tool string, args []string, log string) int {
	cmd := exec.Command(tool, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	code := 0
	if err != nil {
		if _, ok := errors.AsType[*exec.ExitError](err); !ok {
			fmt.Fprintf(os.Stderr, "ctxbench toolexec: %v\n", err)
			return 1
		}
		if code = cmd.ProcessState.ExitCode(); code < 0 {
			code = 1 // killed by a signal
		}
	}
	if log != "" {
		ps := cmd.ProcessState
		if f, err := os.OpenFile(log, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644); err == nil {
			fmt.Fprintf(f, "%d %d %d %s\n", (ps.UserTime() + ps.SystemTime()).Nanoseconds(), maxRSS(ps),
				selfCPU().Nanoseconds(), os.Getenv("TOOLEXEC_IMPORTPATH"))
			f.Close()
		}
	}
	return code
}

// A vetLog sums the lines runVetTool logged during one go vet run.
type vetLog struct {
	Units      int           // vet tool processes
	ToolCPU    time.Duration // their CPU time
	ToolRSS    int64         // the largest one's peak RSS
	WrapperCPU time.Duration // the wrappers' own CPU time
}

func parseVetLog(data string) (vetLog, error) {
	var l vetLog
	for line := range strings.SplitSeq(data, "\n") {
		if line == "" {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 3 {
			return vetLog{}, fmt.Errorf("bad vet tool log line %q", line)
		}
		var n [3]int64
		for i := range n {
			v, err := strconv.ParseInt(f[i], 10, 64)
			if err != nil {
				return vetLog{}, fmt.Errorf("bad vet tool log line %q", line)
			}
			n[i] = v
		}
		l.Units++
		l.ToolCPU += time.Duration(n[0])
		l.ToolRSS = max(l.ToolRSS, n[1])
		l.WrapperCPU += time.Duration(n[2])
	}
	return l, nil
}
