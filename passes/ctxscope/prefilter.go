package ctxscope

import "github.com/ctxbound/ctxbound/internal/lintkit"

func init() { lintkit.SetPrefilter(Analyzer, prefilter) }

// prefilter is run's own gate: the pass indexes and exports facts only for
// a package that imports context (or golang.org/x/net/context), is
// context, or is configured with context types.
func prefilter(u *lintkit.Unit) bool {
	return u.Path == "context" || u.Imports("context") || u.Imports("golang.org/x/net/context") || u.Configured
}
