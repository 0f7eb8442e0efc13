package suppress

import "os"

func legacy() string {
	//ctxbound:ignore envidentity -- legacy single-session CLI path, removed in v3
	return os.Getenv("SESSION_ID")
}

func sameLine() string {
	return os.Getenv("TASK_ID") //ctxbound:ignore envidentity -- single-task worker binary
}

func nothing() string {
	//ctxbound:ignore envidentity -- stale // want `//ctxbound:ignore envidentity suppressed nothing; remove it`
	return os.Getenv("HOME")
}

func other() string {
	//ctxbound:ignore spawnctx -- names another check: envidentity still reports
	return os.Getenv("JOB_ID") // want `os.Getenv reads identity key JOB_ID`
}
