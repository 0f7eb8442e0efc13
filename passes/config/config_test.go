package config_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctxbound/ctxbound/passes/config"
)

func TestDefaultIdentityKeys(t *testing.T) {
	for key, want := range map[string]bool{
		"SESSION_ID": true, "APP_RUN_ID": true, "AGENT_SESSION_KEY": true,
		"AGENT_KANBAN_TASK": true, "WORKER_CLAIM_LOCK": true, "HERMES_SESSION_KEY": true,
		"TENANT": false, "RUN": false, "DRY_RUN": false, "HOST_RUN": false, "CI_RUN_TOKEN": true, "APP_TENANT": true, "REQUEST_ID": true, "CONVERSATION_ID": true, "JOB_ID": true,
		"HOME": false, "PATH": false, "USER": false, "XDG_SESSION_ID": false,
		"AWS_SESSION_TOKEN": false, "TERM_SESSION_ID": false, "WT_SESSION": false, "DESKTOP_SESSION": false,
		"APP_AWS_SESSION_TOKEN": true, "AWS_SESSION_ID": true, // look-alikes: a project's own
		"SESSION_MANAGER": false, "GOFLAGS": false, "LOG_LEVEL": false, "ID": false,
		"RUNTIME": false, "TASKS_DIR": false, "API_KEY": false, "SESSION_TIMEOUT": false,
		// A session's own endpoint or credential.
		"AGENT_SESSION_TOKEN": true, "ENGINE_SESSION_PORT": true, "RUNNER_WORKER_SOCKET": true, "APP_TASK_ADDR": true,
		"GITHUB_TOKEN": false, "HTTP_PORT": false, "DBUS_SESSION_BUS_ADDRESS": false, "SESSION_ADDRESS": false,
		"TOKEN": false, "_SESSION": true, "SESSION_": false,
		// Only the last two words count, however long the key.
		strings.Repeat("X_", 1<<20) + "SESSION_ID": true, strings.Repeat("X_", 1<<20) + "PORT": false,
	} {
		if got := config.IsDefaultIdentityKey(key); got != want {
			t.Errorf("IsDefaultIdentityKey(%q) = %v, want %v", key, got, want)
		}
	}
}

func TestConfiguredKeys(t *testing.T) {
	c := &config.Config{
		IdentityKeys:     []string{"AGENT_PROFILE"},
		IdentityPatterns: []string{"AGENT_*_TOKEN"},
		BehaviourKeys:    []string{"APP_RUN_ID", "AGENT_PROFILE", "CI_*"},
	}
	for key, want := range map[string]bool{
		"AGENT_PROFILE":     true,  // an exact identity key wins over a behaviour key
		"AGENT_SLACK_TOKEN": true,  // pattern
		"APP_RUN_ID":        false, // behaviour-only overrides the default rule
		"CI_JOB_ID":         false, // behaviour pattern overrides the default rule
		"SESSION_ID":        true,
	} {
		if got := c.IsIdentityKey(key); got != want {
			t.Errorf("IsIdentityKey(%q) = %v, want %v", key, got, want)
		}
	}
	if !c.IsClassified("CI_FOO") || c.IsClassified("LOG_LEVEL") {
		t.Error("IsClassified: want CI_FOO classified (behaviour) and LOG_LEVEL not")
	}
}

func TestParse(t *testing.T) {
	c, err := config.Parse("x", []byte(`{"identity_keys":["A_KEY"],"roots":["example.com/cmd/..."],"spawners":["(*example.com/pool.Pool).Submit","example.com/pool.Go"],"spawnenv_strict":true,"envwrite":true}`))
	if err != nil {
		t.Fatal(err)
	}
	if !c.StrictSpawnEnv || !c.EnvWrite || !c.IsSpawner("example.com/pool.Go") || !c.IsRootPackage("example.com/cmd/agent") ||
		c.IsRootPackage("example.com/cmdx") || !c.IsRootPackage("example.com/cmd") {
		t.Errorf("parsed config wrong: %+v", c)
	}
	for _, bad := range []struct{ data, want string }{
		{`{"identity_key":["A"]}`, `unknown field "identity_key"`},
		{`{"identity_patterns":["[A"]}`, `bad key pattern "[A"`},
		{`{"identity_keys":["A=B"]}`, `bad identity key "A=B"`},
		{`{"spawners":["Submit"]}`, `bad spawner "Submit"`},
		{`{"roots":[]} {}`, `trailing data`},
		{`{"roots":[]}}`, `trailing data`},
		{`[]`, `cannot unmarshal array`},
		{`[`, `unexpected EOF`},
	} {
		_, err := config.Parse("bad.json", []byte(bad.data))
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("Parse(%s) = %v, want an error containing %q", bad.data, err, bad.want)
		}
	}
}

func TestFind(t *testing.T) {
	root := t.TempDir()
	mod := filepath.Join(root, "mod")
	pkg := filepath.Join(mod, "a", "b")
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(root, config.FileName), "{}") // above the module: never used
	write(filepath.Join(mod, "go.mod"), "module m\n")
	if got := config.Find(pkg); got != "" {
		t.Errorf("Find = %q, want none (the file above go.mod does not apply)", got)
	}
	write(filepath.Join(mod, config.FileName), "{}")
	if got, want := config.Find(pkg), filepath.Join(mod, config.FileName); got != want {
		t.Errorf("Find = %q, want %q", got, want)
	}
	write(filepath.Join(mod, "a", config.FileName), "{}")
	if got, want := config.Find(pkg), filepath.Join(mod, "a", config.FileName); got != want {
		t.Errorf("Find = %q, want the nearest %q", got, want)
	}
}

// TestFindLinks (issue 13, repro 17): a .ctxbound.json that is a dangling
// or looping link, or a directory, is found, and Load names it in its
// error; it is never silently ignored.
func TestFindLinks(t *testing.T) {
	mod := t.TempDir()
	os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module m\n"), 0o644)
	file := filepath.Join(mod, config.FileName)
	for _, c := range []struct {
		name  string
		setup func()
		want  string
	}{
		{"dangling", func() { os.Symlink(filepath.Join(mod, "gone.json"), file) }, "no such file or directory"},
		{"loop", func() { os.Remove(file); os.Symlink(config.FileName, file) }, "too many levels of symbolic links"},
		{"directory", func() { os.Remove(file); os.Mkdir(file, 0o755) }, "is a directory"},
	} {
		c.setup()
		if got := config.Find(mod); got != file {
			t.Errorf("%s: Find = %q, want %q", c.name, got, file)
			continue
		}
		if _, err := config.Load(file); err == nil || !strings.Contains(err.Error(), file) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Load: %v, want an error naming %s: %s", c.name, err, file, c.want)
		}
	}
}

func TestFlags(t *testing.T) {
	for _, name := range []string{"identity-keys", "identity-patterns", "behaviour-keys", "roots", "spawners", "spawnenv-strict", "envwrite", "file"} {
		if config.Analyzer.Flags.Lookup(name) == nil {
			t.Errorf("missing flag -config.%s", name)
		}
	}
}

// TestFlagValidation: a bad value is a usage error when the flag is parsed,
// before any package is loaded.
func TestFlagValidation(t *testing.T) {
	fs := config.Analyzer.Flags // a copy: the FlagSet's values are shared, so only bad values are set
	for name, bad := range map[string]string{
		"spawners":          "Submit",
		"identity-keys":     "A=B",
		"identity-patterns": "[A",
		"behaviour-keys":    "[",
		"file":              filepath.Join(t.TempDir(), "missing.json"),
	} {
		if err := fs.Set(name, bad); err == nil {
			t.Errorf("-config.%s=%s: want an error", name, bad)
		}
	}
	if v := fs.Lookup("spawners").Value.String(); v != "" {
		t.Errorf("a rejected value was kept: %q", v)
	}
}

// TestParsePositions (issue 21, item 8): every error about a file has the
// prefix "ctxbound config <file>:", and one about a place in the JSON its
// line and column.
func TestParsePositions(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"{\n  \"roots\": [\"a\",]\n}", `ctxbound config f.json:2:18: invalid character ']' looking for beginning of value`},
		{"{\n  \"roots\": 3\n}", `ctxbound config f.json:2:13: json: cannot unmarshal number into Go struct field Config.roots of type []string`},
		{"{\n  \"identity_keyz\": []\n}", `ctxbound config f.json:2:3: json: unknown field "identity_keyz"`},
		{"{}\n{}", `ctxbound config f.json:2:2: trailing data after the JSON object`},
		{"{\n  \"roots\": [", `ctxbound config f.json:2:13: unexpected EOF`},
	} {
		_, err := config.Parse("f.json", []byte(c.src))
		if err == nil || err.Error() != c.want {
			t.Errorf("Parse(%q) = %v\nwant %s", c.src, err, c.want)
		}
	}
	_, err := config.Load(filepath.Join(t.TempDir(), "none.json"))
	if err == nil || !strings.HasPrefix(err.Error(), "ctxbound config "+filepath.Join(filepath.Dir(err.Error()[len("ctxbound config "):]), "none.json")+": cannot read it: no such file or directory") {
		t.Errorf("Load of a missing file: %v", err)
	}
}
