package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// validate checks a SARIF log against the SARIF 2.1.0 JSON schema under
// testdata/sarif, formats asserted.
func validate(t *testing.T, log string) {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	sch, err := c.Compile(filepath.Join("..", "..", "testdata", "sarif", "sarif-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(log))
	if err != nil {
		t.Fatalf("SARIF output is not JSON: %v", err)
	}
	if err := sch.Validate(inst); err != nil {
		t.Errorf("SARIF output does not validate against the 2.1.0 schema: %v", err)
	}
}

// TestSARIFMultitool validates the SARIF of the suite with Microsoft's SARIF
// multitool (its own schema and rules, warnings included) when
// CTXBOUND_SARIF_MULTITOOL names its binary: `npm pack
// @microsoft/sarif-multitool-linux`, then package/Sarif.Multitool.
func TestSARIFMultitool(t *testing.T) {
	tool := os.Getenv("CTXBOUND_SARIF_MULTITOOL")
	if tool == "" {
		t.Skip("CTXBOUND_SARIF_MULTITOOL is not set")
	}
	bin := ctxboundBin(t)
	for _, mod := range []string{"vet", "broken", filepath.Join("sarif", "mod")} {
		dir := module(t, mod)
		stdout, _, _ := run(t, dir, bin, "-sarif", "./...")
		log := filepath.Join(dir, "ctxbound.sarif")
		if err := os.WriteFile(log, []byte(stdout), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(tool, "validate", "--level", "Error;Warning", log).CombinedOutput()
		if err != nil || strings.Contains(string(out), ": error ") || strings.Contains(string(out), ": warning ") {
			t.Errorf("%s: multitool validate: %v\n%s", mod, err, out)
		}
	}
}
