package spawners_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/spawners"
)

// TestInferred matches the inferred Spawner facts by their String().
func TestInferred(t *testing.T) {
	for _, res := range analysistest.Run(t, analysistest.TestData(), spawners.Analyzer, "wrappers", "queues", "queues/dep", "sharers", "repeaters", "repeaters/dep") {
		// The prefilter lets through every package the pass exports a fact for.
		lintkit.CheckPrefilter(t, spawners.Analyzer, res.Pass, res.Facts)
	}
}

// TestFacts checks the fact type: String, gob round-trip, deterministic
// bytes and a size cap.
func TestFacts(t *testing.T) {
	lintkit.CheckFact(t, &spawners.Spawner{Params: []int{0}, Carries: -1}, 96, "spawner(0)")
	lintkit.CheckFact(t, &spawners.Spawner{Params: []int{1, 2}, Carries: 0}, 96, "spawner(1,2) carries ctx 0")
	lintkit.CheckFact(t, &spawners.Spawner{Params: []int{0}, Carries: -1, Queue: true}, 96, "spawner(0) queued")
	lintkit.CheckFact(t, &spawners.Spawner{Params: []int{1}, Carries: 0, Queue: true}, 96, "spawner(1) queued carries ctx 0")
	lintkit.CheckFact(t, &spawners.Sharer{Param: 1}, 64, "sharer(1)")
	lintkit.CheckFact(t, &spawners.Repeater{Params: []int{0}}, 96, "repeats(0)")
	lintkit.CheckFact(t, &spawners.Repeater{Params: []int{0, 2}, Ignores: []int{2}}, 96, "repeats(0,2) ignoring results of (2)")
}
