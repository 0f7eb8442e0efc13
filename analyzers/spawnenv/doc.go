// Package spawnenv defines an Analyzer that reports child-process
// environments whose identity keys do not come from the context.
//
// # Analyzer spawnenv
//
// spawnenv: report child-process environments whose identity keys do not come from the context
//
// A child process learns who it works for from its environment. When the
// parent fills that environment from its own process environment, the child
// runs as whichever session last wrote there, not as the session that
// started it. The places where a child's environment is set are checked:
// assignments to and literals of exec.Cmd.Env, os.ProcAttr.Env and
// syscall.ProcAttr.Env, and the envv argument of syscall.Exec; the
// environment is followed through slice literals, append and local
// variables. Reported:
//
//   - an identity key whose value comes from the process environment:
//     "SESSION_ID="+os.Getenv("SESSION_ID"), fmt.Sprintf("TASK_ID=%s", v)
//     with v read from the environment, a forwarding helper such as
//     getenv("RUN_ID"), or a function that reads an identity key (a fact,
//     also from another package);
//   - the whole process environment handed on (os.Environ(),
//     syscall.Environ(), cmd.Environ()) while a context.Context parameter is
//     in scope, in a package that keeps identity keys in the environment,
//     when the list does not set those keys itself: the child inherits the
//     identity of the process, not the one of ctx;
//   - in strict mode, every literal key set that is classified neither as an
//     identity key nor as behaviour-only. That is the invariant of seed 002's
//     dispatcher: a new variable handed to a worker must be declared one or
//     the other, so that identity never reaches a child unseen.
//
// runctx.Command, which builds the identity keys of a child from its
// context, is correct by construction. Keys are constant-folded; identity
// keys are as in envidentity.
//
// Seed 001: a delegated child that lost its context resolved its session
// key from the process environment; the background process it started
// stored that foreign key, and its completion event entered another
// session. Seed 002: the kanban dispatcher's _default_spawn gained
// variables over time; an AST test now fails when one is neither identity-
// gated nor classified behaviour-only.
//
// Limits: an environment built in another function and passed in is not
// followed; keys computed at run time are not seen; the inherited
// environment is reported only where the package itself accesses identity
// keys, whose names the message lists.
//
// # Examples
//
// Seed 001:
//
//	func startBackground(ctx context.Context, command string) error {
//		cmd := exec.CommandContext(ctx, "sh", "-c", command)
//		cmd.Env = append(os.Environ(), "HERMES_SESSION_KEY="+os.Getenv("HERMES_SESSION_KEY")) // want: exec.Cmd.Env hands the child identity key HERMES_SESSION_KEY from the process environment (os.Getenv("HERMES_SESSION_KEY")), not from ctx: it may be another session's; take it from ctx, or use runctx.Command
//		return cmd.Start()
//	}
//
// Right:
//
//	cmd := runctx.Command(ctx, "sh", "-c", command)
//
// Seed 002, strict mode:
//
//	cmd.Env = []string{
//		"HERMES_KANBAN_TASK=" + t.ID,                // identity
//		"HERMES_KANBAN_BOARD=" + board,              // behaviour_keys in .ctxbound.json
//		"HERMES_KANBAN_WORKSPACES_ROOT=" + root,     // want: exec.Cmd.Env hands the child key HERMES_KANBAN_WORKSPACES_ROOT, which is neither an identity key nor behaviour-only: classify it in .ctxbound.json (identity_keys or behaviour_keys), so that identity never leaks to a child unseen
//	}
//
// # Directives
//
//	//ctxbound:ignore spawnenv -- <reason>   on the line or the line above a finding
//
// # Options
//
// Strict mode: -config.spawnenv-strict, or "spawnenv_strict": true in
// .ctxbound.json. Identity and behaviour keys come from the config pass
// (-config.identity-keys, -config.identity-patterns, -config.behaviour-keys,
// or .ctxbound.json). Generated files are not reported.
package spawnenv
