package golangciplugin_test

import (
	"encoding/json"
	"io"
	"os/exec"
	"strings"
	"testing"

	"golang.org/x/mod/semver"
)

// The golangci-lint release the plugin is built into (.custom-gcl.yml,
// build.sh) and the golang.org/x/tools it requires.
const (
	gclModule  = "github.com/golangci/golangci-lint/v2"
	gclVersion = "v2.15.0"
	xtools     = "v0.52.0"
)

type goMod struct {
	Go      string
	Require []struct{ Path, Version string }
}

// modEditJSON reads a go.mod with go mod edit -json.
func modEditJSON(t *testing.T, file string) goMod {
	t.Helper()
	out, err := exec.Command("go", "mod", "edit", "-json", file).Output()
	if err != nil {
		t.Fatalf("go mod edit -json %s: %v", file, err)
	}
	var m goMod
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestPins enforces the pin rule: a plugin that needs a newer version of a
// module than golangci-lint requires upgrades it in the whole custom binary
// (minimal version selection), silently, for every linter in it. So every
// module the plugin builds with that golangci-lint v2.15.0 also requires
// must be at or below golangci-lint's version, golang.org/x/tools exactly
// v0.52.0, and the go directives at or below golangci-lint's.
func TestPins(t *testing.T) {
	out, err := exec.Command("go", "mod", "download", "-json", gclModule+"@"+gclVersion).Output()
	if err != nil {
		t.Skipf("go mod download %s@%s (needs the module proxy): %v", gclModule, gclVersion, err)
	}
	var dl struct{ GoMod string }
	if err := json.Unmarshal(out, &dl); err != nil || dl.GoMod == "" {
		t.Fatalf("go mod download -json: %v\n%s", err, out)
	}
	gcl := modEditJSON(t, dl.GoMod)
	gclReq := map[string]string{}
	for _, r := range gcl.Require {
		gclReq[r.Path] = r.Version
	}
	if gclReq["golang.org/x/tools"] != xtools {
		t.Fatalf("golangci-lint %s requires golang.org/x/tools %s, this test expects %s: update the pins together", gclVersion, gclReq["golang.org/x/tools"], xtools)
	}

	for _, file := range []string{"go.mod", "../go.mod"} {
		if g := modEditJSON(t, file).Go; semver.Compare("v"+g, "v"+gcl.Go) > 0 {
			t.Errorf("%s: go %s, above golangci-lint %s's go %s", file, g, gclVersion, gcl.Go)
		}
	}

	cmd := exec.Command("go", "list", "-m", "-json", "all")
	stdout, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -m all: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(stdout)))
	seen := 0
	for {
		var m struct {
			Path, Version string
			Main          bool
		}
		if err := dec.Decode(&m); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		if m.Path == "golang.org/x/tools" && m.Version != xtools {
			t.Errorf("golang.org/x/tools %s in the plugin's build list, want exactly %s", m.Version, xtools)
		}
		want, ok := gclReq[m.Path]
		if m.Main || !ok {
			continue
		}
		seen++
		if semver.Compare(m.Version, want) > 0 {
			t.Errorf("%s %s in the plugin's build list is above golangci-lint %s's %s: it would upgrade the whole custom binary", m.Path, m.Version, gclVersion, want)
		}
	}
	if seen == 0 {
		t.Error("no module shared with golangci-lint in the build list: the comparison compared nothing")
	}
}
