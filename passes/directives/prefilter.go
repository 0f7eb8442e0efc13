package directives

import (
	"slices"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

func init() { lintkit.SetPrefilter(Analyzer, prefilter) }

// prefilter is run's own gate: only a file with a //ctxbound: comment (or
// a look-alike of one) is parsed for directives, and only directives
// make Annotations facts.
func prefilter(u *lintkit.Unit) bool { return slices.ContainsFunc(u.Files, hasDirective) }
