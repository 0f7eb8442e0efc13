// Package scopedcopy defines an Analyzer that reports ... (being built).
//
// # Analyzer scopedcopy
//
// scopedcopy: report struct copies that carry a run-scoped field to a child or worker
//
// Not implemented yet.
package scopedcopy
