package fixtest_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/fixtest"
)

func TestApply(t *testing.T) {
	src := []byte("\xef\xbb\xbfpackage p\r\n\r\nvar x = 1\r\n")
	got, err := fixtest.Apply(src, []fixtest.Edit{{Start: 24, End: 25, New: "2"}, {Start: 27, End: 27, New: "// end\r\n"}})
	if err != nil {
		t.Fatal(err)
	}
	if want := "\xef\xbb\xbfpackage p\r\n\r\nvar x = 2\r\n// end\r\n"; string(got) != want {
		t.Errorf("Apply = %q, want %q", got, want)
	}
	for _, bad := range [][]fixtest.Edit{
		{{Start: 5, End: 3}},
		{{Start: 0, End: 99}},
		{{Start: 6, End: 8}, {Start: 7, End: 9}},
	} {
		if _, err := fixtest.Apply(src, bad); err == nil {
			t.Errorf("Apply(%v): want an error", bad)
		}
	}
}

func TestResolve(t *testing.T) {
	fset := token.NewFileSet()
	tf := fset.AddFile("a.go", -1, 20)
	tf.SetLinesForContent([]byte("package p\n\nvar x=1\n"))
	p := func(off int) token.Pos { return tf.Pos(off) }
	edits, err := fixtest.Resolve(fset, &analysis.SuggestedFix{TextEdits: []analysis.TextEdit{
		{Pos: p(17), End: p(18), NewText: []byte("2")},
		{Pos: p(0), NewText: []byte("// x\n")}, // End NoPos: an insertion
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(edits) != 2 || edits[0].Start != 0 || edits[0].End != 0 || edits[1].Start != 17 {
		t.Errorf("Resolve = %+v", edits)
	}
	for name, fix := range map[string][]analysis.TextEdit{
		"overlap":  {{Pos: p(1), End: p(5)}, {Pos: p(4), End: p(6)}},
		"reversed": {{Pos: p(5), End: p(1)}},
		"invalid":  {{Pos: token.NoPos}},
	} {
		if _, err := fixtest.Resolve(fset, &analysis.SuggestedFix{TextEdits: fix}); err == nil {
			t.Errorf("Resolve(%s): want an error", name)
		}
	}
}

func TestMerge(t *testing.T) {
	a := []fixtest.Edit{{File: "f", Start: 1, End: 3, New: "x"}}
	if m, ok := fixtest.Merge(a, []fixtest.Edit{{File: "f", Start: 1, End: 3, New: "x"}}); !ok || len(m) != 1 {
		t.Errorf("an equal edit: Merge = %v, %v; want it dropped", m, ok)
	}
	if _, ok := fixtest.Merge(a, []fixtest.Edit{{File: "f", Start: 2, End: 4, New: "y"}}); ok {
		t.Error("an overlapping edit: want a conflict")
	}
	if m, ok := fixtest.Merge(a, []fixtest.Edit{{File: "g", Start: 2, End: 4}, {File: "f", Start: 3, End: 3}}); !ok || len(m) != 3 {
		t.Errorf("disjoint edits: Merge = %v, %v", m, ok)
	}
	ins := []fixtest.Edit{{File: "f", Start: 5, End: 5, New: "a"}}
	if _, ok := fixtest.Merge(ins, []fixtest.Edit{{File: "f", Start: 5, End: 5, New: "b"}}); ok {
		t.Error("two insertions at one offset: want a conflict")
	}
}

func TestEndings(t *testing.T) {
	for _, c := range []struct {
		orig, fixed, err string
	}{
		{"a\r\nb\r\n", "a\r\nx\r\nb\r\n", ""},
		{"a\nb\n", "a\nx\nb\n", ""},
		{"a\r\nb\n", "a\r\nx\nb\n", ""}, // mixed before: no promise
		{"a\r\nb\r\n", "a\r\nx\nb\r\n", "LF-only"},
		{"a\r\nb\r\n", "ax\r\r\nb\r\n", "lone CR"},
		{"\xef\xbb\xbfa\n", "x\xef\xbb\xbfa\n", "byte order mark"},
		{"\xef\xbb\xbfa\n", "\xef\xbb\xbfa\n\xef\xbb\xbf", "byte order marks"},
	} {
		err := fixtest.Endings([]byte(c.orig), []byte(c.fixed))
		switch {
		case c.err == "" && err != nil:
			t.Errorf("Endings(%q, %q) = %v, want nil", c.orig, c.fixed, err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("Endings(%q, %q) = %v, want an error about %s", c.orig, c.fixed, err, c.err)
		}
	}
}

func TestStdSince(t *testing.T) {
	src := `package p

import (
	"context"
	"sync"
)

func f(ctx context.Context, m *sync.Map) {
	_ = context.WithoutCancel(ctx)
	_ = context.Background()
	m.Swap(1, 2)
	var c context.Context = ctx
	_ = c.Done()
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		version string
		want    []string
	}{
		{"go1.19", []string{"context.WithoutCancel requires go1.21", "sync.Map.Swap requires go1.20"}},
		{"go1.20", []string{"context.WithoutCancel requires go1.21, and the file's Go version is go1.20"}},
		{"go1.21", nil},
		{"", nil}, // unknown: no promise
	} {
		info := &types.Info{Uses: map[*ast.Ident]types.Object{}, FileVersions: map[*ast.File]string{}}
		if _, err := (&types.Config{GoVersion: c.version, Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, e := range fixtest.TooNew(info, []*ast.File{f}) {
			got = append(got, e.Error())
		}
		if len(got) != len(c.want) {
			t.Errorf("%s: TooNew = %q, want %q", c.version, got, c.want)
			continue
		}
		for i := range got {
			if !strings.HasPrefix(got[i], c.want[i]) {
				t.Errorf("%s: TooNew[%d] = %q, want prefix %q", c.version, i, got[i], c.want[i])
			}
		}
	}
}
