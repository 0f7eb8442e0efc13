// Package singleflight is a stub of golang.org/x/sync/singleflight with
// the symbols the tree uses.
package singleflight

type Result struct {
	Val    interface{}
	Err    error
	Shared bool
}

type Group struct{}

func (g *Group) Do(key string, fn func() (interface{}, error)) (v interface{}, err error, shared bool) {
	v, err = fn()
	return v, err, false
}
