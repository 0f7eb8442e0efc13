//go:build !unix

package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"time"
)

func execTool(tool string, args []string) int {
	cmd := exec.Command(tool, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		if ee, ok := errors.AsType[*exec.ExitError](err); ok {
			return ee.ExitCode()
		}
		fmt.Fprintf(os.Stderr, "ctxbench toolexec: %v\n", err)
		return 1
	}
	return 0
}

func ownGroup(*exec.Cmd) {}

// maxRSS is not measured on this platform.
func maxRSS(*os.ProcessState) int64 { return 0 }

// selfCPU is not measured on this platform.
func selfCPU() time.Duration { return 0 }
