// Package ctxcache defines an Analyzer that reports process-wide memos of
// per-run answers.
//
// # Analyzer ctxcache
//
// ctxcache: report process-wide memos of per-run answers
//
// A per-run value is one that depends on who asks: a value of ctx.Value, an
// identity key of the process environment (see envidentity), or the result
// of a function that returns one, in this package or another (a fact,
// transitively). A context carries per-run values but is none: what a
// call computes with one (a conn dialled with it, net.Dial's included) is
// per-run only where the callee returns such a value or reads one out of
// it. The values of an empty root are nobody's: a function that answers
// from its context's values (CwdWithContext(ctx)) answers the same for
// every session when it is handed only context.Background() or
// context.TODO() (gopsutil's Cwd()). Stored where every session of the
// process reads it, the
// first session's answer becomes every session's. Reported, at the store,
// with a related position at the source of the per-run value:
//
//   - a package-level variable (or a field of one) initialised or assigned
//     a per-run value, also inside a sync.Once.Do;
//   - a package-level map or slice element, or a package-level sync.Map
//     entry (Store, LoadOrStore, Swap, CompareAndSwap), holding a per-run
//     value under a key that is not itself per-run;
//   - a package-level atomic.Value or atomic.Pointer storing one;
//   - sync.OnceValue or sync.OnceValues of a function that returns one,
//     kept in a package-level variable;
//   - a singleflight.Group.Do or DoChan whose function returns a per-run
//     value under a key that does not include the identity: a concurrent
//     session gets this one's result.
//
// Silent: caches keyed by the identity (perTenant[tenant(ctx)] = ...),
// process settings read from keys that are not identity keys or are
// configured behaviour-only, memos on a value that is not package-level
// (a field of a per-instance struct, a local sync.OnceValue), appends to a
// package-level registry, and stores in a root (main, init of package main,
// init and package-level initialisers of a command-line package and the
// helpers only they call, //ctxbound:root, configured root packages; see
// envidentity), which may seed process state from the environment.
//
// Seed 002: whether the process was a dispatcher-owned kanban worker was
// memoised in _ENV_DETECT_CACHE from HERMES_KANBAN_TASK; a cron job run
// inside the worker then got the worker's answer, and the kanban toolset
// and protocol with it.
//
// Limits: values are followed through local variables and the functions'
// return values, not through struct fields or channels; a memo held in a
// type of another library (an LRU cache) is not recognised.
//
// # Examples
//
// Seed 002:
//
//	var envDetectCache = map[string]bool{}
//
//	func detect(name string) bool {
//		if v, ok := envDetectCache[name]; ok {
//			return v
//		}
//		v := os.Getenv("HERMES_KANBAN_TASK") != ""
//		envDetectCache[name] = v // want: package-level map envDetectCache stores a per-run value from os.Getenv("HERMES_KANBAN_TASK") under a key that is not per-run: every session gets the answer of the session that filled it; key it by the identity, or keep the value in ctx
//		return v
//	}
//
// A memoised context answer:
//
//	var tenantOnce = sync.OnceValue(func() string { // want: sync.OnceValue memoises a per-run value from tenant() process-wide in package-level variable tenantOnce: ...
//		return tenant(ctx)
//	})
//
// Right: key the cache by the identity, or keep the answer in the context.
//
//	perTenant[tenant(ctx)] = answer
//
// # Directives
//
//	//ctxbound:ignore ctxcache -- <reason>   on the line or the line above a finding
//	//ctxbound:root -- <reason>              on a function that may seed process state
//
// # Options
//
// The identity keys and root packages come from the config pass
// (-config.identity-keys, -config.behaviour-keys, -config.roots, or
// .ctxbound.json). Generated files are not reported.
package ctxcache
