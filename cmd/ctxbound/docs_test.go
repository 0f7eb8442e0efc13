package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctxbound/ctxbound/analyzers"
)

var updateDocs = flag.Bool("update", false, "rewrite the generated parts of docs/integrations.md")

// The nogo deps list of docs/integrations.md is generated from the suite:
// every check, then passes/config (whose flags configure them).
const (
	nogoBegin = "    deps = [\n"
	nogoEnd   = "    ],\n"
	nogoLabel = "@com_github_ctxbound_ctxbound//"
)

func nogoDeps(t *testing.T) string {
	var b strings.Builder
	for _, a := range analyzers.Checks() {
		// Name = package = folder (STYLE.md §2; analyzers/suite_test.go).
		if _, err := os.Stat(filepath.Join("..", "..", "analyzers", a.Name)); err != nil {
			t.Fatalf("check %s has no folder analyzers/%s: %v", a.Name, a.Name, err)
		}
		b.WriteString("        \"" + nogoLabel + "analyzers/" + a.Name + "\",\n")
	}
	b.WriteString("        \"" + nogoLabel + "passes/config\",\n")
	return b.String()
}

// TestNogoDeps: the nogo deps list in docs/integrations.md names every
// check of the suite (make docs rewrites it).
func TestNogoDeps(t *testing.T) {
	file := filepath.Join("..", "..", "docs", "integrations.md")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	i := strings.Index(doc, "nogo(\n")
	if i < 0 {
		t.Fatal("docs/integrations.md has no nogo( rule")
	}
	b := strings.Index(doc[i:], nogoBegin)
	if b < 0 {
		t.Fatal("the nogo rule has no deps list")
	}
	start := i + b + len(nogoBegin)
	n := strings.Index(doc[start:], nogoEnd)
	if n < 0 {
		t.Fatal("the nogo deps list does not end")
	}
	want := nogoDeps(t)
	if got := doc[start : start+n]; got != want {
		if *updateDocs {
			if err := os.WriteFile(file, []byte(doc[:start]+want+doc[start+n:]), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("the nogo deps list in docs/integrations.md is stale (make docs rewrites it):\n%s\nwant:\n%s", got, want)
	}
}
