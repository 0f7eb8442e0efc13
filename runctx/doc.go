// Package runctx is the reference runtime of ctxbound: the small set of
// helpers that cross goroutine, pool, run and process boundaries without
// losing the identity, cancellation or run binding of the operation that
// started the work.
//
// Every helper takes the caller's context.Context and hands it, or a context
// derived from it, to the work it starts:
//
//   - [Go], [Group] and [Pool] start work on other goroutines with the
//     caller's context (seed 000: a tool call submitted to a pool without the
//     caller's context resolved the session from the process environment and
//     an approval for session A was shown in session B);
//   - [WithSession], [WithTask], [WithRun] and [WithIdentity] carry identity
//     in the context, and [FromEnv] is the one sanctioned read of identity
//     from the process environment, for process roots only (seed 002);
//   - [Run] and [Run.Child] give a child run its own cancel, derived from the
//     parent's context (seed 003: a worker run got its parent's cancel token);
//     [Slot] binds the current run and hands out one snapshot per operation;
//   - [Detach] lets work outlive its caller and keep the caller's identity;
//   - [Command] starts a child process whose identity environment comes from
//     the context, never from the parent process's environment (seed 001).
//
// The ctxbound checks know runctx by import path and name, never by importing
// it: runctx.Go, Group.Go and Pool.Submit are spawners that carry ctx
// (spawnctx accepts them), FromEnv is an allowed identity read (envidentity),
// Command's environment is built from ctx (spawnenv), Run.Child never copies
// a cancel function (cancelshare) and Slot.Load is a slot read (slotreread
// reports a second Load in one operation). runctx itself passes the suite.
//
// # Identity keys
//
// A [Key] is the name of the environment variable that carries one piece of
// identity to child processes. runctx defines three:
//
//	SessionKey = "CTXBOUND_SESSION_ID"
//	TaskKey    = "CTXBOUND_TASK_ID"
//	RunKey     = "CTXBOUND_RUN_ID"
//
// A program whose processes already agree on other names declares its own
// keys and uses [WithIdentity] and [Identity]:
//
//	const AgentSession runctx.Key = "AGENT_SESSION_KEY"
//	ctx = runctx.WithIdentity(ctx, AgentSession, id)
//
// There is no package-level configuration: the key is the mapping.
//
// runctx imports only the standard library and keeps no package-level mutable
// state (ctxcache would report a process-wide memo of a per-run answer).
package runctx
