package driver

// A cache that travels: nothing in a key or a cached finding names where
// the checkout, the build cache or the module cache lives, so that a cache
// restored in another directory, or on another machine (a CI runner),
// hits, and prints the new paths.
//
// Keys name a package's files relative to its directory (cmd/cgo's output,
// which lives in the build cache under a content hash, by base name), and
// its configuration file relative to it too; file contents, module paths
// and versions do the rest. Cached findings name files by a root and a
// path under it: the package's directory, its module's, GOROOT or the
// module cache, expanded again when they are read.

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"
)

// keyName is how a key names file, the i-th of its list, of the package
// whose directory is dir: relative to dir, or, for a file elsewhere (cmd/
// cgo's output, named in the build cache by a hash of its content, which
// holds the absolute paths of the user's files), by its place in the list.
func keyName(dir, file string, i int) string {
	if dir != "" {
		if rel, err := filepath.Rel(dir, file); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return filepath.ToSlash(rel)
		}
	}
	return elsewhere + strconv.Itoa(i)
}

// elsewhere starts the key name of a file outside its package's directory.
const elsewhere = "(elsewhere)/"

// pkgDir is the directory of p's files as the user wrote them.
func pkgDir(p *packages.Package) string {
	if len(p.GoFiles) > 0 {
		return filepath.Dir(p.GoFiles[0])
	}
	if len(p.CompiledGoFiles) > 0 {
		return filepath.Dir(p.CompiledGoFiles[0])
	}
	return ""
}

// A root is a directory that cached file names are relative to.
type root struct{ sym, dir string }

var (
	goEnvOnce sync.Once
	goEnv     struct{ GOROOT, GOMODCACHE string }
)

// roots are the directories a finding of p may name files under, the
// most specific first.
func roots(p *packages.Package) []root {
	goEnvOnce.Do(func() {
		out, err := exec.Command("go", "env", "-json", "GOROOT", "GOMODCACHE").Output()
		if err == nil {
			json.NewDecoder(bytes.NewReader(out)).Decode(&goEnv)
		}
	})
	var rs []root
	if d := pkgDir(p); d != "" {
		rs = append(rs, root{"$PKG", d})
	}
	if p.Module != nil && p.Module.Dir != "" {
		rs = append(rs, root{"$MODULE", p.Module.Dir})
	}
	if goEnv.GOMODCACHE != "" {
		rs = append(rs, root{"$GOMODCACHE", goEnv.GOMODCACHE})
	}
	if goEnv.GOROOT != "" {
		rs = append(rs, root{"$GOROOT", goEnv.GOROOT})
	}
	return rs
}

// portable names file by the first root it is under ("$PKG/a.go").
func portable(rs []root, file string) string {
	if !filepath.IsAbs(file) {
		return file
	}
	for _, r := range rs {
		if rel, err := filepath.Rel(r.dir, file); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return r.sym + "/" + filepath.ToSlash(rel)
		}
	}
	return file
}

// local is portable undone, with the roots of this run.
func local(rs []root, file string) string {
	for _, r := range rs {
		if rest, ok := strings.CutPrefix(file, r.sym+"/"); ok {
			return filepath.Join(r.dir, filepath.FromSlash(rest))
		}
	}
	return file
}

// relocate rewrites every file name of findings with f.
func relocate(findings []Finding, f func(string) string) []Finding {
	out := make([]Finding, len(findings))
	pos := func(p Position) Position {
		if p.Filename != "" {
			p.Filename = f(p.Filename)
		}
		if p.Raw.Filename != "" {
			p.Raw.Filename = f(p.Raw.Filename)
		}
		return p
	}
	for i, fd := range findings {
		fd.Pos, fd.End = pos(fd.Pos), pos(fd.End)
		fd.Related = append([]Related(nil), fd.Related...)
		for j := range fd.Related {
			fd.Related[j].Pos, fd.Related[j].End = pos(fd.Related[j].Pos), pos(fd.Related[j].End)
		}
		fd.Fixes = append([]Fix(nil), fd.Fixes...)
		for j := range fd.Fixes {
			edits := append([]Edit(nil), fd.Fixes[j].Edits...)
			for k := range edits {
				edits[k].File = f(edits[k].File)
				edits[k].Start.Filename = f(edits[k].Start.Filename)
				edits[k].End.Filename = f(edits[k].End.Filename)
			}
			fd.Fixes[j].Edits = edits
		}
		out[i] = fd
	}
	return out
}
