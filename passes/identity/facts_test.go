package identity

import (
	"bytes"
	"encoding/gob"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
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
		t.Run(reflect.TypeOf(tc.fact).Elem().Name(), func(t *testing.T) {
			if got := tc.fact.(interface{ String() string }).String(); got != tc.str {
				t.Errorf("String() = %q, want %q", got, tc.str)
			}
			enc := func() []byte {
				var buf bytes.Buffer
				if err := gob.NewEncoder(&buf).Encode(tc.fact); err != nil {
					t.Fatal(err)
				}
				return buf.Bytes()
			}
			a, b := enc(), enc()
			if !bytes.Equal(a, b) {
				t.Errorf("encoding is not deterministic")
			}
			if len(a) > tc.max {
				t.Errorf("encoded size %d > cap %d", len(a), tc.max)
			}
			out := reflect.New(reflect.TypeOf(tc.fact).Elem()).Interface()
			if err := gob.NewDecoder(bytes.NewReader(a)).Decode(out); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(out, tc.fact) {
				t.Errorf("round trip: got %#v, want %#v", out, tc.fact)
			}
		})
	}
}

func TestOpString(t *testing.T) {
	for op, want := range map[Op]string{OpRead: "read", OpWrite: "write", OpClear: "clear", Op(9): "Op(9)"} {
		if got := op.String(); got != want {
			t.Errorf("%d.String() = %q, want %q", op, got, want)
		}
	}
}
