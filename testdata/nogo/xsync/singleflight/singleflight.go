// Package singleflight stubs golang.org/x/sync/singleflight: the built-in
// sharer, so that a wrapper of it has a Sharer fact.
package singleflight

type Group struct{}

func (g *Group) Do(key string, fn func() (any, error)) (any, error, bool) {
	v, err := fn()
	return v, err, false
}
