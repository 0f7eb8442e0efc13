package use

import (
	"context"
	"sync"

	"crosspkg/dep"
)

var (
	cached string
	cwd    = dep.Cwd()                // the same for every session: silent
	cwdVia = dep.CwdVia()             // silent
	shared = dep.Shared()             // want `package-level variable shared holds a per-run value from dep.Shared\(\)`
	task   = sync.OnceValue(dep.Task) // want `sync.OnceValue memoises a per-run value from dep.Task\(\)`
)

func fill(ctx context.Context) {
	cached = dep.Current(ctx) // want `package-level variable cached holds a per-run value from dep.Current\(\)`
}
