package suppress

import (
	"os"
	"os/exec"
)

func spawn() *exec.Cmd {
	cmd := exec.Command("worker")
	//ctxbound:ignore spawnenv -- the single-session CLI hands its own session on
	cmd.Env = []string{"SESSION_ID=" + os.Getenv("SESSION_ID")}
	//ctxbound:ignore spawnenv -- stale // want `//ctxbound:ignore spawnenv suppressed nothing; remove it`
	cmd.Env = []string{"HOME=" + os.Getenv("HOME")}
	return cmd
}
