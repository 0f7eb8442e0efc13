// Package fixprobe is where the unit test's fake analyzer reports a
// diagnostic with two alternative fixes.
package fixprobe

var answer = 1 // want "two alternatives"
