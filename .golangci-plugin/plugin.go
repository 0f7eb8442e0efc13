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
// onto the flags of the config pass (-config.identity-keys, ...), the same
// configuration the ctxbound command line and go vet -vettool take. A
// .ctxbound.json file next to the code still applies and is merged with the
// settings, as with the command line.
//
// golangci-lint gives one settings block per binary run and calls New once:
// the analyzers are package-level values, so their flags are process-wide.
// New therefore applies the settings once; a second call with different
// configuration is an error rather than a silent mix of both.
package golangciplugin

import (
	"errors"
	"fmt"
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
	// SpawnEnvStrict sets -config.spawnenv-strict.
	SpawnEnvStrict bool `json:"spawnenv_strict"`
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
	return &Plugin{checks: checks}, nil
}

// BuildAnalyzers returns the enabled checks. Their requirements (the
// directives and config passes, the fact passes) run without being listed.
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return slices.Clone(p.checks), nil
}

// GetLoadMode asks for type information: the checks and their fact passes
// need types and facts of dependencies.
func (p *Plugin) GetLoadMode() string { return register.LoadModeTypesInfo }

// analyzers resolves settings.checks against the suite, in suite order.
func (s Settings) analyzers() ([]*analysis.Analyzer, error) {
	all := analyzers.Checks()
	if len(s.Checks) == 0 {
		return all, nil
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

// flagValue is one Set call on the config pass's flags.
type flagValue struct{ name, value string }

// flagValues validates the configuration settings the way the config pass
// does and returns the flag assignments that carry them, in a fixed order.
func (s Settings) flagValues() ([]flagValue, error) {
	c := config.Config{
		IdentityKeys:     s.IdentityKeys,
		IdentityPatterns: s.IdentityPatterns,
		BehaviourKeys:    s.BehaviourKeys,
		Roots:            s.Roots,
		Spawners:         s.Spawners,
		StrictSpawnEnv:   s.SpawnEnvStrict,
	}
	var errs []error
	var out []flagValue
	for _, l := range []struct {
		key, flag string
		values    []string
	}{
		{"identity_keys", "identity-keys", s.IdentityKeys},
		{"identity_patterns", "identity-patterns", s.IdentityPatterns},
		{"behaviour_keys", "behaviour-keys", s.BehaviourKeys},
		{"roots", "roots", s.Roots},
		{"spawners", "spawners", s.Spawners},
	} {
		for _, v := range l.values {
			// The flag splits on commas: a comma inside one value would
			// silently become two values.
			if v = strings.TrimSpace(v); v == "" || strings.Contains(v, ",") {
				errs = append(errs, fmt.Errorf("%s: bad value %q: one non-empty value per list item, no commas", l.key, v))
				continue
			}
			out = append(out, flagValue{l.flag, v})
		}
	}
	if s.SpawnEnvStrict {
		out = append(out, flagValue{"spawnenv-strict", strconv.FormatBool(true)})
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
	for _, f := range flags {
		if err := config.Analyzer.Flags.Set(f.name, f.value); err != nil {
			return fmt.Errorf("ctxbound settings: -config.%s=%s: %w", f.name, f.value, err)
		}
	}
	applied, current = true, slices.Clone(flags)
	return nil
}
