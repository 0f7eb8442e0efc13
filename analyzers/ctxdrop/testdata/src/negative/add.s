// add is declared in negative.go; the body is not assembled by the tests.
TEXT ·add(SB),$0-40
	RET
