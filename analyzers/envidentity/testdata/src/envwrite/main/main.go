// Package main's main and init are roots.
package main

import "os"

func init() { os.Setenv("LC_ALL", "C") }

func main() {
	os.Unsetenv("HTTP_PROXY")
	helper()
}

func helper() {
	os.Setenv("TZ", "UTC") // want `^os\.Setenv changes TZ of the whole process outside a root`
	os.Clearenv()          // want `^os\.Clearenv erases the whole process environment outside a root: every concurrent session and every child process loses it; give the child its own exec\.Cmd\.Env instead$`
}
