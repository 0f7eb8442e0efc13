package lintkit

import (
	"fmt"
	"go/parser"
	"go/token"
	"strings"
)

// MustExtractDoc returns the documentation of analyzer name from the source
// of its doc.go (embedded with go:embed): the package comment from the line
// "# Analyzer <name>" on, without that heading and without the "<name>: "
// that starts the one-line summary (x/tools' convention). Unlike x/tools, the
// sections that follow (# Examples, # Directives, # Options) are kept: help
// and docs/checks.md show them. It panics when the heading is missing, so
// a check without docs does not build a working suite.
func MustExtractDoc(src, name string) string {
	doc, err := ExtractDoc(src, name)
	if err != nil {
		panic(err)
	}
	return doc
}

// ExtractDoc is MustExtractDoc with an error.
func ExtractDoc(src, name string) (string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", src, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return "", err
	}
	if f.Doc == nil {
		return "", fmt.Errorf("doc.go of %s has no package comment", name)
	}
	text := f.Doc.Text()
	heading := "# Analyzer " + name + "\n"
	_, rest, ok := strings.Cut(text, heading)
	if !ok {
		return "", fmt.Errorf("doc.go of %s has no %q heading", name, strings.TrimSpace(heading))
	}
	rest, ok = strings.CutPrefix(strings.TrimSpace(rest), name+": ")
	if !ok {
		return "", fmt.Errorf("doc.go of %s: the text after the heading must start with %q", name, name+": ")
	}
	return rest, nil
}
