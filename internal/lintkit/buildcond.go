package lintkit

import (
	"go/ast"
	"go/build/constraint"
	"go/token"
	"path/filepath"
	"strings"
)

// Conditional reports whether file f builds only under a condition: a
// //go:build (or // +build) constraint before its package clause, or a
// name whose suffix is an operating system or architecture
// (net_linux.go, cpu_arm64_test.go). What its functions do then holds for
// this build alone: another build has its own variant of them.
func Conditional(fset *token.FileSet, f *ast.File) bool {
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, c := range g.List {
			if constraint.IsGoBuild(c.Text) || constraint.IsPlusBuild(c.Text) {
				return true
			}
		}
	}
	name := strings.TrimSuffix(filepath.Base(fset.File(f.FileStart).Name()), ".go")
	name = strings.TrimSuffix(name, "_test")
	parts := strings.Split(name, "_")
	if len(parts) < 2 {
		return false
	}
	last := parts[len(parts)-1]
	return knownOS[last] || knownArch[last] || len(parts) >= 3 && knownOS[parts[len(parts)-2]] && knownArch[last]
}

// knownOS and knownArch are go/build's lists (syslist.go): a file name
// suffix of one of them is a build constraint.
var knownOS = setOf("aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd plan9 solaris wasip1 windows zos")

var knownArch = setOf("386 amd64 amd64p32 arm armbe arm64 arm64be loong64 mips mipsle mips64 mips64le mips64p32 mips64p32le ppc ppc64 ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm")

func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}
