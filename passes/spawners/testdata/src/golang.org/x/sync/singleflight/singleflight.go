// Package singleflight stubs golang.org/x/sync/singleflight with the
// symbols the tests use.
package singleflight

type Group struct{}

type Result struct {
	Val    any
	Err    error
	Shared bool
}

func (g *Group) Do(key string, fn func() (any, error)) (v any, err error, shared bool) {
	v, err = fn()
	return v, err, false
}

func (g *Group) DoChan(key string, fn func() (any, error)) <-chan Result {
	ch := make(chan Result, 1)
	go func() { v, err := fn(); ch <- Result{v, err, false} }()
	return ch
}

func (g *Group) Forget(key string) {}
