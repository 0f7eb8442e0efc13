package ctxscope_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/ctxscope"
)

// TestFacts checks every fact type: String, gob round-trip, deterministic
// bytes and a size cap.
func TestFacts(t *testing.T) {
	for _, tc := range []struct {
		fact analysis.Fact
		max  int
		str  string
	}{
		{&ctxscope.ReturnsRoot{What: "context.Background", At: "util.go:12"}, 128, "returns root context.Background at util.go:12"},
		{&ctxscope.MakesRoot{What: "context.TODO", At: "store.go:42", Module: "example.com/m"}, 288, "makes root context.TODO at store.go:42"},
		{&ctxscope.MakesRoot{What: "context.Background", At: "store.go:42", Module: "example.com/m",
			Via: []ctxscope.Step{{Pkg: "example.com/m/store", Name: "Store.flush", At: "store.go:40"}}}, 320,
			"makes root through store.Store.flush (store.go:40): context.Background at store.go:42"},
		{&ctxscope.MakesRoot{What: "context.Background", At: "sql.go:7", Module: "example.com/m", Compat: true}, 288,
			"makes root context.Background at sql.go:7 (the context-less variant)"},
		{&ctxscope.MakesRoot{What: "context.Background", At: "client.go:9", Module: "example.com/m", LogOnly: true, LogCalls: true}, 288,
			"makes root context.Background at client.go:9 (for log lines only)"},
		{&ctxscope.MakesRoot{What: "context.Background", At: "bits.go:146", Module: "example.com/m", LogCalls: true}, 288,
			"makes root context.Background at bits.go:146 (for log calls only)"},
		{&ctxscope.MakesRoot{What: "context.Background", At: "registry.go:12", Module: "example.com/m", ZeroParams: []int{0, 2}}, 320,
			"makes root context.Background at registry.go:12 when param 0, 2 is zero"},
		{&ctxscope.MakesRoot{What: "context.Background", At: "server.go:80", Module: "example.com/m", Loop: true,
			Via: []ctxscope.Step{{Pkg: "example.com/m", Name: "Server.handleRawConn", At: "server.go:70"}}}, 352,
			"makes root through m.Server.handleRawConn (server.go:70): context.Background at server.go:80 (a background loop)"},
		{&ctxscope.Detaches{Param: 1}, 64, "detaches ctx 1"},
		{&ctxscope.HandsBack{Result: 0}, 64, "hands back a context at result 0"},
		{&ctxscope.Keeps{Params: []int{0}}, 64, "keeps func param 0"},
		{&ctxscope.Ignores{Params: []int{0}}, 64, "ignores ctx param 0"},
		{&ctxscope.Ignores{Params: []int{0, 2}}, 64, "ignores ctx param 0, 2"},
		{&ctxscope.Keeps{Params: []int{1, 2}}, 64, "keeps func param 1, 2"},
		{&ctxscope.ReadsValues{Params: []int{0}}, 96, "reads values of ctx 0"},
		{&ctxscope.ReadsValues{Params: []int{0, 2}, Via: "trace.SpanFromContext"}, 128, "reads values of ctx 0, 2 through trace.SpanFromContext"},
	} {
		lintkit.CheckFact(t, tc.fact, tc.max, tc.str)
	}
}

func TestChain(t *testing.T) {
	f := &ctxscope.MakesRoot{What: "context.Background", At: "a.go:3",
		Via: []ctxscope.Step{{Pkg: "example.com/m/store", Name: "flush", At: "b.go:9"}}}
	if got, want := f.Chain(nil), "through store.flush: context.Background"; got != want {
		t.Errorf("Chain = %q, want %q", got, want)
	}
	if got, want := f.String(), "makes root through store.flush (b.go:9): context.Background at a.go:3"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
}
