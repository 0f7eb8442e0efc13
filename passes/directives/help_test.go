package directives

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHelp: every verb is in the text of ctxbound help directives and in
// docs/directives.md.
func TestHelp(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "directives.md"))
	if err != nil {
		t.Fatal(err)
	}
	for verb := range verbs {
		if !strings.Contains(Help, "\n\t"+verb+" ") {
			t.Errorf("Help does not describe %s", verb)
		}
		if !strings.Contains(string(doc), "| `"+verb) {
			t.Errorf("docs/directives.md does not list %s in its table", verb)
		}
	}
}
