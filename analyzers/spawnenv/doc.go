// Package spawnenv defines an Analyzer that reports ... (being built).
//
// # Analyzer spawnenv
//
// spawnenv: report child-process environments whose identity keys do not come from the context
//
// Not implemented yet.
package spawnenv
