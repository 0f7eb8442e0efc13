//go:build linux

package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestInterruptStopsGoList: ^C in a terminal while ctxbound lists the
// packages ends ctxbound and the go list -export it started, with the
// compilers go list runs. go/packages puts go list in a process group of
// its own, which the terminal's interrupt does not reach: ctxbound died at
// once and go list went on compiling the module in the background.
func TestInterruptStopsGoList(t *testing.T) {
	bin := ctxboundBin(t)
	dir := t.TempDir()
	// A package that takes seconds to compile, new to the build cache on
	// every run (a nonce in its source).
	var big bytes.Buffer
	fmt.Fprintf(&big, "package big\n\nconst nonce = %d\n\n", time.Now().UnixNano())
	for i := range 40000 {
		fmt.Fprintf(&big, "func F%d(x int) int { if x > %d { return x*%d + nonce } ; return F%d(x+1) }\n", i, i, i, (i+1)%40000)
	}
	files := map[string]string{
		"go.mod":     "module example.com/interrupt\n\ngo 1.21\n",
		"big/big.go": big.String(),
		"main.go":    "package main\n\nimport \"example.com/interrupt/big\"\n\nfunc main() { println(big.F0(1)) }\n",
	}
	for name, src := range files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(bin, "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CTXBOUND_CACHE=off")
	// Its own process group, as a terminal's foreground job has: the
	// interrupt goes to the group, as ^C sends it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for _, pid := range working(dir, cmd.Process.Pid) {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	deadline := time.Now().Add(2 * time.Minute)
	for len(working(dir, cmd.Process.Pid)) == 0 {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("no compiler of %s started within 2 minutes (ctxbound: %s)", dir, stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		t.Fatalf("ctxbound ended with %v after the interrupt, want death by SIGINT", err)
	}
	if ws, ok := ee.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGINT {
		t.Errorf("ctxbound ended with %v after the interrupt, want death by SIGINT (stderr: %s)", err, stderr.String())
	}
	// ctxbound ends only after go list has stopped; a short grace for the
	// kernel to reap what it started.
	var left []int
	for range 50 {
		if left = working(dir, cmd.Process.Pid); len(left) == 0 {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	for _, pid := range left {
		b, _ := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "cmdline"))
		t.Errorf("still running after ctxbound was interrupted: pid %d: %s", pid, strings.ReplaceAll(string(b), "\x00", " "))
	}
}

// working returns the processes, other than self, whose command line names
// dir: the compilers go list runs for the module in dir.
func working(dir string, self int) []int {
	entries, _ := os.ReadDir("/proc")
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err == nil && bytes.Contains(b, []byte(dir)) {
			pids = append(pids, pid)
		}
	}
	return pids
}
