// Package main owns its process's environment: off by default.
package main

import "os"

func main() { configure() }

func configure() { os.Setenv("LC_ALL", "C") }
