// Package use reports through facts of package dep.
package use

import (
	"context"
	"time"

	"crosspkg/dep"
)

func put(ctx context.Context, key string) { _ = ctx.Err() }

func handler(ctx context.Context) {
	dep.Store("a")            // want `call of dep.Store drops the caller's context: dep.Store makes its own root context \(context.Background\)`
	dep.StoreAll(nil)         // want `call of dep.StoreAll drops the caller's context: dep.StoreAll makes its own root context \(through dep.Store: context.Background\)`
	put(dep.Background(), "") // want `call of put passes a root context \(dep.Background, which returns context.TODO\)`
	dep.Start()
}

// One foreign helper called from several functions of this package is
// one finding, at its first call: the fix is the helper's ctx parameter.
// The other calls are related positions.
func get(ctx context.Context) {
	dep.Flush() // want `call of dep.Flush drops the caller's context: dep.Flush makes its own root context \(context.Background\) while ctx is in scope`
}

func list(c context.Context) {
	dep.Flush()
	dep.Flush()
}

// A call silenced by a directive hands the finding to the next one.
func scan(ctx context.Context) {
	//ctxbound:ignore ctxdrop -- the sync is the process's, not the request's
	dep.Sync()
	put(ctx, "scan")
	dep.Sync() // want `call of dep.Sync drops the caller's context`
}

// Each call of a context-less variant is its own finding: the fix is at
// the call (call the variant with ctx).
func find(ctx context.Context) {
	dep.Lookup("a") // want `call of dep.Lookup drops the caller's context: dep.Lookup makes its own root context \(context.Background\) while ctx is in scope; call dep.LookupContext with ctx instead`
	dep.Lookup("b") // want `call of dep.Lookup drops the caller's context`
	dep.Resolve("c")
}

func serve(ctx context.Context, r *dep.Request) {
	c, cancel := context.WithTimeout(r.UserContext(), time.Second)
	defer cancel()
	put(c, "serve")
}

// A constructor whose root only reaches a log line is not the caller's to
// fix; a structured log line is.
func connect(ctx context.Context) *dep.Client {
	dep.Audit("connect") // want `call of dep.Audit drops the caller's context`
	return dep.NewClient("")
}

// In its own package a log-only root is reported, once, at the root.
type logger interface {
	Printf(ctx context.Context, format string, v ...any)
}

var lg logger

func note(msg string) {
	lg.Printf(context.TODO(), "note: %s", msg) // want `note makes its own root context \(context.TODO\) but is called with a context in scope from handle`
}

func handle(ctx context.Context) { note("handled") }

func report(ctx context.Context) {
	dep.Report("done") // want `call of dep.Report drops the caller's context`
}

// A later call silenced by a directive is not listed with the first
// (TestForeignHelperOnce).
func quiet(ctx context.Context) {
	//ctxbound:ignore ctxdrop -- flushed for the process on purpose
	dep.Flush()
}

// A root handed to another package's function that never mentions its
// context drops nothing; one handed to a function that uses it does.
func Convert(ctx context.Context, body string) error {
	if _, err := dep.Decode(context.Background(), body); err != nil {
		return err
	}
	return dep.Fetch(context.Background(), body) // want `call of dep.Fetch passes a root context \(context.Background\) while ctx is in scope`
}

// A chain of this package's helpers to another package's root is bounded
// as the other package's facts are: storeVia, which calls dep.Store, is
// blamed; storeViaVia, two helpers above the root, is not.
func storeVia(k string) { dep.Store(k) }

func storeViaVia(k string) { storeVia(k) }

func chained(ctx context.Context) {
	storeVia("a") // want `call of storeVia drops the caller's context: storeVia makes its own root context \(through dep.Store: context.Background\)`
	storeViaVia("b")
	dep.StoreDeep(nil) // the root is two helpers below it in dep: its implementation detail
}

// The unexported variant of another package is not this package's to call.
func opens(ctx context.Context) {
	dep.Open("a") // want `call of dep.Open drops the caller's context: dep.Open makes its own root context \(context.Background\) while ctx is in scope; give dep.Open a ctx parameter and pass ctx`
}
