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
	text, ok := lineCommentDoc(src)
	if !ok {
		f, err := parser.ParseFile(token.NewFileSet(), "doc.go", src, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			return "", err
		}
		if f.Doc == nil {
			return "", fmt.Errorf("doc.go of %s has no package comment", name)
		}
		text = f.Doc.Text()
	}
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

// lineCommentDoc returns the package comment of src as go/ast's
// CommentGroup.Text gives it, for the usual shape of a doc.go: the file
// opens with a run of // lines that the package clause follows at once,
// without directives, block comments or carriage returns. ok is false
// for any other shape, which go/parser then reads. Every check's Doc is
// extracted when the suite starts, and go vet starts the suite once per
// package: parsing doc.go there cost more than all the other package
// initialisation of the suite.
func lineCommentDoc(src string) (text string, ok bool) {
	var lines []string
	for rest := src; ; {
		line, after, found := strings.Cut(rest, "\n")
		if !found || strings.ContainsAny(line, "\r") {
			return "", false
		}
		if strings.HasPrefix(line, "package ") {
			break
		}
		c, isComment := strings.CutPrefix(line, "//")
		if !isComment {
			return "", false // a blank line, code or a block comment
		}
		if c != "" && ('a' <= c[0] && c[0] <= 'z' || '0' <= c[0] && c[0] <= '9') {
			return "", false // perhaps a directive (//go:build, //line)
		}
		lines = append(lines, strings.TrimRight(strings.TrimPrefix(c, " "), " \t"))
		rest = after
	}
	if len(lines) == 0 {
		return "", false
	}
	// As CommentGroup.Text: no leading blank lines, one blank line for a
	// run of them, one newline at the end.
	n := 0
	for _, l := range lines {
		if l != "" || n > 0 && lines[n-1] != "" {
			lines[n] = l
			n++
		}
	}
	lines = lines[:n]
	if n > 0 && lines[n-1] != "" {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n"), true
}
