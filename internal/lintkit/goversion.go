package lintkit

import (
	"go/token"
	"go/version"

	"golang.org/x/tools/go/analysis"
)

// GoVersionAtLeast reports whether the Go version of the file of pass that
// holds pos is at least v (a language version, "go1.21"): the version the
// type checker recorded for the file (types.Info.FileVersions: the
// module's go line, or a //go:build constraint of the file), else the
// package's. A fix that uses a standard library API newer than that
// version does not compile with the toolchains the module supports
// (context.WithoutCancel is go1.21), so it is offered only where this
// holds. An unknown version (a GOPATH build, a driver that records none)
// is not a reason to withhold a fix: true.
func GoVersionAtLeast(pass *analysis.Pass, pos token.Pos, v string) bool {
	fv := ""
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			if pass.TypesInfo != nil {
				fv = pass.TypesInfo.FileVersions[f]
			}
			break
		}
	}
	if fv == "" && pass.Pkg != nil {
		fv = pass.Pkg.GoVersion()
	}
	if !version.IsValid(fv) {
		return true
	}
	return version.Compare(version.Lang(fv), version.Lang(v)) >= 0
}
