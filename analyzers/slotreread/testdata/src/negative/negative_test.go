package negative

import "testing"

// Test code runs one scenario at a time: not reported.
func TestTwice(t *testing.T) {
	g := &Gate{}
	if g.slot.Load().ID != g.slot.Load().ID {
		t.Fatal("changed")
	}
}
