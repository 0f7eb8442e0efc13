package negative

import "testing"

// Test setup that writes the map in place does not make a writer.
func TestSetup(t *testing.T) {
	s := NewServer()
	s.subs[0] = "x"
}
