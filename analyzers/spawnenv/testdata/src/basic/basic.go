package basic

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"syscall"
)

const sessionKey = "AGENT_SESSION_KEY"

func fromGetenv(ctx context.Context) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "worker")
	cmd.Env = append(os.Environ(), sessionKey+"="+os.Getenv(sessionKey)) // want `exec.Cmd.Env hands the child identity key AGENT_SESSION_KEY from the process environment \(os.Getenv\("AGENT_SESSION_KEY"\)\), not from ctx`
	return cmd
}

func viaLocal() *exec.Cmd {
	task := os.Getenv("APP_TASK_ID")
	env := []string{"LANG=C"}
	env = append(env, fmt.Sprintf("APP_TASK_ID=%s", task)) // want `exec.Cmd.Env hands the child identity key APP_TASK_ID from the process environment`
	return &exec.Cmd{Path: "/bin/worker", Env: env}
}

func getenv(k string) string { return os.Getenv(k) }

func viaHelper() {
	attr := &os.ProcAttr{Env: []string{
		fmt.Sprintf("%s=%s", "RUN_ID", getenv("RUN_ID")), // want `os.ProcAttr.Env hands the child identity key RUN_ID from the process environment \(getenv\("RUN_ID"\)\)`
	}}
	_, _ = os.StartProcess("/bin/worker", nil, attr)
}

func execve() {
	_ = syscall.Exec("/bin/worker", nil, []string{"JOB_ID=" + os.Getenv("JOB_ID")}) // want `syscall.Exec hands the child identity key JOB_ID`
}

// Inherited: the package keeps identity in the environment (above), and
// the child gets it wholesale while ctx is in scope.
func inherited(ctx context.Context) {
	cmd := exec.CommandContext(ctx, "worker")
	cmd.Env = append(os.Environ(), "LANG=C") // want `exec.Cmd.Env hands the child the process environment, with identity keys AGENT_SESSION_KEY, APP_TASK_ID, JOB_ID, RUN_ID, while ctx is in scope`

	// Only one finding per site: the explicit environment read.
	cmd.Env = append(os.Environ(), "RUN_ID="+os.Getenv("RUN_ID")) // want `exec.Cmd.Env hands the child identity key RUN_ID from the process environment`
	_ = cmd.Run()
}

func inheritedClosure(ctx context.Context) func() {
	return func() {
		env := os.Environ()
		cmd := exec.Command("worker")
		cmd.Env = append(env, "APP_TASK_ID=fixed", "AGENT_SESSION_KEY=fixed", "JOB_ID=fixed") // want `with identity key RUN_ID, while ctx is in scope`
	}
}
