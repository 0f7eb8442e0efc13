package ctxscope

import "github.com/ctxbound/ctxbound/internal/lintkit"

func init() { lintkit.SetPrefilter(Analyzer, prefilter) }

// prefilter says whether the pass may export a fact for a package: run's
// own gate (the package imports context or golang.org/x/net/context, is
// context, or is configured with context types), and then what the facts
// come from: a root made (Background, TODO; configured roots count as
// configuration), a context's values read (Value), a context detached
// (WithoutCancel), or a function with a fact of the pass named (one that
// returns, makes or detaches a root, or reads values).
func prefilter(u *lintkit.Unit) bool {
	if u.Configured {
		return true
	}
	if u.Path != "context" && !u.Imports("context") && !u.Imports("golang.org/x/net/context") {
		return false
	}
	for _, name := range []string{"Background", "TODO", "Value", "WithoutCancel"} {
		if u.Mentions(name) {
			return true
		}
	}
	return u.MentionsFact(new(ReturnsRoot), new(MakesRoot), new(ReadsValues), new(Detaches))
}
