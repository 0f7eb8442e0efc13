package spawnctx_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// TestGroupFixesCompile type-checks the groupfix package once per section
// of each golden file, the section in place of its file: a suggested fix
// must compile wherever it is offered (g stays a pointer, no variable or
// import is left unused, the bound name is declared and used).
func TestGroupFixesCompile(t *testing.T) {
	dir := filepath.Join("testdata", "src", "groupfix")
	sources, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(sources) == 0 {
		t.Fatalf("no sources in %s: %v", dir, err)
	}
	goldens, _ := filepath.Glob(filepath.Join(dir, "*.go.golden"))
	if len(goldens) == 0 {
		t.Fatal("no golden files")
	}
	imp := &stubImporter{fallback: importer.Default(), stubs: filepath.Join("testdata", "src"), done: map[string]*types.Package{}}
	for _, golden := range goldens {
		ar, err := txtar.ParseFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		fixed := strings.TrimSuffix(golden, ".golden")
		for _, section := range ar.Files {
			files := map[string][]byte{}
			for _, src := range sources {
				data, err := os.ReadFile(src)
				if err != nil {
					t.Fatal(err)
				}
				files[src] = data
			}
			files[fixed] = section.Data
			if err := check(imp, files); err != nil {
				t.Errorf("%s, section %q does not compile: %v", golden, section.Name, err)
			}
		}
	}
}

// check type-checks one package made of files, reporting the first error.
func check(imp types.Importer, files map[string][]byte) error {
	fset := token.NewFileSet()
	var parsed []*ast.File
	for name, data := range files {
		f, err := parser.ParseFile(fset, name, data, 0)
		if err != nil {
			return err
		}
		parsed = append(parsed, f)
	}
	conf := types.Config{Importer: imp}
	_, err := conf.Check("groupfix", fset, parsed, nil)
	return err
}

// stubImporter imports the stubs under testdata/src from source and every
// other package (the standard library) from export data.
type stubImporter struct {
	fallback types.Importer
	stubs    string
	done     map[string]*types.Package
}

func (s *stubImporter) Import(path string) (*types.Package, error) {
	if p, ok := s.done[path]; ok {
		return p, nil
	}
	dir := filepath.Join(s.stubs, filepath.FromSlash(path))
	if _, err := os.Stat(dir); err != nil {
		return s.fallback.Import(path)
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	fset := token.NewFileSet()
	var files []*ast.File
	for _, n := range names {
		f, err := parser.ParseFile(fset, n, nil, 0)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	p, err := (&types.Config{Importer: s}).Check(path, fset, files, nil)
	if err != nil {
		return nil, err
	}
	s.done[path] = p
	return p, nil
}
