// Package analyzers is the ctxbound suite as a list.
//
// All is every check; Default is what runs when no check is named: every
// check but the opt-in ones (OptIn), which run only when named until their
// first-look precision on the corpus reaches the suite's bar; ByName finds
// one. The non-reporting building blocks under passes/ are not listed:
// they run as requirements of the checks, except config, which is listed so
// that its flags (-config.identity-keys, ...) reach the command line, go vet
// and the golangci-lint plugin. It reports nothing.
package analyzers

import (
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/analyzers/atomicrmw"
	"github.com/ctxbound/ctxbound/analyzers/cancelshare"
	"github.com/ctxbound/ctxbound/analyzers/canceluse"
	"github.com/ctxbound/ctxbound/analyzers/ctxcache"
	"github.com/ctxbound/ctxbound/analyzers/ctxdrop"
	"github.com/ctxbound/ctxbound/analyzers/directive"
	"github.com/ctxbound/ctxbound/analyzers/envidentity"
	"github.com/ctxbound/ctxbound/analyzers/lockescape"
	"github.com/ctxbound/ctxbound/analyzers/scopedcopy"
	"github.com/ctxbound/ctxbound/analyzers/sharedconfig"
	"github.com/ctxbound/ctxbound/analyzers/slotreread"
	"github.com/ctxbound/ctxbound/analyzers/spawnctx"
	"github.com/ctxbound/ctxbound/analyzers/spawnenv"
	"github.com/ctxbound/ctxbound/analyzers/stopwork"
	"github.com/ctxbound/ctxbound/passes/config"
)

// Checks returns the reporting checks, in documentation order.
func Checks() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		spawnctx.Analyzer,
		ctxdrop.Analyzer,
		envidentity.Analyzer,
		ctxcache.Analyzer,
		spawnenv.Analyzer,
		slotreread.Analyzer,
		atomicrmw.Analyzer,
		lockescape.Analyzer,
		cancelshare.Analyzer,
		canceluse.Analyzer,
		scopedcopy.Analyzer,
		sharedconfig.Analyzer,
		stopwork.Analyzer,
		directive.Analyzer,
	}
}

// OptIn returns the checks that run only when named (ctxbound -stopwork,
// the golangci-lint plugin's checks, a nogo deps list), each until its
// first-look precision on the corpus is 90% or more: atomicrmw (no true
// finding in fourteen at first look), canceluse (one in eight) and stopwork
// (none in one).
func OptIn() []*analysis.Analyzer {
	return []*analysis.Analyzer{atomicrmw.Analyzer, canceluse.Analyzer, stopwork.Analyzer}
}

// All returns the checks and the config pass, whose flags configure them.
func All() []*analysis.Analyzer { return append(Checks(), config.Analyzer) }

// Default returns the analyzers that run when none is named: All but the
// opt-in checks.
func Default() []*analysis.Analyzer {
	optIn := OptIn()
	return slices.DeleteFunc(All(), func(a *analysis.Analyzer) bool { return slices.Contains(optIn, a) })
}

// ByName returns the analyzer of All with the given name, or nil.
func ByName(name string) *analysis.Analyzer {
	for _, a := range All() {
		if a.Name == name {
			return a
		}
	}
	return nil
}
