// Package selfuse copies another package's self-bound value.
package selfuse

import "crosspkg/selfdep"

func WithTimeout(c *selfdep.Client, d int) *selfdep.Client {
	cp := *c // want `cp, a copy of Client, keeps Retry bound to the original \(its retry method\)`
	cp.Timeout = d
	return &cp
}
