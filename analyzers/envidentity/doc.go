// Package envidentity defines an Analyzer that reports reads and writes of
// identity keys in the process environment outside a root.
//
// # Analyzer envidentity
//
// envidentity: report reads and writes of identity keys in the process environment outside a root
//
// The process environment is one per process; sessions, tasks and runs are
// many. A session id, task id or claim lock kept there is read by whichever
// session asks next: identity belongs in the context, and only a process
// entry point may seed the context from the environment.
//
// Reported, outside a root:
//
//   - reads of an identity key: os.Getenv, os.LookupEnv, syscall.Getenv, a
//     scan of os.Environ() that looks for the key (strings.HasPrefix(kv,
//     KEY+"="), strings.Cut then k == KEY, a switch case), os.ExpandEnv or
//     os.Expand(s, os.Getenv) of a constant string that names it;
//   - writes: os.Setenv and os.Unsetenv of an identity key, os.Clearenv, and
//     their syscall twins;
//   - the same through helpers that hand a key parameter to the
//     environment (func getenv(k string) string { return os.Getenv(k) }),
//     in this package or another, transitively: the call with the identity
//     key is reported, the helper itself is silent;
//   - a read that backs up a context read made earlier in the same function
//     ("context value, else environment") gets its own message: that
//     fallback is what made the seed bugs silent.
//
// A read used as a flag, not as a value, is not reported: compared with a
// non-empty constant (os.Getenv("GL_TEST_RUN") == "1"), parsed with
// strconv.ParseBool, or switched on constant cases. An identity value is
// opaque; a presence test (!= "") is still a read of the identity.
//
// Keys are constant-folded: literals, named constants, concatenations,
// constants of other packages. An identity key is one whose last
// underscore-separated words are SESSION, TASK, RUN, REQUEST, TENANT, CLAIM,
// JOB, WORKER or CONVERSATION, optionally followed by ID, KEY or LOCK, or by
// TOKEN, PORT, SOCKET or ADDR, a session's own credential or endpoint
// (SESSION_ID, APP_RUN_ID, AGENT_SESSION_KEY, AGENT_KANBAN_TASK,
// WORKER_CLAIM_LOCK, AGENT_SESSION_TOKEN, ENGINE_SESSION_PORT; RUN only
// with a suffix: a bare DRY_RUN or HOST_RUN is no run), never HOME,
// PATH, USER, XDG_SESSION_ID, the AWS SDKs' AWS_SESSION_TOKEN (the
// process's own credential) or another common process setting, plus the
// keys and patterns configured; keys configured behaviour-only never are
// (see docs/config.md). Messages quote at most 80 bytes of a key: its head,
// "...", and its tail.
//
// Roots may read and write identity keys: main and init of package main
// and its package-level initialisers, the init functions and
// package-level initialisers of a command-line package (one that declares
// a cobra or urfave/cli command in a package-level variable: var rootCmd
// = &cobra.Command{...}, run by main through cmd.Execute(); a library
// that builds commands in functions is none), TestMain, a function marked
// //ctxbound:root -- <reason> (closures inside a root included), the
// packages configured as roots, and an unexported function (no method)
// that only roots call, directly or through such functions, and that is
// never used as a value (a setup helper of main, TestMain's
// testWithDocker): the root's own code, moved out of its body.
// runctx.FromEnv, which seeds a context from
// the environment, is an allowed read, and so are the reads of a top-level
// test, benchmark, fuzz test or example, or of a helper of a _test.go file
// that takes the testing value (a live test's credentials
// configure the one scenario it runs); their writes are still reported,
// since they reach every test that runs in parallel.
//
// In a _test.go file a write says to use t.Setenv (or b, f, tb: whichever
// testing value is in scope), which restores the key when the test ends;
// for os.Setenv used as a statement a suggested fix makes the change, where
// the name still denotes the testing value (not a variable that shadows
// it). In a parallel test (the test or one it runs inside calls Parallel)
// t.Setenv panics: the message says so and no fix is offered. A test that
// is not parallel and puts the environment back when it ends is silent:
// it defers (or registers with Cleanup: testing's, or a project's own TB
// interface's that *testing.T implements) a write of the key (defer
// os.Setenv(key, old)), or a call that writes keys it saved (cleanup :=
// saveEnv(keys...); defer cleanup(), where the literal saveEnv returns
// sets them back). So is an erasure in a test that is not parallel
// (os.Unsetenv of the key, or os.Clearenv to run hermetically): an erased
// key carries no session's identity into another, and nothing runs
// alongside; in a parallel test both are reported.
//
// Writes of any key (envwrite, opt-in): a library that sets LC_ALL=C
// before running a command changes it for every concurrent session and
// every child process; set it on the child's exec.Cmd.Env instead. With
// the envwrite option, every os.Setenv, os.Unsetenv and os.Clearenv (and
// their syscall twins) outside a root in non-test code is reported,
// whatever the key, package main, init functions, package-level
// initialisers and helpers that set what their caller asks included. It
// is off by default: it was on by default in library packages until its
// first look on twenty modules never read before (docs/precision.md,
// kinds-1) found 13 false positives and no true finding in 14 reports.
// Those writes were for the process's own readers (a .env file loaded at
// start-up, DOCKER_HOST for an in-process Docker client, OTEL_* for an
// SDK, a debug switch saved and restored, a process about to re-exec
// itself), and whether a write is one is decided by who reads the key
// later, which the check cannot see. An audit of a multi-session service
// turns it on; writes of identity keys are reported without it.
//
// Seed 001: a delegated child lost its context at an inner executor
// boundary, its session-key lookup fell back to the environment, found the
// key of another session, and the background process it started routed its
// completion event into that session. Seed 002: a cron job run in-process
// inherited a kanban worker's HERMES_KANBAN_TASK and could close the
// worker's task; a child agent's constructor wrote its HERMES_SESSION_ID
// into the environment and the parent's later tools ran as the child.
//
// Limits: keys must be constants (a key computed at run time is not seen);
// a helper that builds the key from its parameter ("AGENT_" + name) is not a
// forwarding helper; an os.Environ scan is recognised in a range over
// os.Environ() or over a local variable assigned it; the identity keys are
// classified by each package's own configuration.
//
// # Examples
//
// Seed 001, the fallback:
//
//	func sessionKey(ctx context.Context) string {
//		if v, ok := ctx.Value(sessionKeyCtx{}).(string); ok {
//			return v
//		}
//		return os.Getenv("HERMES_SESSION_KEY") // want: os.Getenv falls back to identity key HERMES_SESSION_KEY of the process environment when the context has none: a worker that lost its context silently gets another session's identity; propagate ctx and fail when the identity is missing
//	}
//
// Seed 002, the clobbering constructor and the inherited task:
//
//	func newChild(ctx context.Context, id string) *Agent {
//		os.Setenv("HERMES_SESSION_ID", id) // want: os.Setenv writes identity key HERMES_SESSION_ID of the process environment outside a root: it changes the identity every session in the process reads; carry it in ctx, or in the child's exec.Cmd.Env
//		...
//	}
//
//	func getenv(k string) string { return os.Getenv(k) } // silent: it forwards its key
//
//	func complete(taskID string) {
//		if taskID == "" {
//			taskID = getenv("HERMES_KANBAN_TASK") // want: getenv reads identity key HERMES_KANBAN_TASK from the process environment outside a root: ...
//		}
//	}
//
// Right: the entry point seeds the context once, everything else reads it.
//
//	func main() {
//		ctx := runctx.FromEnv(context.Background())
//		serve(ctx)
//	}
//
//	func complete(ctx context.Context, taskID string) {
//		if taskID == "" {
//			taskID = runctx.Task(ctx)
//		}
//	}
//
// In a test:
//
//	func TestChild(t *testing.T) {
//		os.Setenv("SESSION_ID", "child") // want: os.Setenv writes identity key SESSION_ID of the process environment for the rest of the test binary: later and parallel tests see it; use t.Setenv, which restores it
//	}
//
//	func TestParallel(t *testing.T) {
//		t.Parallel()
//		os.Setenv("SESSION_ID", "child") // want: os.Setenv writes identity key SESSION_ID of the process environment in a parallel test: the tests running alongside see it, and t.Setenv panics after t.Parallel; pass the identity in ctx, or in the child's exec.Cmd.Env
//	}
//
// A library's write (with the envwrite option):
//
//	func Run(name string) ([]byte, error) {
//		os.Setenv("LC_ALL", "C") // want: os.Setenv changes LC_ALL of the whole process outside a root: every concurrent session and every child process sees it; set it on the child's exec.Cmd.Env instead (cmd.Env = append(os.Environ(), "LC_ALL=..."))
//		return exec.Command(name).Output()
//	}
//
// Right:
//
//	cmd := exec.Command(name)
//	cmd.Env = append(os.Environ(), "LC_ALL=C")
//	return cmd.Output()
//
// # Directives
//
//	//ctxbound:root -- <reason>           on a function: it may read and write identity keys
//	//ctxbound:ignore envidentity -- <reason>   on the line or the line above a finding
//
// # Options
//
// The keys and root packages come from the config pass:
// -config.identity-keys, -config.identity-patterns, -config.behaviour-keys,
// -config.roots, or identity_keys, identity_patterns, behaviour_keys and
// roots in .ctxbound.json. -config.envwrite (envwrite in .ctxbound.json,
// off by default) reports every write of the process environment outside
// a root in non-test code, package main, init functions and forwarding
// helpers included; without it, only writes of identity keys are.
// Generated files are not reported.
package envidentity
