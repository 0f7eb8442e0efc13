// Package spawnctx defines an Analyzer that reports ... (being built).
//
// # Analyzer spawnctx
//
// spawnctx: report goroutines and spawned work that drop the caller's context
//
// Not implemented yet.
package spawnctx
