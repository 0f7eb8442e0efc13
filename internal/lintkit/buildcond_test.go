package lintkit

import (
	"go/parser"
	"go/token"
	"testing"
)

// TestConditional: files built under a constraint, by comment or by name,
// and their look-alikes that build everywhere.
func TestConditional(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      bool
	}{
		{"a.go", "package a\n", false},
		{"a.go", "//go:build linux\n\npackage a\n", true},
		{"a.go", "// +build linux\n\npackage a\n", true},
		{"a.go", "// Package a is about go:build lines.\npackage a\n", false},
		{"a.go", "package a\n\n//go:build linux\n", false}, // after the clause: not a constraint
		{"net_linux.go", "package a\n", true},
		{"cpu_arm64_test.go", "package a\n", true},
		{"zsys_linux_amd64.go", "package a\n", true},
		{"process_posix.go", "package a\n", false}, // posix is no GOOS: its constraint is in a comment
		{"linux.go", "package a\n", false},         // a name that is only an OS is not a suffix
		{"my_handler.go", "package a\n", false},
	} {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, c.name, c.src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		if got := Conditional(fset, f); got != c.want {
			t.Errorf("Conditional(%s, %q) = %v, want %v", c.name, c.src, got, c.want)
		}
	}
}
