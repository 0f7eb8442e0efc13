// Package envlib is a library run with the default configuration: its
// writes of the process environment at run time are reported (envwrite is
// on by default in libraries); setup (init, package-level initialisers)
// and helpers that set what their caller asks are not.
package envlib

import (
	"os"
	"os/exec"
)

// A library sets LC_ALL before running a command.
func Run(name string) ([]byte, error) {
	os.Setenv("LC_ALL", "C") // want `^os\.Setenv changes LC_ALL of the whole process outside a root: every concurrent session and every child process sees it; set it on the child's exec\.Cmd\.Env instead`
	return exec.Command(name).Output()
}

// Right: on the child.
func RunChild(name string) ([]byte, error) {
	cmd := exec.Command(name)
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	return cmd.Output()
}

// Setup of the process, before any session.
func init() {
	os.Setenv("GODEBUG", "x509sha1=1")
}

var _ = os.Setenv("TZ", "UTC")

// A helper that sets what its caller asks: the caller decides.
func Set(k, v string) error { return os.Setenv(k, v) }

// A method forwarding its parameter too.
type Env struct{}

func (Env) Unset(k string) error { return os.Unsetenv(k) }
