package behave

import "testing"

func TestSwap(t *testing.T) {
	var g Gate
	g.slot.Store(&Run{ID: "a"})
	if got := g.Swap2(&Run{ID: "b"}); got != "a->b" {
		t.Fatal("Swap2", got)
	}
	if got := g.Swap4(&Run{ID: "c"}); got != "b->c" {
		t.Fatal("Swap4", got)
	}
	if got := g.Twice(); got != "c/c" {
		t.Fatal("Twice", got)
	}
	g.hook = func() { g.slot.Store(&Run{ID: "d"}) }
	if got := g.Hooked(); got != "c->d" {
		t.Fatal("Hooked", got)
	}
}
