package driver

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/ctxbound/ctxbound/passes/config"
)

// vetConfigHash hashes every configuration file go vet's packages may
// read: each .ctxbound.json of the module that holds the working
// directory (found from its go.mod), by name and content; outside a module
// (GOPATH mode), those of the working directory and its parents, without
// walking a tree that may be a home directory. go vet caches a tool's result by the tool's
// ID, the package's files and the flags, and knows nothing of these
// files; the tool's -V=full answer mixes this hash into its ID, so a
// changed, added or removed configuration re-runs the tool instead of
// replaying what the old configuration found (issue 21, repro 8).
//
// The walk skips what the go command skips (directories starting with .
// or _) and costs a directory listing per folder of the module, once per
// go vet command.
func vetConfigHash(dir string) []byte {
	h := sha256.New()
	add := func(path string) {
		data, err := os.ReadFile(path) // through a link, as the config pass reads it
		fmt.Fprintf(h, "file %q %d %v\n", path, len(data), err)
		h.Write(data)
	}
	root := ""
	var chain []string // outside a module: the files of dir and its parents
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			root = d
			break
		}
		if _, err := os.Lstat(filepath.Join(d, config.FileName)); err == nil {
			chain = append(chain, filepath.Join(d, config.FileName))
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	fmt.Fprintf(h, "ctxbound vet config %q\n", root)
	if root == "" {
		for _, f := range chain {
			add(f)
		}
		return h.Sum(nil)
	}
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			fmt.Fprintf(h, "error %q\n", err)
			return nil
		}
		if d.IsDir() {
			if path != root && (strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() == config.FileName {
			add(path)
		}
		return nil
	})
	return h.Sum(nil)
}
