package lintkit

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"testing"
)

// TestLineCommentDoc: the fast reading of a doc.go gives what go/parser's
// CommentGroup.Text gives, on every doc.go of the suite and on the shapes
// it must leave to go/parser.
func TestLineCommentDoc(t *testing.T) {
	files, err := filepath.Glob("../../analyzers/*/doc.go")
	if err != nil || len(files) < 11 {
		t.Fatalf("doc.go files: %v, %v", files, err)
	}
	srcs := map[string]string{
		"tabs, blank runs, trailing space": "// Package x.\n//\n//\n//\tcode  \n// # Analyzer x\n//  two spaces\n//\npackage x\n",
		"leading blank comment lines":      "//\n//\n// Package x.\npackage x\n",
		"a directive":                      "//go:build linux\n// Package x.\npackage x\n",
		"a line directive":                 "//line a.go:1\n// Package x.\npackage x\n",
		"a blank line before package":      "// Package x.\n\npackage x\n",
		"a licence header first":           "// Copyright.\n\n// Package x.\npackage x\n",
		"a block comment":                  "/* Package x. */\npackage x\n",
		"carriage returns":                 "// Package x.\r\n// More.\r\npackage x\r\n",
		"no comment":                       "package x\n",
	}
	fast := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs[f] = string(b)
	}
	for name, src := range srcs {
		f, err := parser.ParseFile(token.NewFileSet(), "doc.go", src, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := ""
		if f.Doc != nil {
			want = f.Doc.Text()
		}
		got, ok := lineCommentDoc(src)
		if !ok {
			continue // left to go/parser
		}
		fast++
		if got != want {
			t.Errorf("%s: lineCommentDoc = %q, want %q", name, got, want)
		}
	}
	if fast < len(files)+2 {
		t.Errorf("read without go/parser: %d of %d sources, want every doc.go of the suite and the two plain shapes", fast, len(srcs))
	}
}
