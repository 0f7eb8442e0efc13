// Package old is a module whose go line (1.20) predates
// context.WithoutCancel (go1.21): every finding below would be offered a
// fix that passes context.WithoutCancel(ctx) in a go1.21 module, and here
// it must not be (the fix compiles with this toolchain and not with the
// ones the module supports). TestGoVersionGate checks which fixes remain;
// the harness (TooNew) fails on any fix that uses it.
package old

import (
	"context"
	"time"

	"golang.org/x/sync/singleflight"
)

func use(ctx context.Context) error { return ctx.Err() }

// spawn: "pass ctx" stays, the detach alternative goes.
func spawn(ctx context.Context) {
	go func() {
		_ = use(context.Background())
	}()
}

// timed: work with a deadline of its own means to outlive the caller, so
// detach would be the only fix: none here.
func timed(ctx context.Context) {
	go func() {
		c, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_ = use(c)
	}()
}

// drop: "pass ctx" stays.
func drop(ctx context.Context) error {
	return use(context.TODO())
}

var group singleflight.Group

// shared: the only fix detaches the shared work: none here.
func shared(ctx context.Context, key string) error {
	_, err, _ := group.Do(key, func() (interface{}, error) {
		return nil, use(ctx)
	})
	return err
}
