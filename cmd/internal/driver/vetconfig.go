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
// directory (found from its go.mod; the working directory when there is
// none), by name and content. go vet caches a tool's result by the tool's
// ID, the package's files and the flags, and knows nothing of these
// files; the tool's -V=full answer mixes this hash into its ID, so a
// changed, added or removed configuration re-runs the tool instead of
// replaying what the old configuration found (issue 21, repro 8).
//
// The walk skips what the go command skips (directories starting with .
// or _) and costs a directory listing per folder of the module, once per
// go vet command.
func vetConfigHash(dir string) []byte {
	root := dir
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			root = d
			break
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	h := sha256.New()
	fmt.Fprintf(h, "ctxbound vet config %q\n", root)
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
		if d.Name() != config.FileName {
			return nil
		}
		data, err := os.ReadFile(path) // through a link, as the config pass reads it
		fmt.Fprintf(h, "file %q %d %v\n", path, len(data), err)
		h.Write(data)
		return nil
	})
	return h.Sum(nil)
}
