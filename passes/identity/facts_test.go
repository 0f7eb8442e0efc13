package identity

import (
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// TestFactsGob checks every fact type: gob round trip, deterministic bytes
// and a size cap (facts travel through the build cache under go vet).
func TestFactsGob(t *testing.T) {
	for _, tc := range []struct {
		fact analysis.Fact
		max  int
		str  string
	}{
		{&Forwards{Params: []Param{{Index: 0, Op: OpRead, API: "os.Getenv"}, {Index: 2, Op: OpWrite, API: "os.Setenv"}}}, 200,
			"forwards key param 0 to os.Getenv, param 2 to os.Setenv"},
		{&EnvRead{Key: "AGENT_SESSION_KEY", Desc: `os.Getenv("AGENT_SESSION_KEY")`, Via: "sessionKey"}, 200,
			`reads identity key AGENT_SESSION_KEY: os.Getenv("AGENT_SESSION_KEY") via sessionKey`},
		{&PerRun{Desc: "ctx.Value", Via: "Session"}, 120, "returns a per-run value from ctx.Value via Session"},
		{&PerRun{Key: "TASK_ID", Desc: `os.Getenv("TASK_ID")`}, 150, `returns a per-run value from os.Getenv("TASK_ID")`},
	} {
		lintkit.CheckFact(t, tc.fact, tc.max, tc.str)
	}
}

func TestOpString(t *testing.T) {
	for op, want := range map[Op]string{OpRead: "read", OpWrite: "write", OpClear: "clear", Op(9): "Op(9)"} {
		if got := op.String(); got != want {
			t.Errorf("%d.String() = %q, want %q", op, got, want)
		}
	}
}
