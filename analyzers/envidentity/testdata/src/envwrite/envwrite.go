// Package envwrite is a library run with the envwrite option: every write
// of the process environment outside a root is reported, whatever the key.
package envwrite

import (
	"os"
	"os/exec"
	"syscall"
)

// The library sets LC_ALL before running a command: every concurrent
// session sees it.
func Run(name string) ([]byte, error) {
	os.Setenv("LC_ALL", "C") // want `^os\.Setenv changes LC_ALL of the whole process outside a root: every concurrent session and every child process sees it; set it on the child's exec\.Cmd\.Env instead \(cmd\.Env = append\(os\.Environ\(\), "LC_ALL=\.\.\."\)\)$`
	return exec.Command(name).Output()
}

func Forget() {
	os.Unsetenv("HTTP_PROXY") // want `^os\.Unsetenv erases HTTP_PROXY of the whole process outside a root: every concurrent session and every child process loses it; leave it out of the child's exec\.Cmd\.Env instead$`
	_ = syscall.Unsetenv("NO_PROXY") // want `^syscall\.Unsetenv erases NO_PROXY`
}

func Set(k, v string) error {
	return os.Setenv(k, v) // want `^os\.Setenv changes a variable of the whole process outside a root: every concurrent session and every child process sees it; set it on the child's exec\.Cmd\.Env instead$`
}

// The package keeps identity in the environment: the identity message,
// once.
func Reset() {
	os.Clearenv() // want `^os\.Clearenv erases identity keys \(SESSION_ID\) of the whole process outside a root`
}

// An identity key gets the identity message, once.
func Publish(id string) {
	os.Setenv("SESSION_ID", id) // want `^os\.Setenv writes identity key SESSION_ID of the process environment outside a root`
}

// A root may write its process's environment.
//
//ctxbound:root -- the process entry point of the daemon
func Boot() {
	os.Setenv("GODEBUG", "http2client=0")
}

// Reads are not writes.
func Read() string { return os.Getenv("LC_ALL") }
