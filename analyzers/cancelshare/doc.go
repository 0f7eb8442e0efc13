// Package cancelshare defines an Analyzer that reports ... (being built).
//
// # Analyzer cancelshare
//
// cancelshare: report a cancel func copied from one owner into another
//
// Not implemented yet.
package cancelshare
