package config_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxbound/ctxbound/passes/config"
)

// TestRoots (issue 13, repro 18): roots entries are validated like the
// other patterns, in the file and on the command line.
func TestRoots(t *testing.T) {
	for _, good := range []string{"example.com/cmd/tool", "example.com/cmd/...", "cmd/tool", "m", "gopkg.in/yaml.v3/...", "example.com/a-b_c~d+e"} {
		if _, err := config.Parse("good.json", []byte(`{"roots":["`+good+`"]}`)); err != nil {
			t.Errorf("roots %q: %v", good, err)
		}
	}
	for bad, want := range map[string]string{
		"./cmd/...":               "a directory",
		"../x":                    "a directory",
		"/abs/cmd":                "a directory",
		`C:\\cmd`:                 "a directory",
		"example.com/roots/cmd/*": "a glob",
		"example.com/[ab]":        "a glob",
		"":                        "empty",
		"example.com/.../cmd":     "... only ends a tree",
		"example.com//cmd":        "an empty path element",
		"example.com/cmd tool":    "not allowed in an import path",
		"/...":                    "a directory",
	} {
		_, err := config.Parse("bad.json", []byte(`{"roots":["`+bad+`"]}`))
		if err == nil || !strings.Contains(err.Error(), "bad root") || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "bad.json") {
			t.Errorf("roots %q: error %v, want one naming bad.json and saying %q", bad, err, want)
		}
	}
	fs := config.Analyzer.Flags // a copy: only bad values are set
	if err := fs.Set("roots", "./cmd/..."); err == nil {
		t.Error("-config.roots=./cmd/...: want an error")
	}
	if v := fs.Lookup("roots").Value.String(); v != "" {
		t.Errorf("a rejected root was kept: %q", v)
	}
}

// TestRootsInModule (repro 18): a root of a module's configuration file
// that is not in the module ("cmd/tool", relative to it) matches none of
// the packages the file configures: an error naming the file, the root and
// the full path to write.
func TestRootsInModule(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a module")
	}
	for _, c := range []struct{ roots, err string }{
		{`["cmd/tool"]`, `root "cmd/tool" is not in module example.com/roots, whose packages this file configures, so it matches none of them; write the full import path, example.com/roots/cmd/tool`},
		// The root of another module: no suggestion to glue the two paths
		// (issue 21, repro 1: "example.com/roots/example.com/other").
		{`["example.com/other/..."]`, `root "example.com/other/..." is not in module example.com/roots, whose packages this file configures, so it matches none of them; a file configures the packages of its own module only: put this root in the .ctxbound.json of the module that holds it, or remove it`},
		// A tree relative to the module: the suggestion keeps the /....
		{`["cmd/..."]`, `write the full import path, example.com/roots/cmd/...`},
		{`["example.com/roots/cmd/..."]`, ""},
		{`["example.com/roots"]`, ""},
	} {
		dir := t.TempDir()
		for name, src := range map[string]string{
			"go.mod":                      "module example.com/roots\n\ngo 1.26\n",
			config.FileName:               `{"roots": ` + c.roots + `}`,
			"cmd/tool/t.go":               "package tool\n",
			filepath.Join("cmd", "x.txt"): "",
		} {
			p := filepath.Join(dir, name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		cfg := &packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Dir: dir, Env: append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")}
		pkgs, err := packages.Load(cfg, "./...")
		if err != nil || packages.PrintErrors(pkgs) > 0 {
			t.Fatalf("load: %v", err)
		}
		g, err := checker.Analyze([]*analysis.Analyzer{config.Analyzer}, pkgs, nil)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if err := g.Roots[0].Err; err != nil {
			got = err.Error()
		}
		switch {
		case c.err == "" && got != "":
			t.Errorf("roots %s: %s", c.roots, got)
		case c.err != "" && (!strings.Contains(got, c.err) || !strings.Contains(got, config.FileName)):
			t.Errorf("roots %s: error %q, want one naming the file and containing %q", c.roots, got, c.err)
		}
	}
}
