package fixtest

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/build"
	"go/types"
	"go/version"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
)

// The Go version that added each standard library API, read from the
// release's own record of it ($GOROOT/api/go1.N.txt), so that the harness
// sees a fix that uses an API newer than the file's Go version (a module
// with go 1.20 offered context.WithoutCancel, go1.21): such a fix compiles
// with this toolchain and not with the ones the module supports.
var (
	sinceOnce sync.Once
	since     map[string]string // "context.WithoutCancel", "sync.Map.Swap" -> "go1.21"
	sinceErr  error
)

var apiLine = regexp.MustCompile(`^pkg ([^ ,]+)(?: \([^)]*\))?, (func|const|var|type|method) (?:\(\*?([A-Za-z0-9_]+)(?:\[[^\]]*\])?\) )?([A-Za-z0-9_]+)(.*)$`)

func loadSince() {
	since = map[string]string{}
	files, err := filepath.Glob(filepath.Join(build.Default.GOROOT, "api", "go1*.txt"))
	if err != nil || len(files) == 0 {
		sinceErr = fmt.Errorf("no API files under %s/api: %v", build.Default.GOROOT, err)
		return
	}
	for _, name := range files {
		v := strings.TrimSuffix(filepath.Base(name), ".txt") // go1, go1.21
		f, err := os.Open(name)
		if err != nil {
			sinceErr = err
			return
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			m := apiLine.FindStringSubmatch(sc.Text())
			if m == nil {
				continue
			}
			pkg, kind, recv, name, rest := m[1], m[2], m[3], m[4], m[5]
			key := pkg + "." + name
			switch {
			case kind == "method":
				key = pkg + "." + recv + "." + name
			case kind == "type" && strings.HasPrefix(rest, " interface, "):
				// An interface's method: "type Curve interface, Add(...)".
				meth, _, _ := strings.Cut(strings.TrimPrefix(rest, " interface, "), "(")
				meth, _, _ = strings.Cut(meth, " ")
				key = pkg + "." + name + "." + meth
			case kind == "type" && strings.HasPrefix(rest, " struct, "):
				continue // a field: not looked up
			}
			if old, ok := since[key]; !ok || version.Compare(v, old) < 0 {
				since[key] = v
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			sinceErr = err
			return
		}
	}
}

// StdSince returns the Go version that added obj, an object of the
// standard library ("go1.21" for context.WithoutCancel), or "" when it is
// not one or is not recorded (a struct field, an unexported name).
func StdSince(obj types.Object) (string, error) {
	sinceOnce.Do(loadSince)
	if sinceErr != nil {
		return "", sinceErr
	}
	key, ok := apiKey(obj)
	if !ok {
		return "", nil
	}
	return since[key], nil
}

// apiKey is how $GOROOT/api names obj: "context.WithoutCancel",
// "sync.Map.Swap" (a method by its receiver's type name).
func apiKey(obj types.Object) (string, bool) {
	if obj == nil || obj.Pkg() == nil {
		return "", false
	}
	if fn, ok := obj.(*types.Func); ok {
		if recv := fn.Origin().Signature().Recv(); recv != nil {
			t := types.Unalias(recv.Type())
			if p, ok := t.(*types.Pointer); ok {
				t = types.Unalias(p.Elem())
			}
			n, ok := t.(*types.Named)
			if !ok {
				return "", false
			}
			return obj.Pkg().Path() + "." + n.Obj().Name() + "." + obj.Name(), true
		}
	} else if obj.Parent() != obj.Pkg().Scope() {
		return "", false // a field, a local
	}
	return obj.Pkg().Path() + "." + obj.Name(), true
}

// TooNew returns an error for each use, in files, of a standard library
// API added after the file's Go version (info.FileVersions).
func TooNew(info *types.Info, files []*ast.File) []error {
	var errs []error
	for _, f := range files {
		fv := info.FileVersions[f]
		if !version.IsValid(fv) {
			continue // unknown: a GOPATH tree
		}
		ast.Inspect(f, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			obj := info.Uses[id]
			if obj == nil || obj.Pkg() == nil || strings.Contains(strings.SplitN(obj.Pkg().Path(), "/", 2)[0], ".") {
				return true
			}
			v, err := StdSince(obj)
			if err != nil {
				errs = append(errs, err)
				return false
			}
			if v != "" && version.Compare(version.Lang(fv), v) < 0 {
				key, _ := apiKey(obj)
				name := obj.Pkg().Name() + strings.TrimPrefix(key, obj.Pkg().Path())
				errs = append(errs, fmt.Errorf("%s requires %s, and the file's Go version is %s", name, v, fv))
			}
			return true
		})
	}
	return errs
}
