package driver

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
)

// buildInfo is what the binary says of its own build: the main module's
// path and version ("(devel)" for a build from a checkout, "v0.3.0" for
// go install ...@v0.3.0) and the VCS revision the go command stamped
// (a build from a git checkout; none with -buildvcs=false, from a module
// zip, or in a git worktree, which go does not stamp).
type buildInfo struct {
	path, version     string
	revision, time    string
	modified, stamped bool
	goVersion, osArch string
}

func readBuildInfo() buildInfo {
	b := buildInfo{version: "(unknown)", goVersion: runtime.Version(), osArch: runtime.GOOS + "/" + runtime.GOARCH}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return b
	}
	b.path, b.version = info.Main.Path, info.Main.Version
	if b.version == "" {
		b.version = "(devel)"
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			b.revision, b.stamped = s.Value, true
		case "vcs.time":
			b.time = s.Value
		case "vcs.modified":
			b.modified = s.Value == "true"
		}
	}
	return b
}

// printVersion is `ctxbound version`, of the build b describes.
func printVersion(w io.Writer, prog string, b buildInfo) {
	fmt.Fprintf(w, "%s version %s", prog, b.version)
	if b.path != "" {
		fmt.Fprintf(w, " (%s)", b.path)
	}
	fmt.Fprintln(w)
	if b.stamped {
		var extra []string
		if b.time != "" {
			extra = append(extra, b.time)
		}
		if b.modified {
			extra = append(extra, "with uncommitted changes")
		}
		fmt.Fprintf(w, "revision %s", b.revision)
		if len(extra) > 0 {
			fmt.Fprintf(w, " (%s)", strings.Join(extra, ", "))
		}
		fmt.Fprintln(w)
	} else {
		fmt.Fprintln(w, "revision unknown: the binary has no VCS stamp (built with -buildvcs=false, from a module zip, or in a git worktree)")
	}
	fmt.Fprintf(w, "built with %s %s\n", b.goVersion, b.osArch)
}

// printVetVersion answers go vet's -V=full: "<prog> version devel <what
// the build says> buildID=<hash>". go vet keys its cache of the tool's
// results on the content ID after buildID= when the third word is devel,
// so the hash must change whenever the results may: it hashes the
// executable, and extra (the configuration files go vet's packages read,
// which go vet does not know of: vetconfig.go).
func printVetVersion(w io.Writer, prog string, extra []byte) error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	f, err := os.Open(exe)
	if err != nil {
		return err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return err
	}
	h.Write(extra)
	b := readBuildInfo()
	rev := "norevision"
	if b.stamped {
		rev = "revision=" + b.revision
		if b.modified {
			rev += "+modified"
		}
	}
	_, err = fmt.Fprintf(w, "%s version devel %s %s buildID=%x\n", prog, strings.ReplaceAll(b.version, " ", "_"), rev, h.Sum(nil))
	return err
}
