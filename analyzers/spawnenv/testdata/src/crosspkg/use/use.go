package use

import (
	"os/exec"

	"crosspkg/dep"
)

func spawn() *exec.Cmd {
	cmd := exec.Command("worker")
	cmd.Env = []string{
		"AGENT_SESSION_KEY=" + dep.Session(), // want `exec.Cmd.Env hands the child identity key AGENT_SESSION_KEY from the process environment \(dep.Session\(\)\)`
		"TASK_ID=" + dep.Lookup("TASK_ID"),   // want `identity key TASK_ID from the process environment \(dep.Lookup\("TASK_ID"\)\)`
	}
	return cmd
}
