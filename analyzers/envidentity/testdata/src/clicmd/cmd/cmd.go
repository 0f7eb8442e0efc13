// Package cmd is a program's command line on cobra (mailpit's layout:
// main calls cmd.Execute): its init and package-level initialisers run at
// the program's start, as package main's do, and may seed configuration
// from the environment.
package cmd

import (
	"os"

	"github.com/spf13/cobra"
)

var rootCmd = &cobra.Command{Use: "mail"}

var tenant = os.Getenv("MP_TENANT_ID")

var TenantID string

func init() {
	initConfigFromEnv()
}

// initConfigFromEnv is called only from init: the root's own code.
func initConfigFromEnv() {
	TenantID = os.Getenv("MP_TENANT_ID")
}

func Execute() error { return rootCmd.Execute() }

// Per-call code of the same package is no root: reported.
func Tenant() string {
	return os.Getenv("MP_TENANT_ID") // want `os.Getenv reads identity key MP_TENANT_ID`
}
