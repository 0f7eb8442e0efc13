// Package golangciplugin is the golangci-lint v2 module plugin of ctxbound.
//
// It registers the linter "ctxbound", whose analyzers are the ctxbound
// checks (all of them unless settings.checks names some). A custom
// golangci-lint binary that imports this package is built with
// `golangci-lint custom` (see .custom-gcl.yml and build.sh, or `make plugin`)
// and configured in .golangci.yml:
//
//	linters:
//	  enable: [ctxbound]
//	  settings:
//	    custom:
//	      ctxbound:
//	        type: module
//	        description: context-propagation bugs across goroutine, pool and process boundaries
//	        settings:
//	          checks: [spawnctx, ctxdrop]
//	          identity_keys: [AGENT_TOKEN]
//
// The settings are decoded strictly (an unknown key is an error) and mapped
// onto the flags of the config pass (-config.identity-keys, ...) and, with
// analyzer_flags, of the checks (-spawnctx.fix), the same configuration the
// ctxbound command line and go vet -vettool take. A .ctxbound.json file
// next to the code still applies and is merged with the settings, as with
// the command line. Each check reaches golangci-lint with only its first
// suggested fix, the one ctxbound -fix applies, and with its related
// positions folded into the message, so that one finding is one issue
// (forGolangci).
//
// golangci-lint gives one settings block per binary run and calls New once:
// the analyzers are package-level values, so their flags are process-wide.
// New therefore applies the settings once; a second call with different
// configuration is an error rather than a silent mix of both.
package golangciplugin

import (
	"errors"
	"fmt"
	"go/token"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/analyzers"
	"github.com/ctxbound/ctxbound/passes/config"
)

// Name is the linter name under linters.settings.custom and in
// //nolint:ctxbound.
const Name = "ctxbound"

func init() { register.Plugin(Name, New) }

// Settings are the keys accepted under
// linters.settings.custom.ctxbound.settings. Keys are snake_case, the same
// as in .ctxbound.json (golangci-lint lower-cases every key it reads).
type Settings struct {
	// Checks are the checks to run; empty means every check of the suite.
	Checks []string `json:"checks"`
	// IdentityKeys sets -config.identity-keys.
	IdentityKeys []string `json:"identity_keys"`
	// IdentityPatterns sets -config.identity-patterns.
	IdentityPatterns []string `json:"identity_patterns"`
	// BehaviourKeys sets -config.behaviour-keys.
	BehaviourKeys []string `json:"behaviour_keys"`
	// Roots sets -config.roots.
	Roots []string `json:"roots"`
	// Spawners sets -config.spawners.
	Spawners []string `json:"spawners"`
	// ContextTypes sets -config.context-types.
	ContextTypes []string `json:"context_types"`
	// ContextRoots sets -config.context-roots.
	ContextRoots []string `json:"context_roots"`
	// SpawnEnvStrict sets -config.spawnenv-strict.
	SpawnEnvStrict bool `json:"spawnenv_strict"`
	// EnvWrite sets -config.envwrite.
	EnvWrite bool `json:"envwrite"`
	// AnalyzerFlags sets any other analyzer flag, by analyzer and flag name:
	// {spawnctx: {fix: detach}} is -spawnctx.fix=detach. Nested maps, not
	// "spawnctx.fix" keys: golangci-lint's configuration loader splits keys
	// on dots.
	AnalyzerFlags map[string]map[string]any `json:"analyzer_flags"`
}

// Plugin is the register.LinterPlugin of ctxbound.
type Plugin struct {
	checks []*analysis.Analyzer
}

var _ register.LinterPlugin = (*Plugin)(nil)

// New decodes the settings strictly, validates them, applies them to the
// config pass's flags (once per process) and returns the plugin.
func New(raw any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](raw)
	if err != nil {
		return nil, fmt.Errorf("ctxbound settings: %w", err)
	}
	checks, err := s.analyzers()
	if err != nil {
		return nil, fmt.Errorf("ctxbound settings: %w", err)
	}
	flags, err := s.flagValues()
	if err != nil {
		return nil, fmt.Errorf("ctxbound settings: %w", err)
	}
	if err := apply(flags); err != nil {
		return nil, err
	}
	for i, a := range checks {
		checks[i] = forGolangci(a)
	}
	return &Plugin{checks: checks}, nil
}

// BuildAnalyzers returns the enabled checks, each wrapped by forGolangci.
// Their requirements (the directives and config passes, the fact passes)
// run without being listed.
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return slices.Clone(p.checks), nil
}

// GetLoadMode asks for type information: the checks and their fact passes
// need types and facts of dependencies.
func (p *Plugin) GetLoadMode() string { return register.LoadModeTypesInfo }

// analyzers resolves settings.checks against the suite, in suite order:
// every check but the opt-in ones (analyzers.OptIn) when none is named.
func (s Settings) analyzers() ([]*analysis.Analyzer, error) {
	all := analyzers.Checks()
	if len(s.Checks) == 0 {
		optIn := analyzers.OptIn()
		return slices.DeleteFunc(all, func(a *analysis.Analyzer) bool { return slices.Contains(optIn, a) }), nil
	}
	var errs []error
	for i, name := range s.Checks {
		switch {
		case !slices.ContainsFunc(all, func(a *analysis.Analyzer) bool { return a.Name == name }):
			errs = append(errs, fmt.Errorf("checks: unknown check %q (known: %s)", name, strings.Join(checkNames(all), ", ")))
		case slices.Contains(s.Checks[:i], name):
			errs = append(errs, fmt.Errorf("checks: %q listed twice", name))
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return slices.DeleteFunc(all, func(a *analysis.Analyzer) bool { return !slices.Contains(s.Checks, a.Name) }), nil
}

func checkNames(as []*analysis.Analyzer) []string {
	names := make([]string, len(as))
	for i, a := range as {
		names[i] = a.Name
	}
	return names
}

// flagValue is one Set call on an analyzer's flags.
type flagValue struct{ analyzer, name, value string }

// flagValues validates the configuration settings the way the config pass
// does and returns the flag assignments that carry them, in a fixed order.
func (s Settings) flagValues() ([]flagValue, error) {
	c := config.Config{
		IdentityKeys:     s.IdentityKeys,
		IdentityPatterns: s.IdentityPatterns,
		BehaviourKeys:    s.BehaviourKeys,
		Roots:            s.Roots,
		Spawners:         s.Spawners,
		ContextTypes:     s.ContextTypes,
		ContextRoots:     s.ContextRoots,
		StrictSpawnEnv:   s.SpawnEnvStrict,
		EnvWrite:         s.EnvWrite,
	}
	var errs []error
	var out []flagValue
	for _, an := range slices.Sorted(maps.Keys(s.AnalyzerFlags)) {
		a := analyzers.ByName(an)
		if a == nil {
			errs = append(errs, fmt.Errorf("analyzer_flags: unknown analyzer %q", an))
			continue
		}
		for _, name := range slices.Sorted(maps.Keys(s.AnalyzerFlags[an])) {
			f := a.Flags.Lookup(name)
			switch {
			case f == nil:
				errs = append(errs, fmt.Errorf("analyzer_flags: %s has no flag %q", an, name))
			case a == config.Analyzer:
				errs = append(errs, fmt.Errorf("analyzer_flags: set -config.%s with its own key (identity_keys, roots, ...)", name))
			default:
				switch v := s.AnalyzerFlags[an][name].(type) {
				case string, bool, float64:
					out = append(out, flagValue{an, name, fmt.Sprint(v)})
				default:
					errs = append(errs, fmt.Errorf("analyzer_flags: %s.%s: want a string, number or boolean, not %T", an, name, v))
				}
			}
		}
	}
	for _, l := range []struct {
		key, flag string
		values    []string
	}{
		{"identity_keys", "identity-keys", s.IdentityKeys},
		{"identity_patterns", "identity-patterns", s.IdentityPatterns},
		{"behaviour_keys", "behaviour-keys", s.BehaviourKeys},
		{"roots", "roots", s.Roots},
		{"spawners", "spawners", s.Spawners},
		{"context_types", "context-types", s.ContextTypes},
		{"context_roots", "context-roots", s.ContextRoots},
	} {
		for _, v := range l.values {
			// The flag splits on commas: a comma inside one value would
			// silently become two values.
			if v = strings.TrimSpace(v); v == "" || strings.Contains(v, ",") {
				errs = append(errs, fmt.Errorf("%s: bad value %q: one non-empty value per list item, no commas", l.key, v))
				continue
			}
			out = append(out, flagValue{config.Analyzer.Name, l.flag, v})
		}
	}
	if s.SpawnEnvStrict {
		out = append(out, flagValue{config.Analyzer.Name, "spawnenv-strict", strconv.FormatBool(true)})
	}
	if s.EnvWrite {
		out = append(out, flagValue{config.Analyzer.Name, "envwrite", strconv.FormatBool(true)})
	}
	if err := c.Validate(); err != nil {
		errs = append(errs, err)
	}
	return out, errors.Join(errs...)
}

var (
	applyMu sync.Mutex
	applied bool
	current []flagValue // what the first successful New applied
)

// apply sets the flags once per process. golangci-lint gives one settings
// block per binary and calls New once; a later call with the same
// configuration is a no-op, one with a different configuration is an error
// (the list flags accumulate, so applying twice would merge both).
func apply(flags []flagValue) error {
	applyMu.Lock()
	defer applyMu.Unlock()
	if applied {
		if !slices.Equal(current, flags) {
			return errors.New("ctxbound settings: configuration already applied with different values; golangci-lint gives one settings block per binary")
		}
		return nil
	}
	// flagValues puts the analyzer flags, whose Set may reject a value,
	// before the config lists, whose Set cannot fail and accumulates: a
	// rejected value leaves no list half-applied.
	for _, f := range flags {
		if err := analyzers.ByName(f.analyzer).Flags.Set(f.name, f.value); err != nil {
			return fmt.Errorf("ctxbound settings: -%s.%s=%s: %w", f.analyzer, f.name, f.value, err)
		}
	}
	applied, current = true, slices.Clone(flags)
	return nil
}

// forGolangci returns a copy of the reporting analyzer a whose diagnostics
// fit what golangci-lint v2.15.0 does with them:
//
//   - Only the first suggested fix is kept. golangci-lint's --fix applies
//     every suggested fix of a diagnostic (pkg/result/processors/fixer.go),
//     where go/analysis drivers apply the first: spawnctx and ctxdrop offer
//     two alternatives on the same range (pass ctx, or
//     context.WithoutCancel(ctx)), which golangci-lint sees as conflicting
//     edits and then skips every ctxbound fix in the file. The first fix is
//     the one -spawnctx.fix selects and the ctxbound command's -fix applies.
//   - Related positions are folded into the message, as
//     "... [spawned here: fix.go:13:2]", and the Related list
//     emptied: golangci-lint makes an issue of its own of every related
//     position ("spawnctx(related information): ...", in
//     pkg/goanalysis/runners.go), so one finding would count as two or more
//     issues, against max-issues-per-linter, max-same-issues and baselines.
//
// The copy keeps the name, flags and requirements; the original runs, with
// the original as pass.Analyzer. Analyzers with facts or a result are
// returned unchanged: something else may depend on their identity.
func forGolangci(a *analysis.Analyzer) *analysis.Analyzer {
	if len(a.FactTypes) > 0 || a.ResultType != nil {
		return a
	}
	w := *a
	w.Run = func(pass *analysis.Pass) (any, error) {
		p := *pass
		p.Analyzer = a
		p.Report = func(d analysis.Diagnostic) {
			if len(d.SuggestedFixes) > 1 {
				d.SuggestedFixes = d.SuggestedFixes[:1]
			}
			d.Message = foldRelated(pass.Fset, d)
			d.Related = nil
			pass.Report(d)
		}
		return a.Run(&p)
	}
	return &w
}

// foldRelated returns the message of d with its related positions
// appended: "<message> [<related message>: <file>:<line>:<col>; ...]". The
// file is named by its base name when it is in the directory of the
// finding, as golangci-lint prints paths relative to the module.
func foldRelated(fset *token.FileSet, d analysis.Diagnostic) string {
	if len(d.Related) == 0 {
		return d.Message
	}
	dir := filepath.Dir(fset.Position(d.Pos).Filename)
	parts := make([]string, 0, len(d.Related))
	for _, r := range d.Related {
		p := fset.Position(r.Pos)
		file := p.Filename
		if filepath.Dir(file) == dir {
			file = filepath.Base(file)
		}
		parts = append(parts, fmt.Sprintf("%s: %s:%d:%d", strings.TrimSpace(r.Message), file, p.Line, p.Column))
	}
	return d.Message + " [" + strings.Join(parts, "; ") + "]"
}
