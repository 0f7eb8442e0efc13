package slots_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/slots"
)

// Each n++ says, in its comment, whether a critical section holds it:
// "held", "read" (an RLock or TryRLock) or "free".
const sectionsSrc = `package p

import "sync"

type T struct {
	mu sync.Mutex
	rw sync.RWMutex
	n  int
}

func (t *T) lock() {
	t.n++ // free
	t.mu.Lock()
	t.n++ // held
	t.mu.Unlock()
	t.n++ // free
}

func (t *T) try() {
	if t.mu.TryLock() {
		t.n++ // held
		t.mu.Unlock()
		t.n++ // free
	}
	t.n++ // free
	if t.n > 0 && t.rw.TryRLock() {
		defer t.rw.RUnlock()
		t.n++ // read
	} else {
		t.n++ // free
	}
}

func (t *T) tryOrLeave() bool {
	if !t.mu.TryLock() {
		t.n++ // free
		return false
	}
	t.n++ // held
	t.mu.Unlock()
	t.n++ // free
	for {
		if !t.rw.TryLock() {
			continue
		}
		t.n++ // held
	}
}

func (t *T) tryAndStay() {
	if !t.mu.TryLock() {
		t.n++ // free
	}
	t.n++ // free: the if does not leave when TryLock fails
	if !t.mu.TryLock() {
		return
	} else {
		t.n++ // free: an else is not followed
	}
	t.n++ // free
	if ok := t.mu.TryLock(); !ok {
		return
	}
	t.n++ // free: only a TryLock in the condition itself counts
}
`

// TestSections: the sections of Lock and of a TryLock an if tests.
func TestSections(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", sectionsSrc, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
		Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("example.com/p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	want := map[int]string{} // line of each n++ -> its comment's first word
	for _, cg := range f.Comments {
		line := fset.Position(cg.Pos()).Line
		word, _, _ := strings.Cut(strings.TrimSpace(strings.TrimPrefix(cg.List[0].Text, "//")), ":")
		want[line] = strings.Fields(word)[0]
	}
	k := lintkit.NewKeyer(info)
	checked := 0
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		secs := slots.Sections(info, k, fd.Body)
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			inc, ok := n.(*ast.IncDecStmt)
			if !ok {
				return true
			}
			line := fset.Position(inc.Pos()).Line
			got := "free"
			for _, s := range secs {
				if s.Contains(inc.Pos()) {
					got = "held"
					if s.Read {
						got = "read"
					}
				}
			}
			if got != want[line] {
				t.Errorf("%s line %d: %s, want %s", fd.Name.Name, line, got, want[line])
			}
			checked++
			return true
		})
	}
	if checked != 17 {
		t.Errorf("checked %d increments, want 17", checked)
	}
}
