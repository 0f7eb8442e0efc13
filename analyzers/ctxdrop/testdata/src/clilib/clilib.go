// Package clilib defines commands that another package runs, out of sight:
// whether they get a context is not known here, and nothing is reported.
package clilib

import (
	"context"

	"github.com/spf13/cobra"
)

func query(ctx context.Context, q string) error { _ = ctx.Err(); return nil }

func NewSync() *cobra.Command {
	return &cobra.Command{
		Use: "sync",
		RunE: func(cmd *cobra.Command, args []string) error {
			return query(context.Background(), "sync")
		},
	}
}
