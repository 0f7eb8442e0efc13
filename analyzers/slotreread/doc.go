// Package slotreread defines an Analyzer that reports ... (being built).
//
// # Analyzer slotreread
//
// slotreread: report two reads of one mutable run slot in one operation
//
// Not implemented yet.
package slotreread
