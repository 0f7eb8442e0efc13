// Package analyzers is the ctxbound suite as a list.
//
// All is every check; Default is what runs when no check is named (the
// same list today: every check is precise enough to run by default); ByName
// finds one. The non-reporting building blocks under passes/ are not listed:
// they run as requirements of the checks, except config, which is listed so
// that its flags (-config.identity-keys, ...) reach the command line, go vet
// and the golangci-lint plugin. It reports nothing.
package analyzers

import (
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
		directive.Analyzer,
	}
}

// All returns the checks and the config pass, whose flags configure them.
func All() []*analysis.Analyzer { return append(Checks(), config.Analyzer) }

// Default returns the analyzers that run when none is named: All.
func Default() []*analysis.Analyzer { return All() }

// ByName returns the analyzer of All with the given name, or nil.
func ByName(name string) *analysis.Analyzer {
	for _, a := range All() {
		if a.Name == name {
			return a
		}
	}
	return nil
}
