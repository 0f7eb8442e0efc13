package selfbound

import "testing"

// Test code: a copy of a self-bound value is not reported.
func TestCopy(t *testing.T) {
	c := NewConn()
	cp := *c
	_ = &cp
}
