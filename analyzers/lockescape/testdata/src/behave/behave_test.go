package behave

import "testing"

func TestBehave(t *testing.T) {
	s := New()
	s.Bump("a")
	if s.Get("a") != 1 {
		t.Fatal("Bump lost its write")
	}
	s.Fill(7)
	if s.items[3] != 7 {
		t.Fatal("Fill lost its writes")
	}
	if got := s.Sum(); got != 6 {
		t.Fatal("Sum", got)
	}
}
