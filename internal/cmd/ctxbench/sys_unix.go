//go:build unix

package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"syscall"
	"time"
)

// execTool replaces the wrapper process by tool, so that the wrapper adds
// one exec to each tool run and nothing to its CPU time or memory.
func execTool(tool string, args []string) int {
	path, err := exec.LookPath(tool)
	if err != nil {
		fmt.Fprintf(os.Stderr, "ctxbench toolexec: %v\n", err)
		return 1
	}
	err = syscall.Exec(path, append([]string{tool}, args...), os.Environ())
	fmt.Fprintf(os.Stderr, "ctxbench toolexec: exec %s: %v\n", tool, err)
	return 1
}

// ownGroup puts cmd in a process group of its own, and makes cancelling
// its context kill the whole group (go vet's tool processes included).
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}

// maxRSS returns the peak resident set size in bytes of the largest single
// process among the child and the descendants it waited for: wait4 reports
// ru_maxrss as the maximum over that tree, not the sum.
func maxRSS(ps *os.ProcessState) int64 {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return int64(ru.Maxrss) // bytes
	}
	return int64(ru.Maxrss) * 1024 // KiB
}

// selfCPU returns this process's own CPU time (user+sys) so far.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
