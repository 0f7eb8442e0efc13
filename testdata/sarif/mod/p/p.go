// Package p has calls of mark after non-ASCII text on the same line.
package p

// mark is what the test analyzer reports calls of.
func mark(s string) string { return s }

// check is what the fix calls instead.
func check(s string) string { return s }

// Use calls mark.
func Use() string {
	s := "héllo 😀 wörld" + mark("x")
	return s + mark("plain")
}
