package lintkit

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
)

type nameFact struct{}

func (*nameFact) AFact() {}

type otherFact struct{}

func (*otherFact) AFact() {}

func TestUnit(t *testing.T) {
	u, err := ParseUnit("example.com/p", []string{"context"}, map[string][]string{"*lintkit.nameFact": {"Launch", "Run"}}, `package p
import "sync"
func F() { Launch() }`)
	if err != nil {
		t.Fatal(err)
	}
	if !u.Imports("sync") || u.Imports("context") || !u.Reaches("context") || !u.Reaches("sync") {
		t.Errorf("imports: sync %v context %v; reaches: context %v sync %v", u.Imports("sync"), u.Imports("context"), u.Reaches("context"), u.Reaches("sync"))
	}
	if !u.Mentions("Launch") || u.Mentions("Run") {
		t.Errorf("Mentions(Launch) = %v, Mentions(Run) = %v; want true, false", u.Mentions("Launch"), u.Mentions("Run"))
	}
	if !u.HasFacts(new(nameFact)) || u.HasFacts(new(otherFact)) {
		t.Errorf("HasFacts: %v, %v; want true, false", u.HasFacts(new(nameFact)), u.HasFacts(new(otherFact)))
	}
	if !u.MentionsFact(new(otherFact), new(nameFact)) || u.MentionsFact(new(otherFact)) {
		t.Errorf("MentionsFact: want true for nameFact (Launch), false for otherFact")
	}
	// Unknown facts: any name may carry one.
	u.Facts = func(analysis.Fact) (map[string]bool, bool) { return nil, true }
	if !u.HasFacts(new(otherFact)) || !u.MentionsFact(new(otherFact)) || u.FactNames(map[string]bool{}, new(otherFact)) {
		t.Errorf("unknown facts must let everything through")
	}
}

func TestPrefilterRegistry(t *testing.T) {
	a := &analysis.Analyzer{Name: "x"}
	if PrefilterOf(a) != nil {
		t.Fatal("a prefilter before one is set")
	}
	SetPrefilter(a, func(*Unit) bool { return true })
	if p := PrefilterOf(a); p == nil || !p(&Unit{}) {
		t.Error("the prefilter set is not the one returned")
	}
}

// TestShareSyntax: units that share syntax walk the files once, also when
// they are asked at once (the fact passes of a go vet unit run
// concurrently), and each keeps its own facts.
func TestShareSyntax(t *testing.T) {
	first, err := ParseUnit("example.com/p", nil, map[string][]string{"*lintkit.nameFact": {"Launch"}}, `package p
type T struct{}
func F() { Launch() }`)
	if err != nil {
		t.Fatal(err)
	}
	others := make([]*Unit, 8)
	for i := range others {
		others[i] = &Unit{Files: first.Files, Facts: func(analysis.Fact) (map[string]bool, bool) { return nil, false }}
		others[i].ShareSyntax(first)
	}
	done := make(chan bool)
	for _, u := range append(others, first) {
		go func() { done <- u.Mentions("Launch") && len(u.TypeSpecs()["T"]) == 1 }()
	}
	for range len(others) + 1 {
		if !<-done {
			t.Error("a unit sharing syntax does not see F's call of Launch, or type T")
		}
	}
	if s := first.syn.Load(); s == nil || others[0].syn.Load() != s {
		t.Error("the units do not share one walk of the files")
	}
	if !first.HasFacts(new(nameFact)) || others[0].HasFacts(new(nameFact)) {
		t.Error("sharing syntax shared the facts too")
	}
}

// TestUnitIndexes: the struct types and the field assignments of a unit,
// from its one walk: nested ones included, by position, per function.
func TestUnitIndexes(t *testing.T) {
	u, err := ParseUnit("example.com/p", nil, nil, `package p
type S struct{ in struct{ x int } }
func F(s *S) {
	s.in.x = 1
	v := s
	go func() { v.in = struct{ x int }{} }()
	n := 0
	n = 2
	_ = n
}`, `package p
func G(s *S) { type L struct{}; s.in.x, s.in.x = 3, 4 }`)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(u.StructTypes()); got != 4 {
		t.Errorf("StructTypes: %d, want 4 (S, its field in, the type of F's literal, L)", got)
	}
	for i, want := range []int{2, 1} {
		var body *ast.BlockStmt
		for _, d := range u.Files[i].Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				body = fd.Body
			}
		}
		if got := u.FieldAssigns(body.Pos(), body.End()); len(got) != want {
			t.Errorf("FieldAssigns of file %d's function: %d, want %d", i, len(got), want)
		}
	}
}
