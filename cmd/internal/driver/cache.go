package driver

// The persistent cache: facts and serialized findings of each package,
// keyed by content, in a directory managed by honnef.co/go/tools'
// lintcmd/cache (a copy of the go command's build cache: content-addressed
// files written once, safe for concurrent processes on one machine,
// entries unused for five days trimmed).
//
// Three keys per package, each a hash of everything its value depends on:
//
//	source key   the package's identity (ID, path, name, module, go
//	             version, GOOS/GOARCH, sizes), the name and content of each
//	             of its files (compiled Go files, other and ignored files),
//	             and the source keys of its imports;
//	facts key    the ctxbound build (its executable's build ID), the source
//	             key, the configuration file that applies to the package
//	             (name and content), the fact passes and their flags, and
//	             the facts of its imports (a hash of each import's facts
//	             and, transitively, of theirs);
//	results key  the facts key, and every analyzer that runs on a root
//	             package with its flags.
//
// The facts key maps to the package's encoded facts (the cache names the
// entry by the hash of its content, which is what importers' keys use),
// the results key to its findings. A changed file changes its package's
// keys and those of its importers; a changed configuration or fact-pass
// flag the facts and results of the packages it applies to; a changed
// check flag only results. Nothing is cached of a package whose analysis
// failed: its error is shown again on every run.
//
// Every entry is verified before it is decoded: its bytes must hash to
// the output ID the cache recorded when it wrote them (cache.GetBytes). A
// bad entry (a byte flipped on disk, a file cut short) is a miss: the
// package is analyzed again and the entry rewritten.

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"honnef.co/go/tools/go/buildid"
	"honnef.co/go/tools/lintcmd/cache"
)

// cacheFormat changes when what the cache holds changes shape.
const cacheFormat = "ctxbound cache v2"

// cacheEnv names the cache directory, or "off".
const cacheEnv = "CTXBOUND_CACHE"

// cacheDir resolves the cache setting: the -cache flag if set, else
// $CTXBOUND_CACHE, else ctxbound under the user cache directory. It
// returns "" when the cache is off.
func cacheDir(flagValue string) (string, error) {
	v, from := flagValue, "-cache"
	if v == "" {
		v, from = os.Getenv(cacheEnv), cacheEnv
	}
	switch v {
	case "off":
		return "", nil
	case "":
		dir, err := os.UserCacheDir()
		if err != nil {
			return "", fmt.Errorf("no user cache directory (%v): set %s to a directory, or to off", err, cacheEnv)
		}
		return filepath.Join(dir, "ctxbound"), nil
	}
	if !filepath.IsAbs(v) {
		return "", fmt.Errorf("%s=%s: want an absolute directory, or off", from, v)
	}
	return v, nil
}

// openCache opens (creating it) the cache in dir.
func openCache(dir string) (*cache.DiskCache, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	readme := filepath.Join(dir, "README")
	if _, err := os.Stat(readme); err != nil {
		// Best effort, as the go command does for its cache.
		os.WriteFile(readme, []byte("This directory holds the cache of ctxbound (facts and findings by package).\nIt is safe to delete; ctxbound -cache=off does not use it.\n"), 0o666)
	}
	return cache.Open(dir)
}

// toolID identifies the running ctxbound build: its executable's Go build
// ID, or the hash of the executable when it has none.
func toolID() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	if id, err := buildid.ReadFile(exe); err == nil && id != "" {
		return "buildid " + id, nil
	}
	h, err := cache.FileHash(exe)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("sha256 %x", h), nil
}

// analyzersDesc describes a set of analyzers with their flag values, for a
// key: a changed flag changes it.
func analyzersDesc(list []*analysis.Analyzer, reporting map[*analysis.Analyzer]bool) string {
	var lines []string
	for _, a := range list {
		var b strings.Builder
		b.WriteString(a.Name)
		if reporting[a] {
			b.WriteString(" (reports)")
		}
		a.Flags.VisitAll(func(f *flag.Flag) { fmt.Fprintf(&b, " -%s=%q", f.Name, f.Value.String()) })
		lines = append(lines, b.String())
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

func sha256Sum(data []byte) [32]byte { return sha256.Sum256(data) }

// readCacheFile reads the cache entry of id, checking its content hash.
func readCacheFile(c *cache.DiskCache, id cache.ActionID) ([]byte, error) {
	if c == nil {
		return nil, errors.New("no cache")
	}
	data, _, err := cache.GetBytes(c, id)
	return data, err
}

// encodeFindings and decodeFindings are the results entry of a package.
func encodeFindings(fs []Finding) ([]byte, error) {
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(fs); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func decodeFindings(data []byte) ([]Finding, error) {
	var fs []Finding
	err := gob.NewDecoder(bytes.NewReader(data)).Decode(&fs)
	return fs, err
}

// platform is what of the environment shapes a type-check beyond the
// files: go/types sizes follow GOARCH.
func platform() string {
	return fmt.Sprintf("%s/%s %s GOOS=%s GOARCH=%s", runtime.GOOS, runtime.GOARCH, runtime.Version(), os.Getenv("GOOS"), os.Getenv("GOARCH"))
}
