package config

import (
	"fmt"
	"strings"
)

// checkRoot validates a roots entry: a package's import path, or a tree
// written path/... (the go command's pattern), never a directory, a glob
// or an empty string, which would silently match nothing.
func checkRoot(r string) error {
	p, tree := strings.CutSuffix(r, "/...")
	bad := func(why string) error {
		return fmt.Errorf("bad root %q: %s; write an import path (example.com/cmd/tool) or a tree (example.com/cmd/...)", r, why)
	}
	switch {
	case r == "":
		return bad("empty")
	case strings.HasPrefix(r, ".") || strings.HasPrefix(r, "/") || strings.Contains(r, `\`) || len(r) > 1 && r[1] == ':':
		return bad("a directory, not an import path")
	case strings.ContainsAny(p, "*?[]"):
		return bad("a glob, not an import path (a tree is path/...)")
	case strings.Contains(p, "..."):
		return bad(`... only ends a tree, as "/..."`)
	case p == "" && tree:
		return bad("a tree with no path")
	}
	for elem := range strings.SplitSeq(p, "/") {
		if elem == "" {
			return bad("an empty path element")
		}
		for _, c := range elem {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("-._~+", c)) {
				return bad(fmt.Sprintf("%q is not allowed in an import path", c))
			}
		}
	}
	return nil
}

// checkRootsInModule reports the roots of a configuration file that lie
// outside module modPath: the file configures the packages of that module
// only (Find stops at go.mod), so such a root matches nothing; most often it
// is an import path written relative to the module ("cmd/tool").
func checkRootsInModule(roots []string, modPath string) error {
	for _, r := range roots {
		p := strings.TrimSuffix(r, "/...")
		if p != modPath && !strings.HasPrefix(p, modPath+"/") {
			return fmt.Errorf("root %q is not in module %s, whose packages this file configures, so it matches none of them; write the full import path, %s/%s", r, modPath, modPath, p)
		}
	}
	return nil
}
