package main

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestFloor(t *testing.T) {
	for _, facts := range []bool{true, false} {
		a := Analyzer(facts)
		if err := analysis.Validate([]*analysis.Analyzer{a}); err != nil {
			t.Fatal(err)
		}
		if len(a.Requires) != 0 || a.ResultType != nil {
			t.Errorf("floor(facts=%v) requires %v, result %v: the floor must depend on nothing", facts, a.Requires, a.ResultType)
		}
		if got := len(a.FactTypes) > 0; got != facts {
			t.Errorf("floor(facts=%v) declares fact types %v", facts, a.FactTypes)
		}
		// Silent on a package the suite reports (analysistest fails on any
		// diagnostic without a // want comment), and exports no fact.
		for _, r := range analysistest.Run(t, analysistest.TestData(), a, "a") {
			if len(r.Facts) != 0 {
				t.Errorf("floor(facts=%v) exported facts %v", facts, r.Facts)
			}
		}
	}
}
