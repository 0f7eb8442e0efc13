// Package main owns its process's environment: not reported by default
// (nor by envwrite's absence anywhere else).
package main

import "os"

func main() { configure() }

func configure() { os.Setenv("LC_ALL", "C") }
