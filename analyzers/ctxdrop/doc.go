// Package ctxdrop defines an Analyzer that reports ... (being built).
//
// # Analyzer ctxdrop
//
// ctxdrop: report calls that pass a root context while the caller has a context
//
// Not implemented yet.
package ctxdrop
