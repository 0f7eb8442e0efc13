// Package ctxcache defines an Analyzer that reports ... (being built).
//
// # Analyzer ctxcache
//
// ctxcache: report process-wide memos of per-run answers
//
// Not implemented yet.
package ctxcache
