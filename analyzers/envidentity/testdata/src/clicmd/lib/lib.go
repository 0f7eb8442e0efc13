// Package lib is a library that builds a command in a function, not in a
// package-level variable: no command line of its own, and its init is
// no root.
package lib

import (
	"os"

	"github.com/spf13/cobra"
)

var tenant string

func init() {
	tenant = os.Getenv("MP_TENANT_ID") // want `os.Getenv reads identity key MP_TENANT_ID`
}

func NewCommand() *cobra.Command { return &cobra.Command{Use: "lib"} }
