package golangciplugin_test

import (
	"flag"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/analyzers"
	"github.com/ctxbound/ctxbound/golangciplugin"
	"github.com/ctxbound/ctxbound/passes/config"
)

// New applies settings to process-wide analyzer flags once, so every test
// that lets New succeed runs in a fresh process (inFreshProcess).
const freshEnv = "CTXBOUND_PLUGIN_FRESH_TEST"

// inFreshProcess runs the calling test again in a new test process and
// reports its result; in that process it returns true and the test runs.
func inFreshProcess(t *testing.T) bool {
	t.Helper()
	if os.Getenv(freshEnv) == t.Name() {
		return true
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$", "-test.v", "-test.count=1")
	cmd.Env = append(os.Environ(), freshEnv+"="+t.Name())
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: "+t.Name()) {
		t.Fatalf("fresh-process run of %s failed (%v):\n%s", t.Name(), err, out)
	}
	return false
}

// yamlLike is what golangci-lint hands New: viper-decoded YAML, lists as []any.
func yamlLike(kv ...any) map[string]any {
	m := map[string]any{}
	for i := 0; i < len(kv); i += 2 {
		v := kv[i+1]
		if ss, ok := v.([]string); ok {
			l := make([]any, len(ss))
			for j, s := range ss {
				l[j] = s
			}
			v = l
		}
		m[kv[i].(string)] = v
	}
	return m
}

func names(as []*analysis.Analyzer) []string {
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return out
}

func TestRegistered(t *testing.T) {
	newPlugin, err := register.GetPlugin("ctxbound")
	if err != nil {
		t.Fatal(err)
	}
	// The registered constructor is New: it rejects what New rejects.
	if _, err := newPlugin(yamlLike("no_such_key", true)); err == nil {
		t.Fatal("registered constructor accepted an unknown key")
	}
}

// TestNewRejects covers every error New returns before touching the flags.
func TestNewRejects(t *testing.T) {
	for _, tc := range []struct {
		name     string
		settings any
		want     string // substring of the error
	}{
		{"unknown key", yamlLike("identity_key", []string{"X_TOKEN"}), `unknown field "identity_key"`},
		{"flag spelling", yamlLike("identity-keys", []string{"X_TOKEN"}), `unknown field "identity-keys"`},
		{"not a list", yamlLike("identity_keys", "X_TOKEN"), "identity_keys"},
		{"not a bool", yamlLike("spawnenv_strict", "yes"), "spawnenv_strict"},
		{"not a map", []any{"checks"}, "decoding settings"},
		{"unknown check", yamlLike("checks", []string{"spawnctx", "spawnxtc"}), `unknown check "spawnxtc"`},
		{"pass is not a check", yamlLike("checks", []string{"config"}), `unknown check "config"`},
		{"duplicate check", yamlLike("checks", []string{"ctxdrop", "ctxdrop"}), `"ctxdrop" listed twice`},
		{"bad pattern", yamlLike("identity_patterns", []string{"AGENT_[_TOKEN"}), `bad key pattern "AGENT_[_TOKEN"`},
		{"pattern as key", yamlLike("identity_keys", []string{"AGENT_*"}), `bad identity key "AGENT_*"`},
		{"comma in item", yamlLike("roots", []string{"a/cmd,b/cmd"}), `roots: bad value "a/cmd,b/cmd"`},
		{"empty item", yamlLike("behaviour_keys", []string{" "}), `behaviour_keys: bad value ""`},
		{"bad spawner", yamlLike("spawners", []string{"pool Go"}), `bad spawner "pool Go"`},
		{"flags of an unknown analyzer", yamlLike("analyzer_flags", map[string]any{"spawnxtc": map[string]any{"fix": "ctx"}}), `unknown analyzer "spawnxtc"`},
		{"unknown analyzer flag", yamlLike("analyzer_flags", map[string]any{"spawnctx": map[string]any{"fixes": "ctx"}}), `spawnctx has no flag "fixes"`},
		{"config through analyzer_flags", yamlLike("analyzer_flags", map[string]any{"config": map[string]any{"roots": "a/cmd"}}), "set -config.roots with its own key"},
		{"dotted flag key", yamlLike("analyzer_flags", map[string]any{"spawnctx.fix": "detach"}), "analyzer_flags"},
		{"non-scalar flag value", yamlLike("analyzer_flags", map[string]any{"spawnctx": map[string]any{"fix": []any{"ctx"}}}), "want a string, number or boolean"},
		{"rejected flag value", yamlLike("analyzer_flags", map[string]any{"spawnctx": map[string]any{"fix": "sideways"}}, "identity_keys", []string{"X_OWNER"}), `-spawnctx.fix=sideways: want auto, ctx or detach`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := golangciplugin.New(tc.settings)
			if err == nil {
				t.Fatalf("New(%v) = %v, want an error containing %q", tc.settings, p, tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "ctxbound settings: ") {
				t.Fatalf("New(%v) error = %q, want it to start with \"ctxbound settings: \" and contain %q", tc.settings, err, tc.want)
			}
		})
	}
	// None of the above may have reached the flags.
	if got := analyzers.ByName("spawnctx").Flags.Lookup("fix").Value.String(); got != "auto" {
		t.Errorf("-spawnctx.fix = %q after rejected settings, want the default auto", got)
	}
	for _, name := range []string{"identity-keys", "identity-patterns", "behaviour-keys", "roots", "spawners"} {
		if got := flagList(name); len(got) != 0 {
			t.Errorf("-config.%s = %q after rejected settings, want empty", name, got)
		}
	}
}

func flagList(name string) []string {
	return config.Analyzer.Flags.Lookup(name).Value.(flag.Getter).Get().([]string)
}

func TestNewDefaults(t *testing.T) {
	if !inFreshProcess(t) {
		return
	}
	for _, settings := range []any{nil, map[string]any{}, yamlLike("checks", []string{})} {
		p, err := golangciplugin.New(settings)
		if err != nil {
			t.Fatalf("New(%v): %v", settings, err)
		}
		got, err := p.BuildAnalyzers()
		if err != nil {
			t.Fatal(err)
		}
		want := slices.DeleteFunc(analyzers.Checks(), func(a *analysis.Analyzer) bool { return slices.Contains(analyzers.OptIn(), a) })
		if !slices.Equal(names(got), names(want)) {
			t.Errorf("New(%v).BuildAnalyzers() = %v, want every check but the opt-in ones %v", settings, names(got), names(want))
		}
		for i, a := range got {
			orig := want[i]
			if a.Doc != orig.Doc || a.URL != orig.URL || !slices.Equal(a.Requires, orig.Requires) {
				t.Errorf("analyzer %s differs from the check it wraps", a.Name)
			}
			orig.Flags.VisitAll(func(f *flag.Flag) {
				if a.Flags.Lookup(f.Name) != f {
					t.Errorf("-%s.%s: the wrapper does not share the check's flag", a.Name, f.Name)
				}
			})
		}
		if m := p.GetLoadMode(); m != register.LoadModeTypesInfo {
			t.Errorf("GetLoadMode() = %q, want %q", m, register.LoadModeTypesInfo)
		}
	}
	if got := flagList("identity-keys"); len(got) != 0 {
		t.Errorf("-config.identity-keys = %q with no settings, want empty", got)
	}
}

// TestNewOptIn: an opt-in check runs when settings.checks names it.
func TestNewOptIn(t *testing.T) {
	if !inFreshProcess(t) {
		return
	}
	for _, a := range analyzers.OptIn() {
		p, err := golangciplugin.New(yamlLike("checks", []string{a.Name, "spawnctx"}))
		if err != nil {
			t.Fatal(err)
		}
		got, err := p.BuildAnalyzers()
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(names(got), a.Name) || !slices.Contains(names(got), "spawnctx") {
			t.Errorf("checks [%s spawnctx]: BuildAnalyzers() = %v", a.Name, names(got))
		}
	}
}

// TestNewAppliesSettings checks that every setting reaches the config
// pass's flags and, through them, the configuration the checks read.
func TestNewAppliesSettings(t *testing.T) {
	if !inFreshProcess(t) {
		return
	}
	settings := yamlLike(
		"checks", []string{"directive", "spawnctx", "envidentity"},
		"identity_keys", []string{"CTXBOUND_OWNER"},
		"identity_patterns", []string{"AGENT_*_TOKEN"},
		"behaviour_keys", []string{"APP_RUN_ID"},
		"roots", []string{"example.com/cmd/..."},
		"spawners", []string{"example.com/pool.Go", "(*example.com/pool.Pool).Submit"},
		"spawnenv_strict", true,
		"envwrite", true,
		"analyzer_flags", map[string]any{"spawnctx": map[string]any{"fix": "detach"}},
	)
	p, err := golangciplugin.New(settings)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := p.BuildAnalyzers()
	// Suite order, whatever the order in the settings.
	if want := []string{"spawnctx", "envidentity", "directive"}; !slices.Equal(names(got), want) {
		t.Errorf("BuildAnalyzers() = %v, want %v", names(got), want)
	}

	for name, want := range map[string][]string{
		"identity-keys":     {"CTXBOUND_OWNER"},
		"identity-patterns": {"AGENT_*_TOKEN"},
		"behaviour-keys":    {"APP_RUN_ID"},
		"roots":             {"example.com/cmd/..."},
		"spawners":          {"example.com/pool.Go", "(*example.com/pool.Pool).Submit"},
	} {
		if got := flagList(name); !slices.Equal(got, want) {
			t.Errorf("-config.%s = %q, want %q", name, got, want)
		}
	}
	if got := analyzers.ByName("spawnctx").Flags.Lookup("fix").Value.String(); got != "detach" {
		t.Errorf("-spawnctx.fix = %s, want detach", got)
	}
	if got := config.Analyzer.Flags.Lookup("spawnenv-strict").Value.String(); got != "true" {
		t.Errorf("-config.spawnenv-strict = %s, want true", got)
	}
	if got := config.Analyzer.Flags.Lookup("envwrite").Value.String(); got != "true" {
		t.Errorf("-config.envwrite = %s, want true", got)
	}

	// What the checks see: the config pass's result.
	results := analysistest.Run(t, analysistest.TestData(), config.Analyzer, "cfgprobe")
	if len(results) != 1 || results[0].Err != nil {
		t.Fatalf("config pass: %v", results)
	}
	c := results[0].Result.(*config.Config)
	for _, tc := range []struct {
		what string
		got  bool
		want bool
	}{
		{"IsIdentityKey(CTXBOUND_OWNER)", c.IsIdentityKey("CTXBOUND_OWNER"), true},
		{"IsIdentityKey(AGENT_GITHUB_TOKEN)", c.IsIdentityKey("AGENT_GITHUB_TOKEN"), true},
		{"IsIdentityKey(APP_RUN_ID) (behaviour beats the default rule)", c.IsIdentityKey("APP_RUN_ID"), false},
		{"IsIdentityKey(CTXBOUND_OTHER)", c.IsIdentityKey("CTXBOUND_OTHER"), false},
		{"IsRootPackage(example.com/cmd/agent)", c.IsRootPackage("example.com/cmd/agent"), true},
		{"IsRootPackage(example.com/internal)", c.IsRootPackage("example.com/internal"), false},
		{"IsSpawner((*example.com/pool.Pool).Submit)", c.IsSpawner("(*example.com/pool.Pool).Submit"), true},
		{"StrictSpawnEnv", c.StrictSpawnEnv, true},
		{"EnvWrite", c.EnvWrite, true},
	} {
		if tc.got != tc.want {
			t.Errorf("config: %s = %v, want %v", tc.what, tc.got, tc.want)
		}
	}

	// golangci-lint gives one settings block per binary: the same settings
	// again are fine, different ones are refused instead of merged.
	if _, err := golangciplugin.New(settings); err != nil {
		t.Errorf("New with the same settings again: %v", err)
	}
	if got := flagList("identity-keys"); !slices.Equal(got, []string{"CTXBOUND_OWNER"}) {
		t.Errorf("-config.identity-keys = %q after the second New, want it unchanged", got)
	}
	// Only the checks differ: allowed, the flags are unaffected.
	settings["checks"] = []any{"directive"}
	if _, err := golangciplugin.New(settings); err != nil {
		t.Errorf("New with other checks, same configuration: %v", err)
	}
	settings["identity_keys"] = []any{"CTXBOUND_SOMEONE_ELSE"}
	if _, err := golangciplugin.New(settings); err == nil || !strings.Contains(err.Error(), "one settings block per binary") {
		t.Errorf("New with different configuration: err = %v, want the one-settings-block error", err)
	}
}
