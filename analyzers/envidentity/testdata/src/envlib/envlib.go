// Package envlib is a library run with the default configuration: envwrite
// is off, so its writes of keys that are not identity keys are not
// reported, whatever they are for (the first look at twenty modules found
// them setting what the process itself reads: a .env file loaded at
// start-up, DOCKER_HOST for an in-process client, OTEL_* for an SDK). A
// write of an identity key is reported all the same.
package envlib

import (
	"os"
	"os/exec"
)

// A library sets LC_ALL before running a command: envwrite's finding,
// reported only with the option (see envwrite/).
func Run(name string) ([]byte, error) {
	os.Setenv("LC_ALL", "C")
	return exec.Command(name).Output()
}

// Loading a .env file for the process's own later reads.
func LoadDotEnv(kv map[string]string) {
	for k, v := range kv {
		os.Setenv(k, v)
	}
	os.Unsetenv("DOCKER_HOST")
}

// The twin: a library that writes an identity key is reported by default.
func Adopt(id string) {
	os.Setenv("AGENT_SESSION_KEY", id) // want `^os\.Setenv writes identity key AGENT_SESSION_KEY of the process environment outside a root`
}

// And so is os.Clearenv where the package keeps identity in the
// environment.
func Session() string { return os.Getenv("SESSION_ID") } // want `^os\.Getenv reads identity key SESSION_ID`

func Reset() {
	os.Clearenv() // want `^os\.Clearenv erases identity keys \(AGENT_SESSION_KEY, SESSION_ID\) of the whole process outside a root`
}
