package basic

import (
	"context"
	"os"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/singleflight"
)

type tenantKey struct{}

var (
	current  string
	mu       sync.Mutex
	once     sync.Once
	settings struct{ session string }
	byName   = map[string]string{}
	smap     sync.Map
	holder   atomic.Value
	group    singleflight.Group
)

// A package-level initialiser filled from an identity key.
var startTask = os.Getenv("APP_TASK_ID") // want `package-level variable startTask holds a per-run value from os.Getenv\("APP_TASK_ID"\)`

func tenant(ctx context.Context) string {
	t, _ := ctx.Value(tenantKey{}).(string)
	return t
}

func remember(ctx context.Context) {
	mu.Lock()
	current = ctx.Value(tenantKey{}).(string) // want `package-level variable current holds a per-run value from ctx.Value`
	mu.Unlock()
}

func viaLocal(ctx context.Context) {
	t := tenant(ctx)
	settings.session = t // want `package-level variable settings holds a per-run value from tenant\(\)`
}

func memo() string {
	once.Do(func() {
		current = os.Getenv("SESSION_ID") // want `sync.Once memoises a per-run value from os.Getenv\("SESSION_ID"\) process-wide in package-level variable current`
	})
	return current
}

var lookup = sync.OnceValue(func() string { // want `sync.OnceValue memoises a per-run value from os.Getenv\("AGENT_SESSION_KEY"\) process-wide in package-level variable lookup`
	return os.Getenv("AGENT_SESSION_KEY")
})

func sessionFromEnv() string { return os.Getenv("HERMES_SESSION_KEY") }

var lookup2 = sync.OnceValues(func() (string, error) { // want `sync.OnceValues memoises a per-run value from sessionFromEnv\(\)`
	return sessionFromEnv(), nil
})

func mapStore(ctx context.Context, name string) {
	byName[name] = tenant(ctx) // want `package-level map byName stores a per-run value from tenant\(\) under a key that is not per-run`
}

func syncMap(ctx context.Context) {
	smap.Store("tenant", tenant(ctx)) // want `package-level sync.Map smap stores a per-run value from tenant\(\) under a key that is not per-run`
}

func atomicStore(ctx context.Context) {
	holder.Store(ctx.Value(tenantKey{})) // want `package-level atomic.Value holder holds a per-run value from ctx.Value`
}

func flight(ctx context.Context) {
	group.Do("config", func() (any, error) { // want `singleflight.Group.Do shares a per-run answer from tenant\(\) between sessions`
		return tenant(ctx), nil
	})
}

// Transitive: a function returning the result of one that returns a per-run value.
func wrapped(ctx context.Context) string { return tenant(ctx) }

var last string

func transitive(ctx context.Context) {
	last = wrapped(ctx) // want `package-level variable last holds a per-run value from wrapped\(\)`
}
