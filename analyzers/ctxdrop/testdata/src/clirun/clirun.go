// Package clirun is a command line run by Execute: cobra gives every
// action context.Background, so an action is a root function, like main,
// and the roots it makes drop nothing.
package clirun

import (
	"context"

	"github.com/spf13/cobra"
)

func query(ctx context.Context, q string) error { _ = ctx.Err(); return nil }

var root = &cobra.Command{
	Use: "tool",
	RunE: func(cmd *cobra.Command, args []string) error {
		return query(context.Background(), "list")
	},
}

func sync(cmd *cobra.Command, args []string) error {
	return query(context.TODO(), "sync")
}

func Execute() error {
	root.AddCommand(&cobra.Command{Use: "sync", RunE: sync})
	return root.Execute()
}
