package identity

import "github.com/ctxbound/ctxbound/internal/lintkit"

func init() { lintkit.SetPrefilter(Analyzer, prefilter) }

// prefilter says whether the pass may export a fact for a package: run's
// own gate (an import of os, os/exec, syscall or context, or a fact of
// this pass in the imports), and then a source of what the facts record:
// an environment function named (os.Getenv, os.Environ, os.ExpandEnv, ...;
// the package imports os or syscall), a Value method named where context
// is in the imports (ctx.Value), or a function with a fact named.
func prefilter(u *lintkit.Unit) bool {
	facts := u.HasFacts(new(Forwards)) || u.HasFacts(new(EnvRead)) || u.HasFacts(new(PerRun))
	if !facts && !u.Imports("os") && !u.Imports("syscall") && !u.Imports("context") && !u.Imports("os/exec") {
		return false
	}
	if u.Configured {
		return true
	}
	if u.Imports("os") || u.Imports("syscall") {
		for _, names := range envAPIs {
			for name := range names {
				if u.Mentions(name) {
					return true
				}
			}
		}
		for _, name := range []string{"Environ", "ExpandEnv", "Expand"} {
			if u.Mentions(name) {
				return true
			}
		}
	}
	if (u.Path == "context" || u.Reaches("context")) && u.Mentions("Value") {
		return true
	}
	return facts && u.MentionsFact(new(Forwards), new(EnvRead), new(PerRun))
}
