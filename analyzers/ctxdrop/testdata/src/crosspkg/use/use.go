// Package use reports through facts of package dep.
package use

import (
	"context"

	"crosspkg/dep"
)

func put(ctx context.Context, key string) {}

func handler(ctx context.Context) {
	dep.Store("a")            // want `call of dep.Store drops the caller's context: dep.Store makes its own root context \(context.Background\)`
	dep.StoreAll(nil)         // want `call of dep.StoreAll drops the caller's context: dep.StoreAll makes its own root context \(through dep.Store: context.Background\)`
	put(dep.Background(), "") // want `call of put passes a root context \(dep.Background, which returns context.TODO\)`
	dep.Start()
}
