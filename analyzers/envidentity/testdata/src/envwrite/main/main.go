// Package main's main and init are roots, and so is a helper only they
// call: it is their code, moved out of their bodies.
package main

import (
	"net/http"
	"os"
)

func init() { os.Setenv("LC_ALL", "C") }

func main() {
	os.Unsetenv("HTTP_PROXY")
	helper()
	http.HandleFunc("/", handle)
}

func helper() {
	os.Setenv("TZ", "UTC")
	os.Clearenv()
	setup()
}

// Called only from a helper of main: a root too.
func setup() { os.Setenv("GODEBUG", "x") }

// The twin: a function a request handler calls too runs in every session.
func handle(w http.ResponseWriter, r *http.Request) { configure() }

func configure() {
	os.Setenv("TZ", "UTC") // want `^os\.Setenv changes TZ of the whole process outside a root`
	os.Clearenv()          // want `^os\.Clearenv erases the whole process environment outside a root: every concurrent session and every child process loses it; give the child its own exec\.Cmd\.Env instead$`
}

func init() { configure() }
