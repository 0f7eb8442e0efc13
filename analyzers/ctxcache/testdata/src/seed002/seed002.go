// Package seed002 is the memo of seed 002 in Go: whether this process is a
// dispatcher-owned kanban worker was memoised in _ENV_DETECT_CACHE,
// process-wide, although the answer depends on who asks (a cron job run
// inside the worker is not the worker).
package seed002

import (
	"os"
	"sync"
)

var (
	envDetectMu    sync.Mutex
	envDetectCache = map[string]bool{}
)

func detect(name string) bool {
	envDetectMu.Lock()
	defer envDetectMu.Unlock()
	if v, ok := envDetectCache[name]; ok {
		return v
	}
	v := os.Getenv("HERMES_KANBAN_TASK") != ""
	envDetectCache[name] = v // want `package-level map envDetectCache stores a per-run value from os.Getenv\("HERMES_KANBAN_TASK"\) under a key that is not per-run`
	return v
}
