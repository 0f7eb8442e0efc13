// Package envidentity defines an Analyzer that reports ... (being built).
//
// # Analyzer envidentity
//
// envidentity: report reads and writes of identity keys in the process environment outside a root
//
// Not implemented yet.
package envidentity
