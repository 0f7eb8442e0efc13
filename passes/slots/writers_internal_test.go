package slots

import "testing"

// TestAliases: a path of fields aliases every path it ends, a variable
// only itself and the paths of fields that end its own.
func TestAliases(t *testing.T) {
	const (
		first = "p.10.first"
		last  = "p.20.last"
		seq   = "p.30.seq"
		embed = "p.40.base"
		state = "p.50.state"
	)
	path := func(root string, fields ...string) string {
		s := root
		for _, f := range fields {
			s += sep + f
		}
		return s
	}
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{path("type", first, seq), path("type", first, seq), true},
		{path("type", first, seq), path("type", seq), true},                // p.seq through a *position
		{path("type", seq), path("type", last, seq), true},                 // either way round
		{path("type", first, seq), path("type", last, seq), false},         // two fields of one type
		{path("type", embed, state), path("type", state), true},            // a promoted field
		{path("var example.com/p.g", first, seq), path("type", seq), true}, // a variable's path, through a pointer
		{path("var example.com/p.g", first, seq), path("type", first), false},
		{path("var example.com/p.g", first, seq), path("var example.com/p.h", first, seq), false},
		{path("var example.com/p.g"), path("type", seq), false},
		{path("var example.com/p.g"), path("var example.com/p.g"), true},
	} {
		if got := aliases(c.a, c.b); got != c.want {
			t.Errorf("aliases(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
		if got := aliases(c.b, c.a); got != c.want {
			t.Errorf("aliases(%q, %q) = %v, want %v", c.b, c.a, got, c.want)
		}
	}
}
