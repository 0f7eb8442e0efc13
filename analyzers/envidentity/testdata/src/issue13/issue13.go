// Package issue13 holds the envidentity cases that issue 13's reliability
// pass broke: a t.Setenv fix with a shadowed t and in a parallel test
// (repro 9), and a megabyte key quoted in full (repro 20).
package issue13

import "os"

const k0 = "X_"
const k1 = k0 + k0
const k2 = k1 + k1
const k3 = k2 + k2
const k4 = k3 + k3
const k5 = k4 + k4
const k6 = k5 + k5
const k7 = k6 + k6
const k8 = k7 + k7
const k9 = k8 + k8
const k10 = k9 + k9
const k11 = k10 + k10
const k12 = k11 + k11
const k13 = k12 + k12
const k14 = k13 + k13
const k15 = k14 + k14
const k16 = k15 + k15
const k17 = k16 + k16
const k18 = k17 + k17
const k19 = k18 + k18
const k20 = k19 + k19
const K = k20 + "SESSION_ID"

// Repro 20: the message quotes at most 80 bytes of the key, its head and
// its tail.
func F() string {
	return os.Getenv(K) // want `^os\.Getenv reads identity key X_X_X_X_X_X_X_X_X_X_X_X_X_X_X_X_X_X_X_\.\.\._X_X_X_X_X_X_X_X_X_X_X_X_X_X_SESSION_ID from the process environment outside a root`
}
