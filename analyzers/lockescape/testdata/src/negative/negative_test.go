package negative

import "testing"

// Test setup that writes the map in place does not make a writer.
func TestSetup(t *testing.T) {
	s := NewServer()
	s.subs[0] = "x"
}

// Test code runs one scenario at a time: not reported.
func TestRange(t *testing.T) {
	s := NewServer()
	s.mu.RLock()
	peers := s.peers
	s.mu.RUnlock()
	for range peers {
	}
}
