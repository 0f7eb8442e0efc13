package analyzers_test

import (
	"bytes"
	"flag"
	"fmt"
	"go/doc/comment"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ctxbound/ctxbound/analyzers"
	"github.com/ctxbound/ctxbound/passes/directives"
)

var update = flag.Bool("update", false, "rewrite docs/checks.md")

// checksDoc renders docs/checks.md from the Doc of every check, which each
// check extracts from its doc.go: CLI help and the docs share one source.
func checksDoc() []byte {
	var b bytes.Buffer
	b.WriteString("# ctxbound checks\n\n")
	b.WriteString("<!-- Generated from each check's doc.go by `make docs`; do not edit. -->\n\n")
	b.WriteString("| check | reports |\n|---|---|\n")
	for _, a := range analyzers.Checks() {
		summary, _, _ := strings.Cut(a.Doc, "\n")
		fmt.Fprintf(&b, "| [%s](#%s) | %s |\n", a.Name, a.Name, summary)
	}
	b.WriteString("\nConfiguration: [config.md](config.md). Directives: [directives.md](directives.md).\n")
	var p comment.Parser
	pr := comment.Printer{HeadingLevel: 3}
	for _, a := range analyzers.Checks() {
		fmt.Fprintf(&b, "\n## %s\n\n", a.Name)
		b.Write(pr.Markdown(p.Parse(a.Doc)))
		var flags []string
		a.Flags.VisitAll(func(f *flag.Flag) { flags = append(flags, fmt.Sprintf("- `-%s.%s`: %s", a.Name, f.Name, f.Usage)) })
		if len(flags) > 0 {
			b.WriteString("\nFlags:\n\n" + strings.Join(flags, "\n") + "\n")
		}
	}
	return b.Bytes()
}

func TestChecksDoc(t *testing.T) {
	path := filepath.Join("..", "docs", "checks.md")
	want := checksDoc()
	if *update {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("docs/checks.md is stale: run make docs")
	}
}

// TestSuite keeps the suite list, the check names that directives accept
// and the docs in step.
func TestSuite(t *testing.T) {
	var names []string
	for _, a := range analyzers.Checks() {
		names = append(names, a.Name)
		if a.Doc == "" || strings.HasPrefix(a.Doc, a.Name+":") {
			t.Errorf("%s: Doc must be extracted from doc.go without the name prefix", a.Name)
		}
		if a.URL != "https://github.com/ctxbound/ctxbound/blob/main/docs/checks.md#"+a.Name {
			t.Errorf("%s: URL = %q", a.Name, a.URL)
		}
		if analyzers.ByName(a.Name) != a {
			t.Errorf("ByName(%q) does not find it", a.Name)
		}
	}
	slices.Sort(names)
	if !slices.Equal(names, directives.Checks()) {
		t.Errorf("directives.Checks() = %v, want the suite's checks %v", directives.Checks(), names)
	}
	if analyzers.ByName("nosuch") != nil {
		t.Error("ByName(nosuch) != nil")
	}
}
