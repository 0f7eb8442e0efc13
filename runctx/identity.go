package runctx

import (
	"context"
	"os"
	"strings"
)

// Key names one piece of identity carried by a context. Its value is also
// the environment variable that [Command] writes for a child process and
// that [FromEnv] reads at a process root. A Key is a non-empty string with
// no '=' (WithIdentity panics otherwise).
type Key string

// The identity keys runctx defines. [WithSession], [WithTask] and [WithRun]
// bind them; [Command] always sets or strips them in a child's environment.
const (
	// SessionKey carries the session: whose approvals, whose events.
	SessionKey Key = "CTXBOUND_SESSION_ID"
	// TaskKey carries the task a worker is executing.
	TaskKey Key = "CTXBOUND_TASK_ID"
	// RunKey carries the run (one agent turn, one job execution).
	RunKey Key = "CTXBOUND_RUN_ID"
)

// DefaultKeys returns the identity keys runctx defines, in a fresh slice:
// SessionKey, TaskKey and RunKey. [FromEnv] reads them when given no keys and
// [Command] never lets a child inherit them (spawnenv).
func DefaultKeys() []Key { return []Key{SessionKey, TaskKey, RunKey} }

// EnvKey returns the environment variable that carries k to child processes
// and that [FromEnv] reads: the key itself. The default rule of the ctxbound
// configuration classifies the three runctx keys as identity keys (their
// last words are SESSION_ID, TASK_ID, RUN_ID); declare others in
// .ctxbound.json (identity_keys) when they do not follow that rule.
func (k Key) EnvKey() string { return string(k) }

// identityKey is the context key under which the identity chain is stored.
type identityKey struct{}

// identity is one immutable link of a context's identity chain: the nearest
// binding of a key wins.
type identity struct {
	key   Key
	value string
	next  *identity
}

func chain(ctx context.Context) *identity {
	id, _ := ctx.Value(identityKey{}).(*identity)
	return id
}

// WithIdentity returns a context that carries value under key, shadowing any
// value the parent carries for it. An empty value is a binding too: [Command]
// then hands the child an empty variable rather than the inherited one.
//
// Identity lives in the context and nowhere else, so it follows the work
// across every runctx boundary; envidentity and spawnctx report the code that
// looks for it in the process environment instead.
func WithIdentity(ctx context.Context, key Key, value string) context.Context {
	if key == "" || strings.ContainsRune(string(key), '=') {
		panic("runctx: invalid identity key " + `"` + string(key) + `"`)
	}
	return context.WithValue(ctx, identityKey{}, &identity{key: key, value: value, next: chain(ctx)})
}

// Identity returns the value ctx carries for key and whether it carries one.
// It never consults the process environment: at a process root, bind the
// environment's identity once with [FromEnv].
func Identity(ctx context.Context, key Key) (value string, ok bool) {
	for id := chain(ctx); id != nil; id = id.next {
		if id.key == key {
			return id.value, true
		}
	}
	return "", false
}

// identities returns every key bound in ctx with its nearest value, in the
// order the keys were first bound (outermost first).
func identities(ctx context.Context) []identity {
	var out []identity
	seen := map[Key]bool{}
	for id := chain(ctx); id != nil; id = id.next {
		if !seen[id.key] {
			seen[id.key] = true
			out = append(out, identity{key: id.key, value: id.value})
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// WithSession returns a context carrying session id under [SessionKey]:
// the binding that spawnctx and envidentity expect in place of a session
// read from the process environment.
func WithSession(ctx context.Context, id string) context.Context {
	return WithIdentity(ctx, SessionKey, id)
}

// Session returns the session ctx carries, or "" if none. It never falls
// back to the process environment: that fallback is how, in seed 000, an
// approval for session A reached session B.
func Session(ctx context.Context) string {
	v, _ := Identity(ctx, SessionKey)
	return v
}

// WithTask returns a context carrying task id under [TaskKey].
func WithTask(ctx context.Context, id string) context.Context {
	return WithIdentity(ctx, TaskKey, id)
}

// Task returns the task ctx carries, or "" if none. It never falls back to
// the process environment (seed 002: a cron job run inside a worker took
// the worker's task from the environment and closed it).
func Task(ctx context.Context) string {
	v, _ := Identity(ctx, TaskKey)
	return v
}

// WithRun returns a context carrying run id under [RunKey]. [NewRun] and
// [Run.Child] bind it for you.
func WithRun(ctx context.Context, id string) context.Context {
	return WithIdentity(ctx, RunKey, id)
}

// RunID returns the run ctx carries, or "" if none.
func RunID(ctx context.Context) string {
	v, _ := Identity(ctx, RunKey)
	return v
}

// FromEnv is the one sanctioned read of identity from the process
// environment. It returns ctx carrying, for each of keys (the
// [DefaultKeys] when none are given) that is set in the environment and not
// already bound in ctx, the environment's value.
//
// Call it once, at a process root: in main, or where a process started by
// [Command] begins its work. Everywhere else identity comes from the
// context. A process's environment is shared by every goroutine of the
// process and belongs to none of them, so a library that reads identity
// from it answers for whichever session last wrote it. envidentity accepts
// this function by import path and name and reports any other read of an
// identity key outside a root.
//
//ctxbound:root -- the sanctioned root read: identity enters a process's contexts here, once, at its entry point
func FromEnv(ctx context.Context, keys ...Key) context.Context {
	if len(keys) == 0 {
		keys = DefaultKeys()
	}
	for _, k := range keys {
		if _, bound := Identity(ctx, k); bound {
			continue
		}
		if v, ok := os.LookupEnv(string(k)); ok {
			ctx = WithIdentity(ctx, k, v)
		}
	}
	return ctx
}
