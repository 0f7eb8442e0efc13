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

// CheckRootsInModule reports the roots of the configuration file file (c,
// as Load read it) that lie outside module modPath: the file configures
// the packages of that module only (Find stops at go.mod), so such a root
// matches nothing. Most often it is an import path written relative to the
// module ("cmd/tool"), and the error says the full one; a root that names
// another module ("example.com/other/...") belongs in that module's file.
// Drivers call it once per file, before any package is analyzed.
func CheckRootsInModule(file string, c *Config, modPath string) error {
	for _, r := range c.Roots {
		p := strings.TrimSuffix(r, "/...")
		if p == modPath || strings.HasPrefix(p, modPath+"/") {
			continue
		}
		first, _, _ := strings.Cut(p, "/")
		if strings.Contains(first, ".") {
			return fmt.Errorf("ctxbound config %s: root %q is not in module %s, whose packages this file configures, so it matches none of them; a file configures the packages of its own module only: put this root in the .ctxbound.json of the module that holds it, or remove it", file, r, modPath)
		}
		return fmt.Errorf("ctxbound config %s: root %q is not in module %s, whose packages this file configures, so it matches none of them; write the full import path, %s/%s", file, r, modPath, modPath, r)
	}
	return nil
}
